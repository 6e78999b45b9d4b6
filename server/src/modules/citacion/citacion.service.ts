import { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/context';
import {
  type AccionCitacion,
  citacionDeResultados,
  decideCitacion,
  CITACION_PENDIENTE,
  ESTADOS_ABIERTOS,
  isEstadoCitacion,
  MOTIVO_CITACION_LABELS,
  type MotivoCitacion as MotivoCitacionName,
  type PasoCitacion,
  siguienteCitacion,
  validateNuevaCitacion,
  veMotivoCitacion,
} from '../../domain/citacion';
import { todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import type { ResultadoMarcador } from '../../domain/resultados';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import type { Page } from '../../graphql/pagination';
import { type Actor, auditStatement } from '../auditoria/audit';
import { lockPersona } from '../persona/persona.service';
import {
  Citacion,
  type EstadoCitacion,
  IntentoCitacion,
  type MedioIntento,
  type MotivoCitacion,
} from './citacion.entity';

export type FiltroCitacionesData = { estado?: string | null; abiertas?: boolean | null };
export type IntentoData = { fecha?: string | null; medio?: string | null; resultado?: string | null };

const COLUMNAS = `c.id, c.servicio_id, c.donante_id, c.donacion_id, c.motivo, c.detalle, c.estado,
  c.cita::text AS cita, c.asistio_en, c.informado, c.derivacion, c.cerrada_en, c.motivo_cierre, c.created_at`;

type CitacionFila = {
  id: string;
  servicio_id: string;
  donante_id: string;
  donacion_id: string | null;
  motivo: MotivoCitacionName;
  detalle: string | null;
  estado: EstadoCitacion;
  cita: string | null;
  asistio_en: Date | null;
  informado: string | null;
  derivacion: string | null;
  cerrada_en: Date | null;
  motivo_cierre: string | null;
  created_at: Date;
};

type IntentoFila = {
  id: string;
  servicio_id: string;
  citacion_id: string;
  fecha: string;
  medio: MedioIntento;
  resultado: string | null;
  registrado_por: string | null;
  created_at: Date;
};

const deFila = (f: CitacionFila, intentos: IntentoCitacion[]): Citacion =>
  Object.assign(new Citacion(), {
    id: f.id,
    servicioId: f.servicio_id,
    donanteId: f.donante_id,
    donacionId: f.donacion_id,
    motivo: f.motivo as MotivoCitacion,
    detalle: f.detalle,
    motivoTexto: MOTIVO_CITACION_LABELS[f.motivo],
    estado: f.estado,
    cita: f.cita,
    asistioEn: f.asistio_en,
    informado: f.informado,
    derivacion: f.derivacion,
    cerradaEn: f.cerrada_en,
    motivoCierre: f.motivo_cierre,
    creadaEn: f.created_at,
    intentos,
  });

const intentoDeFila = (f: IntentoFila): IntentoCitacion =>
  Object.assign(new IntentoCitacion(), {
    id: f.id,
    servicioId: f.servicio_id,
    fecha: f.fecha,
    medio: f.medio,
    resultado: f.resultado,
    registradoPorId: f.registrado_por,
    creadoEn: f.created_at,
  });

/**
 * What `rol` sees of a citación, the one function both APIs answer through: a doctor everything;
 * every other role that a call is due ('Citación pendiente'), its state, appointment and
 * attempts, never the reason, its detail, the donation it comes from, what was told, the
 * referral nor why it was closed.
 */
export function vistaCitacion(c: Citacion, rol: string | null | undefined): Citacion {
  if (veMotivoCitacion(rol)) return c;
  return Object.assign(new Citacion(), {
    ...c,
    motivo: null,
    detalle: null,
    donacionId: null,
    motivoTexto: CITACION_PENDIENTE,
    informado: null,
    derivacion: null,
    motivoCierre: null,
  });
}

async function insertar(
  run: RunQuery,
  actor: { uid: string | null; servicio: string },
  donanteId: string,
  donacionId: string | null,
  motivo: MotivoCitacionName,
  detalle: string | null,
): Promise<string> {
  const [fila] = await run(
    `INSERT INTO citacion (servicio_id, donante_id, donacion_id, motivo, detalle, creada_por)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [actor.servicio, donanteId, donacionId, motivo, detalle, actor.uid],
  );
  const id = String(fila.id);
  const entry = auditStatement(actor, 'crear', 'citacion', id, { motivo, donacionId, estado: 'PENDIENTE' });
  await run(entry.sql, entry.params);
  return id;
}

/**
 * The call-back list's automatic entries, the one place the laboratory's results reach it: called
 * by every path that writes a donation's results (DonacionService.cambiarResultados), in its
 * transaction, under its lock of the donor's person and the donation, with the results after the
 * change (domain/citacion.ts citacionDeResultados):
 * - a marker awaiting the confirmatory step opens a RESULTADO_REACTIVO_CONFIRMATORIO citación for
 *   the donor, unless one (or a RESULTADO_CONFIRMADO one) is open: one open per donor and reason;
 * - a confirmed positive turns the open RESULTADO_REACTIVO_CONFIRMATORIO one into
 *   RESULTADO_CONFIRMADO (the donor is now to be told), or opens one;
 * - nothing reactive left (a confirmatory negative, a repeat non-reactive in duplicate) closes the
 *   open RESULTADO_REACTIVO_CONFIRMATORIO citación of this donation, with that reason.
 */
export async function citacionesPorResultados(
  run: RunQuery,
  actor: Actor,
  donanteId: string,
  donacionId: string,
  resultados: readonly ResultadoMarcador[],
): Promise<void> {
  const pide = citacionDeResultados(resultados);
  const abiertas = (await run(
    `SELECT id, motivo, donacion_id, estado FROM citacion
      WHERE servicio_id = $1 AND donante_id = $2 AND estado = ANY($3::text[])
        AND motivo IN ('RESULTADO_REACTIVO_CONFIRMATORIO', 'RESULTADO_CONFIRMADO')
      ORDER BY created_at, id FOR UPDATE`,
    [actor.servicio, donanteId, ESTADOS_ABIERTOS],
  )) as { id: string; motivo: MotivoCitacionName; donacion_id: string | null; estado: EstadoCitacion }[];
  const reactiva = abiertas.find((c) => c.motivo === 'RESULTADO_REACTIVO_CONFIRMATORIO');
  const confirmada = abiertas.find((c) => c.motivo === 'RESULTADO_CONFIRMADO');
  const auditar = async (id: string, cambios: Record<string, unknown>) => {
    const entry = auditStatement(actor, 'editar', 'citacion', id, cambios);
    await run(entry.sql, entry.params);
  };
  if (pide.motivo === 'RESULTADO_CONFIRMADO') {
    if (confirmada) return;
    if (reactiva) {
      await run(
        `UPDATE citacion SET motivo = 'RESULTADO_CONFIRMADO', donacion_id = $2, updated_at = now() WHERE id = $1`,
        [reactiva.id, donacionId],
      );
      await auditar(reactiva.id, { motivo: [reactiva.motivo, 'RESULTADO_CONFIRMADO'] });
      return;
    }
    await insertar(run, actor, donanteId, donacionId, 'RESULTADO_CONFIRMADO', null);
    return;
  }
  if (pide.motivo === 'RESULTADO_REACTIVO_CONFIRMATORIO') {
    if (!reactiva && !confirmada)
      await insertar(run, actor, donanteId, donacionId, 'RESULTADO_REACTIVO_CONFIRMATORIO', null);
    return;
  }
  if (pide.motivo === null && reactiva && reactiva.donacion_id === donacionId) {
    await run(
      `UPDATE citacion SET estado = 'CERRADA', cerrada_en = now(), cerrada_por = $2, motivo_cierre = $3,
              updated_at = now() WHERE id = $1`,
      [reactiva.id, actor.uid, pide.cierre],
    );
    await auditar(reactiva.id, { estado: [reactiva.estado, 'CERRADA'] });
  }
}

function rechazo(paso: Extract<PasoCitacion, { ok: false }>): Error {
  return paso.tipo === 'permiso'
    ? new ForbiddenError(paso.errores[0].msg)
    : new ValidationError(paso.errores);
}

/** The call-back list: the list, a donor's open call, a doctor's own entries and each step. */
export class CitacionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
  ) {}

  /** The attempts of citaciones `ids`, oldest first, by citación. */
  private async intentosDe(run: RunQuery, servicio: string, ids: readonly string[]) {
    const out = new Map<string, IntentoCitacion[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const filas = (await run(
      `SELECT id, servicio_id, citacion_id, fecha::text AS fecha, medio, resultado, registrado_por, created_at
         FROM citacion_intento WHERE servicio_id = $1 AND citacion_id = ANY($2::uuid[])
        ORDER BY created_at, id`,
      [servicio, ids],
    )) as IntentoFila[];
    for (const f of filas) out.get(f.citacion_id)?.push(intentoDeFila(f));
    return out;
  }

  private async leer(run: RunQuery, auth: AuthUser, id: string): Promise<Citacion> {
    const [fila] = (await run(`SELECT ${COLUMNAS} FROM citacion c WHERE c.id = $1 AND c.servicio_id = $2`, [
      id,
      auth.servicio,
    ])) as CitacionFila[];
    if (!fila) throw new NotFoundError(MSG.citacionNoEncontrada);
    const intentos = await this.intentosDe(run, auth.servicio, [id]);
    return vistaCitacion(deFila(fila, intentos.get(id) ?? []), auth.rol);
  }

  /** The servicio's citaciones, open ones first by default filter, newest first; as `auth` may see them. */
  async search(
    auth: AuthUser,
    filtro: FiltroCitacionesData,
    page: { offset?: number | null; limit?: number | null } = {},
  ): Promise<Page<Citacion>> {
    const where = ['c.servicio_id = $1'];
    const params: unknown[] = [auth.servicio];
    if (filtro.estado !== undefined && filtro.estado !== null && filtro.estado !== '') {
      if (!isEstadoCitacion(filtro.estado)) throw ValidationError.single('estado', MSG.valorNoPermitido);
      params.push(filtro.estado);
      where.push(`c.estado = $${params.length}`);
    } else if (filtro.abiertas) {
      params.push(ESTADOS_ABIERTOS);
      where.push(`c.estado = ANY($${params.length}::text[])`);
    }
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(100, Math.max(1, Math.trunc(page.limit ?? 20)));
    const [{ total }] = await this.query(
      `SELECT count(*)::int AS total FROM citacion c WHERE ${where.join(' AND ')}`,
      params,
    );
    const filas = (await this.query(
      `SELECT ${COLUMNAS} FROM citacion c WHERE ${where.join(' AND ')}
        ORDER BY c.created_at DESC, c.id DESC OFFSET ${offset} LIMIT ${limit}`,
      params,
    )) as CitacionFila[];
    const intentos = await this.intentosDe(
      this.query,
      auth.servicio,
      filas.map((f) => f.id),
    );
    return {
      items: filas.map((f) => vistaCitacion(deFila(f, intentos.get(f.id) ?? []), auth.rol)),
      total: Number(total),
      offset,
      limit,
    };
  }

  async get(auth: AuthUser, id: string): Promise<Citacion> {
    if (!isUuid(id)) throw new NotFoundError(MSG.citacionNoEncontrada);
    return this.leer(this.query, auth, id);
  }

  /** Whether each donor (`ids` of `servicio`) has an open citación: the donors' badge, one query. */
  async pendientesDeDonantes(servicio: string, ids: readonly string[]): Promise<Map<string, boolean>> {
    const filas = (await this.query(
      `SELECT DISTINCT donante_id FROM citacion
        WHERE servicio_id = $1 AND donante_id = ANY($2::uuid[]) AND estado = ANY($3::text[])`,
      [servicio, ids, ESTADOS_ABIERTOS],
    )) as { donante_id: string }[];
    const abiertos = new Set(filas.map((f) => f.donante_id));
    return new Map(ids.map((id) => [id, abiertos.has(id)]));
  }

  /** A doctor adds a donor to the list for another reason ('OTRO', with its detail). */
  async crear(auth: AuthUser, donanteId: string, motivo: unknown, detalle: string | null | undefined) {
    if (!decideCitacion(auth.rol)) throw new ForbiddenError(MSG.soloMedicoCitacion);
    if (!isUuid(donanteId)) throw new NotFoundError();
    assertValid(validateNuevaCitacion(motivo, detalle));
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      if (!(await lockPersona(run, donanteId, auth.servicio))) throw new NotFoundError();
      const id = await insertar(run, auth, donanteId, null, 'OTRO', (detalle ?? '').trim());
      return this.leer(run, auth, id);
    });
  }

  /**
   * One step of a citación (domain/citacion.ts siguienteCitacion) under its row lock, audited: the
   * role first (so another role's refusal does not tell whether the id exists), then the state
   * and the data.
   */
  private async paso(auth: AuthUser, id: string, accion: AccionCitacion): Promise<Citacion> {
    if ((accion.tipo === 'asistencia' || accion.tipo === 'cerrar') && !decideCitacion(auth.rol))
      throw new ForbiddenError(MSG.soloMedicoCitacion);
    if (!isUuid(id)) throw new NotFoundError(MSG.citacionNoEncontrada);
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [fila] = (await run(
        `SELECT id, estado FROM citacion WHERE id = $1 AND servicio_id = $2 FOR UPDATE`,
        [id, auth.servicio],
      )) as { id: string; estado: EstadoCitacion }[];
      if (!fila) throw new NotFoundError(MSG.citacionNoEncontrada);
      const paso = siguienteCitacion(fila, accion, auth.rol, todayIso());
      if (!paso.ok) throw rechazo(paso);
      const cambios: Record<string, unknown> =
        paso.estado !== fila.estado ? { estado: [fila.estado, paso.estado] } : {};
      switch (accion.tipo) {
        case 'intento':
          await run(
            `INSERT INTO citacion_intento (servicio_id, citacion_id, fecha, medio, resultado, registrado_por)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [auth.servicio, id, accion.fecha, accion.medio, accion.resultado?.trim() || null, auth.uid],
          );
          Object.assign(cambios, { intentoFecha: accion.fecha, intentoMedio: accion.medio });
          await run(`UPDATE citacion SET updated_at = now() WHERE id = $1`, [id]);
          break;
        case 'cita':
          await run(`UPDATE citacion SET estado = $2, cita = $3, updated_at = now() WHERE id = $1`, [
            id,
            paso.estado,
            accion.fecha,
          ]);
          cambios.cita = accion.fecha;
          break;
        case 'asistencia':
          await run(
            `UPDATE citacion SET estado = $2, asistio_en = now(), informado = $3, derivacion = $4, updated_at = now()
              WHERE id = $1`,
            [id, paso.estado, accion.informado?.trim(), accion.derivacion?.trim() || null],
          );
          cambios.asistio = true;
          break;
        case 'cerrar':
          await run(
            `UPDATE citacion SET estado = $2, cerrada_en = now(), cerrada_por = $3, motivo_cierre = $4,
                    updated_at = now() WHERE id = $1`,
            [id, paso.estado, auth.uid, accion.motivo?.trim()],
          );
          break;
      }
      const entry = auditStatement(auth, 'editar', 'citacion', id, cambios);
      await run(entry.sql, entry.params);
      return this.leer(run, auth, id);
    });
  }

  registrarIntento(auth: AuthUser, id: string, data: IntentoData): Promise<Citacion> {
    return this.paso(auth, id, { tipo: 'intento', ...data });
  }

  registrarCita(auth: AuthUser, id: string, fecha: string | null | undefined): Promise<Citacion> {
    return this.paso(auth, id, { tipo: 'cita', fecha });
  }

  registrarAsistencia(
    auth: AuthUser,
    id: string,
    informado: string | null | undefined,
    derivacion: string | null | undefined,
  ): Promise<Citacion> {
    return this.paso(auth, id, { tipo: 'asistencia', informado, derivacion });
  }

  cerrar(auth: AuthUser, id: string, motivo: string | null | undefined): Promise<Citacion> {
    return this.paso(auth, id, { tipo: 'cerrar', motivo });
  }
}
