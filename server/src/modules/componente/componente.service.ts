import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/context';
import {
  codigosProducto,
  type ComponentePedido,
  diferimientosQueImpiden,
  ESTADOS_COMPONENTE,
  isTipoComponente,
  estaVencido,
  faltaParaLiberar,
  fracciona,
  fraccionPredeterminada,
  identificadorUnidad,
  instanteDeExtraccion,
  leerCodigoInstalacion,
  leerIdentificador,
  libera,
  LIBERAR_POR_VEZ_MAX,
  type OrigenFraccion,
  siguienteEstado,
  tieneReactivo,
  TIPOS_COMPONENTE,
  type Transicion,
  validateFraccion,
  validateVidaUtil,
  vencimiento,
  vidasUtiles,
} from '../../domain/componentes';
import { addDays, isValidIsoDate, todayIso } from '../../domain/dates';
import type { Historial } from '../persona/persona.service';
import { MSG } from '../../domain/messages';
import type { ResultadoMarcador } from '../../domain/resultados';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { hydrate } from '../../database/hydrate';
import { isUniqueViolation } from '../../database/errors';
import { preparedIn, type RunQuery } from '../../database/prepared';
import type { Page } from '../../graphql/pagination';
import { type Actor, auditStatement } from '../auditoria/audit';
import type { DonacionService } from '../donacion/donacion.service';
import { Donacion } from '../donacion/donacion.entity';
import {
  auditarConsultaRed,
  conConsultaRedAuditada,
  historialDe,
  historiales,
  lockPersona,
  registrarConsultasDeLectura,
} from '../persona/persona.service';
import { Rol } from '../usuario/rol.enum';
import { Servicio } from '../servicio/servicio.entity';
import { abrirTrazabilidad } from '../trazabilidad/trazabilidad.service';
import { Componente, type EstadoComponente, VidaUtilComponente } from './componente.entity';

export type FiltroComponentesData = {
  desde?: string | null;
  hasta?: string | null;
  tipo?: string | null;
  estado?: string | null;
  codigo?: string | null;
};

export type RechazoData = { componente: Componente; motivos: string[] };

/** The most donations donacionesPorFraccionar lists (a day's donations; more is not a day). */
export const POR_FRACCIONAR_MAX = 200;

/** What the release reads of a donation. */
type DonacionFila = {
  id: string;
  donante_id: string;
  fecha: string;
  abo: string;
  rh: string;
  deleted_at: Date | null;
  grupo_discordante: boolean;
};

const DONACIONES_SQL = `SELECT id, donante_id, fecha::text AS fecha, abo, rh, deleted_at, grupo_discordante
  FROM donacion WHERE servicio_id = $1 AND id = ANY($2::uuid[])`;

/** A transition refused: the role's refusal as forbidden, anything else as bad input. */
function rechazo(paso: Extract<Transicion, { ok: false }>): Error {
  return paso.tipo === 'permiso'
    ? new ForbiddenError(paso.errores[0].msg)
    : new ValidationError(paso.errores);
}

const COMPONENTE_SQL = `SELECT * FROM componente WHERE id = $1 AND servicio_id = $2`;

/*
 * A reactive marker recorded on a donation discards its components: the one function every path
 * that writes a donation's results calls (DonacionService.cambiarResultados), inside that path's
 * transaction and after its row lock on the donation, so a release racing with it either commits
 * before (and the unit is discarded here) or waits and finds the unit discarded.
 */
/**
 * When `resultados` (the donation's results after the change) hold a reactive marker, every
 * component of the donation that is neither dispatched nor discarded becomes DESCARTADO with the
 * reason 'Serología reactiva', each audited. Gives how many were discarded.
 */
export async function descartarPorSerologia(
  run: RunQuery,
  actor: Actor,
  donacionId: string,
  resultados: readonly ResultadoMarcador[],
): Promise<number> {
  if (!tieneReactivo(resultados)) return 0;
  const filas = (await run(
    `SELECT id, estado, codigo FROM componente WHERE donacion_id = $1 AND servicio_id = $2 ORDER BY id FOR UPDATE`,
    [donacionId, actor.servicio],
  )) as { id: string; estado: EstadoComponente; codigo: string }[];
  let descartados = 0;
  for (const c of filas) {
    const paso = siguienteEstado(c, { tipo: 'descartarPorSerologia' }, { rol: null });
    if (!paso.ok || !paso.cambia) continue;
    await run(
      `UPDATE componente SET estado = $2, motivo_descarte = $3, detalle_descarte = NULL, descartado_por = $4,
              descartado_en = now(), updated_at = now()
        WHERE id = $1`,
      [c.id, paso.estado, paso.motivo, actor.uid],
    );
    const entry = auditStatement(actor, 'editar', 'componente', c.id, {
      codigo: c.codigo,
      estado: [c.estado, paso.estado],
      motivoDescarte: [null, paso.motivo],
    });
    await run(entry.sql, entry.params);
    descartados += 1;
  }
  await abrirTrazabilidad(run, actor, donacionId, 'RESULTADO_REACTIVO');
  return descartados;
}

