import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { formatDate, isValidIsoDate, todayIso } from '../../domain/dates';
import { grupoYFactor, ResultadosData, validateResultados } from '../../domain/donacion';
import type { Historial } from '../persona/persona.service';
import {
  confirmadoPositivo,
  confirmaGrupo,
  grupoDiscordante,
  type ConfirmatorioData,
  type Marcador,
  type RepeticionData,
  type ResultadoMarcador,
  resultadosDeSerologia,
  resultadoTexto,
  serologiaDeResultados,
  serologiaRealizada,
  sinRealizar,
  type TamizajeData,
  validateConfirmatorio,
  validateRepeticion,
  validateTamizaje,
} from '../../domain/resultados';

import {
  cambioDeResultado,
  diferimientoDeDonacion,
  diferimientos,
  rechazoEtiquetas,
} from '../../domain/elegibilidad';
import { isNumeroEtiqueta, NUMERO_ETIQUETA_MAX, numerosDeEtiqueta } from '../../domain/etiquetas';
import { MSG } from '../../domain/messages';
import { validateMotivo } from '../../domain/no-apto';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { Page } from '../../graphql/pagination';
import { hydrate } from '../../database/hydrate';
import type { RunQuery } from '../../database/prepared';
import { audit, diff } from '../auditoria/audit';
import { citacionesPorResultados } from '../citacion/citacion.service';
import { vincularDonacion } from '../visita/visita.service';
import { descartarPorSerologia } from '../componente/componente.service';
import { abrirTrazabilidadPorDiferimiento, definitivaDe } from '../trazabilidad/trazabilidad.service';
import {
  anularLevantamientos,
  type ElegibilidadService,
  puedeDecidir,
  puedeDecidirReactivo,
  registrarLevantamiento,
} from '../elegibilidad/elegibilidad.service';
import { conConsultaRedAuditada, historialDe, lockPersona } from '../persona/persona.service';
import { type CreateDonacionData, createDonacionSteps, numeroEnUsoOr } from './donacion.create';
import { Donacion } from './donacion.entity';
import { restaurarDonacionSteps } from './donacion.restore';
import { guardarResultados, panelDe, resultadosDeDonaciones } from './donacion.resultados';
import {
  donacionColumns,
  donacionesDeDonante,
  type DonacionFilterData,
  DONACION_ORDEN_CAMPOS,
  type DonacionOrdenData,
  searchDonaciones,
} from './donacion.search';

export type { DonacionOrdenData };

export type { CreateDonacionData, DonacionFilterData };

/** The search's filter: numero and/or codigo (the number as typed or scanned, with or without its check character: numerosDeEtiqueta). */
export type DonacionSearchData = Omit<DonacionFilterData, 'numeros'> & { codigo?: string | null };

export type PageData = { offset?: number; limit?: number };
/** Whom a label number is issued for ('Generar Etiquetas' of a new donation); nobody when empty. */
export type EtiquetaParaData = { donanteId?: string | null; aferesis?: boolean | null };
export type UpdateResultadosResult = { donacion: Donacion; message: string };

/** The fields an audit entry records (vital signs flattened, no timestamps). */
function auditView(d: Donacion): Record<string, unknown> {
  // serologiaRealizada is derived from the results, which the entry records as 'resultados'.
  const { createdAt: _c, updatedAt: _u, deletedAt: _d, serologiaRealizada: _r, ...rest } = d;
  return rest;
}

/**
 * What a change of a donation's results is made of, worked out from the donation and its results
 * as they are under the lock: the donation's own fields, and the results after it (undefined:
 * unchanged).
 */
type CambioResultados = {
  changes: Partial<Donacion>;
  resultados?: ResultadoMarcador[];
  /** A screening repeated non-reactive in duplicate: what it clears is no one's decision. */
  repeticionNegativa?: boolean;
};

/** The audit entry's words for the markers whose results changed, before and after. */
function resultadosCambiados(
  antes: readonly ResultadoMarcador[],
  despues: readonly ResultadoMarcador[],
): Record<string, unknown> {
  const texto = (rs: readonly ResultadoMarcador[], m: Marcador) => {
    const r = rs.find((x) => x.marcador === m);
    return resultadoTexto(r ?? sinRealizar(m));
  };
  const marcadores = [...new Set([...antes, ...despues].map((r) => r.marcador))];
  const cambiados = marcadores.filter((m) => texto(antes, m) !== texto(despues, m));
  if (cambiados.length === 0) return {};
  return {
    resultados: [
      cambiados.map((m) => texto(antes, m)).join(' | '),
      cambiados.map((m) => texto(despues, m)).join(' | '),
    ],
  };
}

/**
 * A blood group typed (or changed) on a donation, against the person's earlier donations here and
 * at the other members: when it differs, it is saved only with a doctor's or a technician's
 * confirmation and reason, and the donation is flagged until a repeat typing confirms one value
 * (registrarRetipificacion). Of another member's donation the refusal names only the servicio and
 * the date, never its group.
 */
function grupoContraHistorial(
  auth: AuthUser,
  before: Donacion,
  changes: Partial<Donacion>,
  historial: Historial,
  data: ResultadosData,
): Partial<Donacion> {
  const abo = changes.abo ?? before.abo;
  const rh = changes.rh ?? before.rh;
  if (abo === before.abo && rh === before.rh) return {};
  const otra = grupoDiscordante(before.id, abo, rh, historial.donaciones);
  if (!otra) return {};
  if (!data.confirmarGrupo) {
    const fecha = formatDate(otra.fecha);
    const texto = otra.servicio
      ? MSG.grupoDiscordante('registrado', `donación del ${fecha} en ${otra.servicio}`)
      : MSG.grupoDiscordante(grupoYFactor(otra.abo, otra.rh), `donación N° ${otra.numero} del ${fecha}`);
    throw ValidationError.single('abo', texto);
  }
  if (!confirmaGrupo(auth.rol)) throw new ForbiddenError(MSG.soloMedicoTecnicoGrupo);
  const motivo = String(data.motivoGrupo ?? '').trim();
  const invalido = validateMotivo(motivo);
  if (invalido) throw ValidationError.single('motivoGrupo', invalido);
  return {
    grupoDiscordante: true,
    grupoMotivo: motivo,
    grupoConfirmadoPor: auth.uid,
    grupoRetipificadoPor: null,
  };
}

export class DonacionService {
  constructor(
    private readonly dataSource: DataSource,
    /** The reads every screen makes, as prepared statements (database/prepared.ts). */
    private readonly query: RunQuery,
    /** Whether a donor may donate today, before a label number is issued for them. */
    private readonly elegibilidad: ElegibilidadService,
  ) {}

  /**
   * The next label number of the caller's servicio. One atomic statement: the
   * row lock of the upsert serialises concurrent callers, so no number is
   * issued twice, and the counter only moves forward, so none is reused.
   * How many one GraphQL operation may ask for is checked before it runs
   * (graphql/etiquetas-por-solicitud.ts); a REST request asks for one.
   *
   * With `para.donanteId` ('Generar Etiquetas' on the new-donation screen) the number is for that
   * donor: a donor who may not donate today gets none, and the refusal says why
   * (rechazoEtiquetas). Every number is recorded with who issued it, when and for whom
   * (etiqueta_emitida, migration 1764300000000), so one never used shows in Opciones > Numeración.
   */
  async nextEtiquetaNumero(auth: AuthUser, para: EtiquetaParaData = {}): Promise<number> {
    const donanteId = para.donanteId?.trim() ? para.donanteId.trim().toLowerCase() : null;
    if (donanteId !== null) {
      const elegibilidad = await this.elegibilidad.deHoy(auth, donanteId, {
        aferesis: para.aferesis === true,
      });
      if (!elegibilidad.puedeDonar) throw new ValidationError(rechazoEtiquetas(elegibilidad));
    }
    // One statement (its own transaction): the counter row is locked for the
    // shortest possible time, and the record and the audit entry commit with the number.
    // Past NUMERO_ETIQUETA_MAX the upsert updates nothing and no number is issued.
    const [row] = await this.dataSource.query(
      `WITH n AS (
         INSERT INTO etiqueta_contador AS c (servicio_id, ultimo) VALUES ($1, 1)
         ON CONFLICT (servicio_id) DO UPDATE SET ultimo = c.ultimo + 1 WHERE c.ultimo < $3
         RETURNING ultimo
       ), e AS (
         INSERT INTO etiqueta_emitida (servicio_id, numero, usuario_id, donante_id)
         SELECT $1, n.ultimo, $2, $4::uuid FROM n
         RETURNING numero
       )
       INSERT INTO auditoria (servicio_id, usuario_id, accion, entidad, entidad_id, cambios)
       SELECT $1, $2, 'crear', 'etiqueta', e.numero::text,
              jsonb_build_object('numero', e.numero)
                || CASE WHEN $4::uuid IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('donanteId', $4::uuid) END
         FROM e
       RETURNING entidad_id`,
      [auth.servicio, auth.uid, NUMERO_ETIQUETA_MAX, donanteId],
    );
    if (!row) throw ValidationError.single('', MSG.numerosEtiquetaAgotados);
    return Number(row.entidad_id);
  }