export class ComponenteService {
  constructor(
    private readonly dataSource: DataSource,
    /** The donations' laboratory results, which the release reads. */
    private readonly donacion: DonacionService,
  ) {}

  private readonly run: RunQuery = (sql, params) => this.dataSource.query(sql, params);

  /**
   * What keeps each of `componentes` from release (faltaParaLiberar), by component id; a component
   * not in quarantine keeps nothing. Reads the donations, their results and their donors'
   * histories (at other members too: `alLeer` is told each, to audit the lookup) in one batch.
   */
  async faltaDe(
    run: RunQuery,
    servicio: string,
    componentes: readonly Pick<Componente, 'id' | 'donacionId' | 'estado' | 'venceEn'>[],
    opciones: {
      /** Who reads: a history read at another member is logged as a list's lookup. */
      actor?: Actor | null;
      /** The donors' histories already read (a release reads its donor's under the lock). */
      historiales?: Map<string, Historial>;
      ahora?: Date;
    } = {},
  ): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(componentes.map((c) => [c.id, []]));
    const enCuarentena = componentes.filter((c) => c.estado === 'CUARENTENA');
    if (enCuarentena.length === 0) return out;
    const ids = [...new Set(enCuarentena.map((c) => c.donacionId))];
    const donaciones = (await run(DONACIONES_SQL, [servicio, ids])) as DonacionFila[];
    const porDonacion = new Map(donaciones.map((d) => [d.id, d]));
    const resultados = await this.donacion.resultadosDeDonaciones(run, servicio, ids);
    const donantes = [...new Set(donaciones.map((d) => d.donante_id))];
    let hs = opciones.historiales;
    if (!hs) {
      hs = await historiales(run, servicio, donantes);
      if (opciones.actor && opciones.actor.servicio === servicio)
        await registrarConsultasDeLectura(run, opciones.actor, hs);
    }
    const ahora = opciones.ahora ?? new Date();
    for (const c of enCuarentena) {
      const d = porDonacion.get(c.donacionId);
      if (!d) continue;
      const historial = hs.get(d.donante_id) ?? { donante: { sexo: '' }, donaciones: [] };
      out.set(
        c.id,
        faltaParaLiberar({
          donacion: {
            id: d.id,
            fecha: d.fecha,
            abo: d.abo,
            rh: d.rh,
            eliminada: d.deleted_at !== null,
            grupoDiscordante: d.grupo_discordante,
          },
          resultados: resultados.get(d.id) ?? [],
          diferimientos: diferimientosQueImpiden(historial, d.id, d.fecha),
          venceEn: c.venceEn,
          ahora,
        }),
      );
    }
    return out;
  }

  /** The servicio's shelf life of every type (its own where set, else the default). */
  async vidaUtil(run: RunQuery, servicio: string): Promise<VidaUtilComponente[]> {
    const rows = (await run(`SELECT tipo, dias FROM vida_util_componente WHERE servicio_id = $1`, [
      servicio,
    ])) as { tipo: string; dias: number }[];
    const propias = Object.fromEntries(rows.map((r) => [r.tipo, Number(r.dias)]));
    return vidasUtiles(propias).map((v) => Object.assign(new VidaUtilComponente(), v));
  }

  async vidaUtilComponentes(auth: AuthUser): Promise<VidaUtilComponente[]> {
    return this.vidaUtil(this.run, auth.servicio);
  }

  /** Sets the shelf life of one type, within its bounds. Only the administrator; audited. */
  async updateVidaUtil(auth: AuthUser, tipo: string, dias: number): Promise<VidaUtilComponente[]> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateVidaUtil(tipo, dias));
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      await run(`SELECT id FROM servicio WHERE id = $1 FOR UPDATE`, [auth.servicio]);
      const antes = (await this.vidaUtil(run, auth.servicio)).find((v) => v.tipo === tipo)!;
      if (antes.dias !== dias) {
        await run(
          `INSERT INTO vida_util_componente (servicio_id, tipo, dias) VALUES ($1, $2, $3)
           ON CONFLICT (servicio_id, tipo) DO UPDATE SET dias = excluded.dias, updated_at = now()`,
          [auth.servicio, tipo, dias],
        );
        const entry = auditStatement(auth, 'editar', 'servicio', auth.servicio, {
          vidaUtil: [{ [tipo]: antes.dias }, { [tipo]: dias }],
        });
        await run(entry.sql, entry.params);
      }
      return this.vidaUtil(run, auth.servicio);
    });
  }

  /**
   * Sets the servicio's facility code to its ICCBBA FIN (a letter and 4 digits), unique in the
   * installation. Refused once the servicio has components: their identifiers are printed.
   */
  async updateCodigoInstalacion(auth: AuthUser, texto: string): Promise<Servicio> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    const leido = leerCodigoInstalacion(texto);
    if (!leido.ok) throw ValidationError.single('codigo', leido.error);
    try {
      return await this.dataSource.transaction(async (m) => {
        const [actual] = await m.query(`SELECT codigo_instalacion FROM servicio WHERE id = $1 FOR UPDATE`, [
          auth.servicio,
        ]);
        if (!actual) throw new NotFoundError();
        if (actual.codigo_instalacion !== leido.value) {
          const [con] = await m.query(`SELECT 1 FROM componente WHERE servicio_id = $1 LIMIT 1`, [
            auth.servicio,
          ]);
          if (con) throw ValidationError.single('codigo', MSG.codigoInstalacionConComponentes);
          const [otro] = await m.query(`SELECT 1 FROM servicio WHERE codigo_instalacion = $1 AND id <> $2`, [
            leido.value,
            auth.servicio,
          ]);
          if (otro) throw ValidationError.single('codigo', MSG.codigoInstalacionEnUso);
          await m.query(`UPDATE servicio SET codigo_instalacion = $2, updated_at = now() WHERE id = $1`, [
            auth.servicio,
            leido.value,
          ]);
          const entry = auditStatement(auth, 'editar', 'servicio', auth.servicio, {
            codigoInstalacion: [actual.codigo_instalacion, leido.value],
          });
          await m.query(entry.sql, entry.params);
        }
        return m.getRepository(Servicio).findOneByOrFail({ id: auth.servicio });
      });
    } catch (error) {
      // Another servicio took the code between the check and the update.
      if (isUniqueViolation(error)) throw ValidationError.single('codigo', MSG.codigoInstalacionEnUso);
      throw error;
    }
  }

  /**
   * Splits a donation into components: `pedidos`, or left out the bag's default split
   * (domain/componentes.ts). Each is in quarantine, with its identifier, volume, production
   * instant (now) and expiry (the collection plus the servicio's shelf life of its type). Once per
   * donation, under the donation's row lock; each component audited.
   */
  async fraccionar(
    auth: AuthUser,
    donacionId: string,
    pedidos: readonly Partial<ComponentePedido>[] | null | undefined,
  ): Promise<Componente[]> {
    if (!fracciona(auth.rol)) throw new ForbiddenError(MSG.soloPersonalFracciona);
    if (!isUuid(donacionId)) throw new NotFoundError();
    // The new units' ids in the order of the split (the answer's order).
    const ordenIds: string[] = [];
    const rows = await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [d] = await run(
        `SELECT id, numero, fecha::text AS fecha, hora::text AS hora, tipo_bolsa, donacion_aferesis, plasma_covid
           FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [donacionId, auth.servicio],
      );
      if (!d) throw new NotFoundError();
      // Shared with updateCodigoInstalacion's lock: the code cannot change while units are numbered.
      const [s] = await run(`SELECT codigo_instalacion FROM servicio WHERE id = $1 FOR SHARE`, [
        auth.servicio,
      ]);
      if (!s?.codigo_instalacion) throw ValidationError.single('', MSG.donacionSinIdentificador);
      const [ya] = await run(`SELECT 1 FROM componente WHERE donacion_id = $1 LIMIT 1`, [donacionId]);
      if (ya) throw ValidationError.single('donacionId', MSG.donacionYaFraccionada);
      const origen: OrigenFraccion = {
        tipoBolsa: String(d.tipo_bolsa),
        donacionAferesis: d.donacion_aferesis === true,
        plasmaCovid: d.plasma_covid === true,
      };
      const elegidos = pedidos ?? fraccionPredeterminada(origen);
      assertValid(validateFraccion(origen, elegidos));
      const lista = elegidos as ComponentePedido[];
      const vidas = await this.vidaUtil(run, auth.servicio);
      const extraccion = instanteDeExtraccion(String(d.fecha), String(d.hora));
      const producidoEn = new Date();
      const codigos = codigosProducto(lista.map((p) => p.tipo));
      const creados: Record<string, unknown>[] = [];
      for (const [i, p] of lista.entries()) {
        const dias = vidas.find((v) => v.tipo === (p.tipo as string))!.dias;
        const codigo = identificadorUnidad(
          String(s.codigo_instalacion),
          String(d.fecha),
          Number(d.numero),
          codigos[i],
        );
        const venceEn = vencimiento(extraccion, dias);
        const id = randomUUID();
        const [row] = await run(
          `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
                                   vence_en, estado)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'CUARENTENA') RETURNING *`,
          [id, auth.servicio, donacionId, p.tipo, codigos[i], codigo, p.volumen, producidoEn, venceEn],
        );
        const entry = auditStatement(auth, 'crear', 'componente', id, {
          codigo,
          tipo: p.tipo,
          volumen: p.volumen,
          producidoEn: producidoEn.toISOString(),
          venceEn: venceEn.toISOString(),
          estado: 'CUARENTENA',
          numero: Number(d.numero),
        });
        await run(entry.sql, entry.params);
        creados.push(row);
        ordenIds.push(id);
      }
      // A reactive marker recorded before the split: the new units are discarded at once.
      const resultados = (await this.donacion.resultadosDeDonaciones(run, auth.servicio, [donacionId])).get(
        donacionId,
      );
      if (await descartarPorSerologia(run, auth, donacionId, resultados ?? [])) {
        return run(`SELECT * FROM componente WHERE id = ANY($1::uuid[])`, [ordenIds]);
      }
      return creados;
    });
    const porId = new Map(hydrate(this.dataSource, Componente, rows).map((c) => [c.id, c]));
    return ordenIds.map((id) => porId.get(id)!);
  }

  /**
   * Releases a component in quarantine (siguienteEstado 'liberar'): a doctor or a technician, when
   * faltaParaLiberar finds nothing missing. Locks the donor's person, the donation and the component,
   * in the order recording a result takes them, so a reactive result and a release never both
   * decide on an old state: the later one sees the earlier's commit.
   */
  async liberar(auth: AuthUser, id: string): Promise<Componente> {
    if (!libera(auth.rol)) throw new ForbiddenError(MSG.soloMedicoTecnicoLibera);
    if (!isUuid(id)) throw new NotFoundError(MSG.componenteNoEncontrado);
    const rows = await conConsultaRedAuditada(this.dataSource, auth, async (run, alLeer) => {
      const [c0] = await run(
        `SELECT c.donacion_id, d.donante_id FROM componente c JOIN donacion d ON d.id = c.donacion_id
          WHERE c.id = $1 AND c.servicio_id = $2`,
        [id, auth.servicio],
      );
      if (!c0) throw new NotFoundError(MSG.componenteNoEncontrado);
      const donanteId = String(c0.donante_id);
      if (!(await lockPersona(run, donanteId, auth.servicio))) {
        await run(`SELECT id FROM donante WHERE id = $1 FOR UPDATE`, [donanteId]);
      }
      await run(`SELECT id FROM donacion WHERE id = $1 FOR UPDATE`, [c0.donacion_id]);
      const [fila] = await run(`SELECT * FROM componente WHERE id = $1 FOR UPDATE`, [id]);
      const [c] = hydrate(this.dataSource, Componente, [fila]);
      const historial = await historialDe(run, auth.servicio, donanteId);
      alLeer(donanteId, historial);
      const falta =
        (await this.faltaDe(run, auth.servicio, [c], { historiales: new Map([[donanteId, historial]]) })).get(
          c.id,
        ) ?? [];
      const paso = siguienteEstado(c, { tipo: 'liberar' }, { rol: auth.rol, falta });
      if (!paso.ok) throw rechazo(paso);
      await auditarConsultaRed(run, auth, donanteId, historial);
      const [despues] = await run(
        `UPDATE componente SET estado = $2, liberado_por = $3, liberado_en = now(), updated_at = now()
          WHERE id = $1 RETURNING *`,
        [id, paso.estado, auth.uid],
      );
      const entry = auditStatement(auth, 'editar', 'componente', id, {
        codigo: c.codigo,
        estado: [c.estado, paso.estado],
        liberadoPor: auth.uid,
      });
      await run(entry.sql, entry.params);
      return [despues];
    });
    return hydrate(this.dataSource, Componente, rows)[0];
  }

  /**
   * 'Liberar todo lo que se puede': each component in its own release (and transaction); what
   * cannot be released is answered with every reason. At most LIBERAR_POR_VEZ_MAX at once; an id
   * of no component of the servicio is refused before anything is done.
   */
  async liberarVarios(
    auth: AuthUser,
    ids: readonly string[],
  ): Promise<{ liberados: Componente[]; rechazados: RechazoData[] }> {
    if (!libera(auth.rol)) throw new ForbiddenError(MSG.soloMedicoTecnicoLibera);
    const unicos = [...new Set(ids.map((i) => i.toLowerCase()))];
    if (unicos.length > LIBERAR_POR_VEZ_MAX)
      throw ValidationError.single('ids', MSG.liberarDemasiados(LIBERAR_POR_VEZ_MAX));
    if (unicos.some((i) => !isUuid(i))) throw new NotFoundError(MSG.componenteNoEncontrado);
    const existentes = (await this.run(
      `SELECT id FROM componente WHERE servicio_id = $1 AND id = ANY($2::uuid[])`,
      [auth.servicio, unicos],
    )) as { id: string }[];
    if (existentes.length !== unicos.length) throw new NotFoundError(MSG.componenteNoEncontrado);
    const liberados: Componente[] = [];
    const rechazados: RechazoData[] = [];
    for (const id of unicos) {
      try {
        liberados.push(await this.liberar(auth, id));
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        rechazados.push({ componente: await this.get(auth, id), motivos: error.errors.map((e) => e.msg) });
      }
    }
    return { liberados, rechazados };
  }

  /**
   * Discards a component by hand with a coded reason ('Otro' needs a text): a doctor, a technician
   * or the administrator, while it is in quarantine or released. Under the donation's and the
   * component's row locks; audited.
   */
  async descartar(
    auth: AuthUser,
    id: string,
    motivo: string,
    detalle: string | null | undefined,
  ): Promise<Componente> {
    if (!fracciona(auth.rol)) throw new ForbiddenError(MSG.soloPersonalFracciona);
    if (!isUuid(id)) throw new NotFoundError(MSG.componenteNoEncontrado);
    const rows = await this.dataSource.transaction(async (m) => {
      // The pg driver's own answers: TypeORM's m.query gives an UPDATE's rows with its count.
      const run = preparedIn(m);
      // Whoever holds the unit discards it: after a transfer, the member that received it, no longer
      // the one that produced it (ubicacion_id: the holder, else the producer).
      const [c0] = await run(`SELECT donacion_id FROM componente WHERE id = $1 AND ubicacion_id = $2`, [
        id,
        auth.servicio,
      ]);
      if (!c0) throw new NotFoundError(MSG.componenteNoEncontrado);
      await run(`SELECT id FROM donacion WHERE id = $1 FOR UPDATE`, [c0.donacion_id]);
      const [fila] = await run(`SELECT * FROM componente WHERE id = $1 FOR UPDATE`, [id]);
      const [c] = hydrate(this.dataSource, Componente, [fila]);
      const paso = siguienteEstado(c, { tipo: 'descartar', motivo, detalle }, { rol: auth.rol });
      if (!paso.ok) throw rechazo(paso);
      const [despues] = await run(
        `UPDATE componente SET estado = $2, motivo_descarte = $3, detalle_descarte = $4, descartado_por = $5,
                descartado_en = now(), updated_at = now()
          WHERE id = $1 RETURNING *`,
        [id, paso.estado, paso.motivo, paso.detalle ?? null, auth.uid],
      );
      const entry = auditStatement(auth, 'editar', 'componente', id, {
        codigo: c.codigo,
        estado: [c.estado, paso.estado],
        motivoDescarte: [null, paso.motivo],
        ...(paso.detalle ? { detalleDescarte: [null, paso.detalle] } : {}),
      });
      await run(entry.sql, entry.params);
      return [despues];
    });
    return hydrate(this.dataSource, Componente, rows)[0];
  }

  /** One component of the caller's servicio; another servicio's is not found. */
  async get(auth: AuthUser, id: string): Promise<Componente> {
    if (!isUuid(id)) throw new NotFoundError(MSG.componenteNoEncontrado);
    const rows = await this.run(COMPONENTE_SQL, [id, auth.servicio]);
    if (rows.length === 0) throw new NotFoundError(MSG.componenteNoEncontrado);
    return hydrate(this.dataSource, Componente, rows)[0];
  }

  /**
   * A scanned or typed unit identifier (blanks and hyphens ignored, check character verified): its
   * component of the caller's servicio, or null.
   */
  async porCodigo(auth: AuthUser, codigo: string): Promise<Componente | null> {
    const leido = leerIdentificador(codigo);
    if (!leido.ok) throw ValidationError.single('codigo', leido.error);
    const rows = await this.run(`SELECT * FROM componente WHERE codigo = $1 AND servicio_id = $2`, [
      leido.value.codigo,
      auth.servicio,
    ]);
    return rows.length ? hydrate(this.dataSource, Componente, rows)[0] : null;
  }

  /** The servicio's components, newest first, by production day, type, state and identifier. */
  async search(
    auth: AuthUser,
    filtro: FiltroComponentesData,
    page: { offset?: number | null; limit?: number | null } = {},
  ): Promise<Page<Componente>> {
    const errors = [];
    const where = ['servicio_id = $1'];
    const params: unknown[] = [auth.servicio];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    for (const campo of ['desde', 'hasta'] as const) {
      const v = filtro[campo];
      if (v === null || v === undefined || v === '') continue;
      if (!isValidIsoDate(v)) errors.push({ field: campo, msg: MSG.fechaInvalida });
      else if (campo === 'desde') add('producido_en >= ?', instanteDeExtraccion(v, '00:00'));
      else add('producido_en < ?', instanteDeExtraccion(addDays(v, 1), '00:00'));
    }
    if (filtro.tipo && !isTipoComponente(filtro.tipo))
      errors.push({ field: 'tipo', msg: MSG.valorNoPermitido });
    else if (filtro.tipo) add('tipo = ?', filtro.tipo);
    if (filtro.estado && !(ESTADOS_COMPONENTE as readonly string[]).includes(filtro.estado))
      errors.push({ field: 'estado', msg: MSG.valorNoPermitido });
    else if (filtro.estado) add('estado = ?', filtro.estado);
    if (filtro.codigo && filtro.codigo.trim() !== '') {
      const leido = leerIdentificador(filtro.codigo);
      if (!leido.ok) errors.push({ field: 'codigo', msg: leido.error });
      else add('codigo = ?', leido.value.codigo);
    }
    assertValid(errors);
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(100, Math.max(1, Math.trunc(page.limit ?? 20)));
    const [{ total }] = await this.run(
      `SELECT count(*)::int AS total FROM componente WHERE ${where.join(' AND ')}`,
      params,
    );
    const rows = await this.run(
      `SELECT * FROM componente WHERE ${where.join(' AND ')}
        ORDER BY producido_en DESC, id DESC OFFSET ${offset} LIMIT ${limit}`,
      params,
    );
    return { items: hydrate(this.dataSource, Componente, rows), total: Number(total), offset, limit };
  }

  /** The day's live donations (default today) not split yet, in the order they were collected. */
  async porFraccionar(auth: AuthUser, fecha?: string | null): Promise<Donacion[]> {
    const dia = fecha && fecha.trim() !== '' ? fecha.trim() : todayIso();
    if (!isValidIsoDate(dia)) throw ValidationError.single('fecha', MSG.fechaInvalida);
    const rows = await this.run(
      `SELECT d.* FROM donacion d
        WHERE d.servicio_id = $1 AND d.fecha = $2 AND d.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM componente c WHERE c.donacion_id = d.id)
        ORDER BY d.hora, d.numero LIMIT ${POR_FRACCIONAR_MAX}`,
      [auth.servicio, dia],
    );
    return hydrate(this.dataSource, Donacion, rows);
  }

  /** The components of donations `ids` of a servicio, by donation, in product-code order. */
  async deDonaciones(servicio: string, ids: readonly string[]): Promise<Map<string, Componente[]>> {
    const rows = await this.run(
      `SELECT * FROM componente WHERE servicio_id = $1 AND donacion_id = ANY($2::uuid[])
        ORDER BY donacion_id, array_position($3::text[], tipo::text), codigo_producto`,
      [servicio, ids, TIPOS_COMPONENTE],
    );
    const out = new Map<string, Componente[]>(ids.map((id) => [id, []]));
    for (const c of hydrate(this.dataSource, Componente, rows)) out.get(c.donacionId)?.push(c);
    return out;
  }

  /** Whether a component is expired now. */
  vencido(c: Pick<Componente, 'venceEn'>): boolean {
    return estaVencido(c.venceEn, new Date());
  }
}