  /**
   * Records a donation: the steps of donacion.create.ts in one transaction that first locks
   * the donor's rows, so two concurrent requests for the same person are serialised and can never
   * both pass the duplicate and eligibility rules (interval, yearly limit, deferrals). A refusal
   * that read other members' records still leaves the lookup's audit entries.
   */
  async create(auth: AuthUser, data: CreateDonacionData): Promise<Donacion> {
    const rows = await conConsultaRedAuditada(this.dataSource, auth, async (run, alLeer) => {
      try {
        const row = await createDonacionSteps(run, auth, data, alLeer);
        // Every attendance is a visit: the donation ends the donor's (modules/visita).
        await vincularDonacion(
          run,
          auth,
          { id: String(row.id), donanteId: String(row.donante_id), fecha: data.fecha!, hora: data.hora! },
          data.visitaId,
        );
        return [row];
      } catch (error) {
        // Another donor's donation took the number between the check and the insert.
        throw numeroEnUsoOr(error, data.numero!);
      }
    });
    return hydrate(this.dataSource, Donacion, rows)[0];
  }

  /**
   * Brings back a deleted donation (the audit screen's Restaurar) under the rules of a creation:
   * the steps of donacion.restore.ts in one transaction that first locks the donor row. Its donor
   * must be live; the 'restaurar' audit entry commits with it.
   */
  async restaurar(auth: AuthUser, id: string): Promise<Donacion> {
    const rows = await conConsultaRedAuditada(this.dataSource, auth, async (run, alLeer) => [
      await restaurarDonacionSteps(run, auth, id, alLeer),
    ]);
    return hydrate(this.dataSource, Donacion, rows)[0];
  }

  /** donante.ultima_donacion = the latest live donation's date (null when none is left). */
  private async refreshUltimaDonacion(m: EntityManager, donanteId: string): Promise<void> {
    await m.query(
      `UPDATE donante SET ultima_donacion =
         (SELECT max(fecha) FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL)
       WHERE id = $1`,
      [donanteId],
    );
  }

  /**
   * Donations by numero (or codigo) and/or fecha, newest first. codigo is read by
   * numerosDeEtiqueta: a code is verified (a wrong check character is refused and nothing is
   * searched); digits only are the number and, when their last digit is the check character of
   * the others, also the code of that shorter number: both are listed, the number first.
   */
  async search(
    auth: AuthUser,
    { codigo, ...filter }: DonacionSearchData,
    page: PageData = {},
    /** The fields the caller shows (GraphQL: those the query asks for); all when omitted. */
    fields?: Iterable<string> | null,
    /** A column and a direction; none: newest first. */
    orden?: DonacionOrdenData | null,
  ): Promise<Page<Donacion>> {
    const errors = [];
    if (orden && !DONACION_ORDEN_CAMPOS.includes(orden.campo))
      errors.push({ field: 'campo', msg: MSG.ordenInvalido });
    if (orden?.direccion && orden.direccion !== 'ASC' && orden.direccion !== 'DESC')
      errors.push({ field: 'direccion', msg: MSG.valorNoPermitido });
    if (filter.fecha && !isValidIsoDate(filter.fecha))
      errors.push({ field: 'fecha', msg: MSG.fechaInvalida });
    let delCodigo: number[] | undefined;
    if (codigo !== null && codigo !== undefined && codigo.trim() !== '') {
      const leido = numerosDeEtiqueta(codigo);
      if (!leido.ok) errors.push({ field: 'codigo', msg: leido.error });
      else delCodigo = leido.value;
    }
    // A number no label can carry is refused as a typing mistake (never sent to the int column).
    const conNumero = filter.numero !== null && filter.numero !== undefined;
    if (conNumero && !isNumeroEtiqueta(filter.numero)) {
      errors.push({ field: 'numero', msg: MSG.numeroEtiquetaFueraDeRango });
    }
    assertValid(errors);
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 20;
    // Both given: a donation has one number, so only a number both designate matches.
    const numeros = delCodigo && conNumero ? delCodigo.filter((n) => n === filter.numero) : delCodigo;
    if (numeros?.length === 0) return { items: [], total: 0, offset, limit };
    const { rows, total } = await searchDonaciones(
      this.query,
      auth.servicio,
      // One number: the plain statement (the one the benchmark measures).
      numeros?.length === 1 ? { ...filter, numero: numeros[0] } : { ...filter, numeros },
      offset,
      limit,
      donacionColumns(fields),
      orden,
    );
    return { items: hydrate(this.dataSource, Donacion, rows), total, offset, limit };
  }

  /** One live donation of the caller's servicio; another servicio's is "not found". */
  async get(auth: AuthUser, id: string, manager?: EntityManager): Promise<Donacion> {
    if (!isUuid(id)) throw new NotFoundError();
    const sql = `SELECT d.* FROM donacion d WHERE d.id = $1 AND d.servicio_id = $2 AND d.deleted_at IS NULL`;
    // Inside a transaction, on its connection; otherwise prepared.
    const rows = manager
      ? await manager.query(sql, [id, auth.servicio])
      : await this.query(sql, [id, auth.servicio]);
    if (rows.length === 0) throw new NotFoundError();
    return hydrate(this.dataSource, Donacion, rows)[0];
  }

  /** The donor's live donations, newest first. */
  async deDonante(
    auth: AuthUser,
    donanteId: string,
    /** The fields the caller shows (GraphQL: those the query asks for); all when omitted. */
    fields?: Iterable<string> | null,
  ): Promise<Donacion[]> {
    if (!isUuid(donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const rows = await donacionesDeDonante(this.query, auth.servicio, donanteId, donacionColumns(fields));
    if (rows === null) throw new NotFoundError(MSG.donanteNoEncontrado);
    return hydrate(this.dataSource, Donacion, rows);
  }

  /**
   * Blood group, Rh, serology (the spec's booleans), irregular antibodies and exclusion. Fields
   * left out keep their value; a marker whose boolean changes is a screening of today.
   */
  async updateResultados(auth: AuthUser, id: string, data: ResultadosData): Promise<UpdateResultadosResult> {
    assertValid(validateResultados(data));
    const donacion = await this.cambiarResultados(
      auth,
      id,
      data.motivo,
      (before, antes, _panel, historial) => {
        const changes: Partial<Donacion> = {};
        if (data.abo !== undefined) changes.abo = data.abo ?? '';
        if (data.rh !== undefined) changes.rh = data.rh ?? '';
        Object.assign(changes, grupoContraHistorial(auth, before, changes, historial, data));
        if (data.exclusionDefinitiva !== undefined)
          changes.exclusionDefinitiva = data.exclusionDefinitiva || null;
        if (data.exclusionTiempo !== undefined) changes.exclusionTiempo = data.exclusionTiempo ?? null;
        if (data.exclusionCodigo !== undefined)
          changes.exclusionCodigo = data.exclusionCodigo?.trim() || null;
        if (data.anticuerposIrregulares !== undefined) {
          changes.anticuerposIrregulares = data.anticuerposIrregulares ?? '';
          changes.anticuerpo =
            changes.anticuerposIrregulares === 'POSITIVO' ? data.anticuerpo?.trim() || null : null;
        }
        if (data.serologia === undefined) return { changes };
        // The spec's booleans: a changed marker is a screening of today (domain/resultados.ts).
        const booleans = data.serologia === null ? null : ({ ...data.serologia } as Record<string, boolean>);
        return { changes, resultados: resultadosDeSerologia(antes, booleans, todayIso(), auth.uid) };
      },
    );
    return { donacion, message: MSG.donacionActualizada };
  }

  /** A screening result of one marker of the servicio's panel. */
  async registrarTamizaje(auth: AuthUser, id: string, data: TamizajeData): Promise<Donacion> {
    return this.cambiarResultados(auth, id, null, (_before, antes, panel) => {
      const actual = antes.find((r) => r.marcador === data.marcador) ?? null;
      assertValid(validateTamizaje(data, panel, actual, todayIso()));
      const marcador = data.marcador as Marcador;
      const otros = antes.filter((r) => r.marcador !== marcador);
      const resultados: ResultadoMarcador[] =
        data.estado === 'NO_REALIZADO'
          ? otros
          : [
              ...otros,
              {
                marcador,
                estado: data.estado as ResultadoMarcador['estado'],
                tecnica: data.tecnica?.trim() || null,
                fecha: data.fecha ?? null,
                registradoPor: auth.uid,
              },
            ];
      return { changes: {}, resultados };
    });
  }

  /** The repeat in duplicate of a reactive or indeterminate screening. */
  async registrarRepeticion(auth: AuthUser, id: string, data: RepeticionData): Promise<Donacion> {
    return this.cambiarResultados(auth, id, null, (_before, antes, panel) => {
      const actual = antes.find((r) => r.marcador === data.marcador) ?? null;
      assertValid(validateRepeticion(data, panel, actual, todayIso()));
      const resultados = antes.map((r) =>
        r.marcador === data.marcador
          ? {
              ...r,
              repeticion1: data.primera as ResultadoMarcador['repeticion1'],
              repeticion2: data.segunda as ResultadoMarcador['repeticion2'],
              repeticionTecnica: data.tecnica?.trim() || null,
              repeticionFecha: data.fecha ?? null,
              repeticionPor: auth.uid,
            }
          : r,
      );
      const repeticionNegativa = data.primera === 'NO_REACTIVO' && data.segunda === 'NO_REACTIVO';
      return { changes: {}, resultados, repeticionNegativa };
    });
  }

  /** The confirmatory test of a repeatedly reactive marker: positive defers the donor for good. */
  async registrarConfirmatorio(auth: AuthUser, id: string, data: ConfirmatorioData): Promise<Donacion> {
    return this.cambiarResultados(auth, id, null, (_before, antes, panel) => {
      const actual = antes.find((r) => r.marcador === data.marcador) ?? null;
      assertValid(validateConfirmatorio(data, panel, actual, todayIso()));
      const resultados = antes.map((r) =>
        r.marcador === data.marcador
          ? {
              ...r,
              confirmatorioResultado: data.resultado as ResultadoMarcador['confirmatorioResultado'],
              confirmatorioTecnica: data.tecnica?.trim() || null,
              confirmatorioFecha: data.fecha ?? null,
              confirmatorioLaboratorio: data.laboratorio?.trim() || null,
              confirmatorioPor: auth.uid,
            }
          : r,
      );
      return { changes: {}, resultados };
    });
  }

  /**
   * The repeat typing of a donation flagged for a blood group that differs from the donor's
   * history: a doctor or a technician records the group found, which ends the flag.
   */
  async registrarRetipificacion(
    auth: AuthUser,
    id: string,
    data: { abo?: string | null; rh?: string | null },
  ): Promise<Donacion> {
    if (!confirmaGrupo(auth.rol)) throw new ForbiddenError(MSG.soloMedicoTecnicoGrupo);
    // Both are required, over both APIs: a missing one would clear the group.
    const faltan = (['abo', 'rh'] as const).filter((f) => data[f] === undefined || data[f] === null);
    if (faltan.length) throw new ValidationError(faltan.map((field) => ({ field, msg: MSG.requerido })));
    assertValid(validateResultados({ abo: data.abo, rh: data.rh }));
    return this.cambiarResultados(auth, id, null, (before) => {
      if (!before.grupoDiscordante) throw ValidationError.single('abo', MSG.retipificacionNoCorresponde);
      return {
        changes: {
          abo: data.abo ?? '',
          rh: data.rh ?? '',
          grupoDiscordante: false,
          grupoRetipificadoPor: auth.uid,
        },
      };
    });
  }

  /**
   * The results recorded for donations `ids` of a servicio, by donation, on `run` (a transaction's
   * statements or the pool's): what a component's release reads (modules/componente).
   */
  resultadosDeDonaciones(
    run: RunQuery,
    servicio: string,
    ids: readonly string[],
  ): Promise<Map<string, ResultadoMarcador[]>> {
    return resultadosDeDonaciones(run, servicio, ids);
  }

  /** The donation's results recorded, in panel order (none: nothing tested). */
  async resultadosDe(auth: AuthUser, id: string): Promise<ResultadoMarcador[]> {
    return (await resultadosDeDonaciones(this.query, auth.servicio, [id])).get(id) ?? [];
  }

  /**
   * Changes a donation's results under the person's lock, as a creation takes it, so a result
   * that defers the donor and a new donation are never both decided on an old history. `preparar`
   * reads the donation and its results as they are under the lock; the spec's booleans and the
   * markers tested follow from the results. What the change does to the donation's deferral is
   * domain/elegibilidad.ts cambioDeResultado: refused to whoever may not decide it, and a milder
   * deferral by a doctor needs `motivo` and is recorded as a lift, as levantarDiferimiento does.
   * One audit entry records the donation's fields and the results changed.
   */
  private async cambiarResultados(
    auth: AuthUser,
    id: string,
    motivoDado: string | null | undefined,
    preparar: (
      before: Donacion,
      resultados: ResultadoMarcador[],
      panel: Marcador[],
      historial: Historial,
    ) => CambioResultados,
  ): Promise<Donacion> {
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      if (!isUuid(id)) throw new NotFoundError();
      const [fila] = await run(
        `SELECT donante_id FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
        [id, auth.servicio],
      );
      if (!fila) throw new NotFoundError();
      const donanteId = String(fila.donante_id);
      // Lock order person -> donation, as creating and deleting a donation do. A deleted donor's
      // record is locked by itself (no live record to lock).
      if (!(await lockPersona(run, donanteId, auth.servicio))) {
        await run(`SELECT id FROM donante WHERE id = $1 FOR UPDATE`, [donanteId]);
      }
      const [row] = await run(`SELECT id FROM donacion WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
        id,
      ]);
      if (!row) throw new NotFoundError();
      const before = await this.get(auth, id, m);
      const antes = (await resultadosDeDonaciones(run, auth.servicio, [id])).get(id) ?? [];
      const historial = await historialDe(run, auth.servicio, donanteId);
      const { changes, resultados, repeticionNegativa } = preparar(
        before,
        antes,
        await panelDe(run, auth.servicio),
        historial,
      );
      if (resultados) {
        changes.serologia = serologiaDeResultados(resultados);
        changes.serologiaRealizada = serologiaRealizada(resultados);
        changes.serologiaConfirmada = confirmadoPositivo(resultados);
      }
      const after = { ...before, ...changes } as Donacion;

      const historia = (d: Donacion) => ({ ...d, confirmado: d.serologiaConfirmada });
      const previo = diferimientoDeDonacion(historia(before));
      const levantado = previo !== null && !diferimientos(historial).some((d) => d.origenId === before.id);
      const cambio = cambioDeResultado(historia(before), historia(after), {
        decide: puedeDecidir(auth),
        decideReactivo: puedeDecidirReactivo(auth),
        levantado,
        repeticionNegativa,
      });
      if (cambio.rechazo) throw new ForbiddenError(cambio.rechazo);
      const motivo = cambio.levanta ? String(motivoDado ?? '').trim() : '';
      if (cambio.levanta) {
        const invalido = validateMotivo(motivo);
        if (invalido) throw ValidationError.single('motivo', invalido);
      }

      const cambios = {
        ...diff(auditView(before), auditView(after)),
        ...(resultados ? resultadosCambiados(antes, resultados) : {}),
      };
      // Released units carry the group on their printed labels: it is not changed under them.
      if (after.abo !== before.abo || after.rh !== before.rh) {
        const [liberado] = await run(
          `SELECT 1 FROM componente WHERE donacion_id = $1 AND estado IN ('LIBERADO', 'DESPACHADO') LIMIT 1`,
          [id],
        );
        if (liberado) throw ValidationError.single('abo', MSG.grupoConComponentesLiberados);
      }
      if (Object.keys(cambios).length > 0) {
        if (resultados) await guardarResultados(run, auth.servicio, id, resultados);
        await m.update(Donacion, { id }, changes);
        await audit(m, auth, 'editar', 'donacion', id, cambios);
      }
      // A reactive marker, recorded now or before: the units not dispatched are discarded, in this
      // transaction, under the donation's lock (modules/componente/componente.descarte.ts).
      if (resultados) await descartarPorSerologia(run, auth, id, resultados);
      // A deferral definitive for a cause that may affect earlier blood opens the look-back, in
      // this transaction (modules/trazabilidad: once per donor and cause).
      const nuevo = diferimientoDeDonacion(historia(after));
      if (nuevo?.tipo === 'Definitiva')
        await abrirTrazabilidadPorDiferimiento(run, auth, { donacionId: id }, definitivaDe(after));
      // The call-back list follows the results: a reactive one calls the donor for a confirmatory
      // sample, a confirmed one to be told, a negative confirmatory closes the call (modules/citacion).
      if (resultados) await citacionesPorResultados(run, auth, donanteId, id, resultados);
      if (cambio.levanta) await registrarLevantamiento(run, auth, donanteId, cambio.levanta, motivo);
      if (nuevo && nuevo.clave !== previo?.clave) await anularLevantamientos(run, auth.servicio, nuevo);
      return this.get(auth, id, m);
    });
  }

  /** Marks the donation deleted (kept for the audit trail) and recomputes the donor's last donation. */
  async softDelete(auth: AuthUser, id: string): Promise<Donacion> {
    return this.dataSource.transaction(async (m) => {
      if (!isUuid(id)) throw new NotFoundError();
      const [row] = await m.query(
        `SELECT donante_id FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
        [id, auth.servicio],
      );
      if (!row) throw new NotFoundError();
      // Lock order donor -> donation, as in create, so the two never deadlock.
      await m.query(`SELECT id FROM donante WHERE id = $1 FOR UPDATE`, [row.donante_id]);
      const [locked] = await m.query(
        `SELECT id FROM donacion WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [id],
      );
      if (!locked) throw new NotFoundError();
      const [conComponentes] = await m.query(
        `SELECT 1 FROM componente WHERE donacion_id = $1 AND estado <> 'DESCARTADO' LIMIT 1`,
        [id],
      );
      if (conComponentes) throw ValidationError.single('', MSG.donacionConComponentes);
      const before = await this.get(auth, id, m);
      await m.update(Donacion, { id }, { deletedAt: new Date() });
      await this.refreshUltimaDonacion(m, row.donante_id);
      await audit(m, auth, 'eliminar', 'donacion', id, {
        numero: before.numero,
        fecha: before.fecha,
        hora: before.hora,
        donanteId: before.donanteId,
      });
      return before;
    });
  }
}
