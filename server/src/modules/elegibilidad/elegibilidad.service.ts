import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { todayIso } from '../../domain/dates';
import {
  type Diferimiento,
  diferimientos,
  type Elegibilidad,
  evaluarElegibilidad,
  type ReglasElegibilidad,
  validateReglas,
} from '../../domain/elegibilidad';
import { MSG } from '../../domain/messages';
import { type NoAptoData, validateMotivo, validateNoApto } from '../../domain/no-apto';
import { decideMedicamente } from '../../domain/roles';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { preparedIn, type RunQuery } from '../../database/prepared';
import { TtlCache } from '../../database/ttl-cache';
import { type Actor, auditStatement, diff, lockAuditChains } from '../auditoria/audit';
import { Rol } from '../usuario/rol.enum';
import { type Historial, historialDe, historiales, lockPersona, reglasDelServicio } from './historial';
import type { VisitaNoApto } from './elegibilidad.types';

// The reads the other modules run inside their own transactions (creating and restoring a
// donation, merging donors): this module's surface is its service.
export {
  donacionesPrevias,
  historialDe,
  historialDelRegistro,
  historiales,
  lockPersona,
  reglasDelServicio,
} from './historial';
export type { Historial } from './historial';

/** The other members of the network whose records the history read: each one's name and donors. */
function otrosServicios(
  historial: Historial,
  servicio: string,
): Map<string, { nombre: string; donantes: Set<string> }> {
  const otros = new Map<string, { nombre: string; donantes: Set<string> }>();
  for (const r of [...historial.donaciones, ...historial.visitas]) {
    if (r.servicioId === servicio || !r.servicio) continue;
    const otro = otros.get(r.servicioId) ?? { nombre: r.servicio, donantes: new Set<string>() };
    otro.donantes.add(r.donanteId);
    otros.set(r.servicioId, otro);
  }
  return otros;
}

/**
 * A donation recorded (or restored) for a person who also has records at other members of the
 * network leaves an entry at both ends: at the servicio, which members it read, by whom; at each
 * member, which of its donors another servicio looked up (by the servicio's name: no user of
 * another servicio is named in a member's trail). Nothing else of the records travels.
 */
export async function auditarConsultaRed(
  run: RunQuery,
  actor: Actor,
  donanteId: string,
  historial: Historial,
): Promise<void> {
  const otros = otrosServicios(historial, actor.servicio);
  if (otros.size === 0) return;
  const [yo] = await run(`SELECT nombre FROM servicio WHERE id = $1`, [actor.servicio]);
  await lockAuditChains(run, [actor.servicio, ...otros.keys()]);
  const propia = auditStatement(actor, 'consultar', 'red', donanteId, {
    servicios: [...otros.values()].map((o) => o.nombre),
  });
  await run(propia.sql, propia.params);
  for (const [servicioId, otro] of otros) {
    for (const suyo of otro.donantes) {
      const entrada = auditStatement({ uid: null, servicio: servicioId }, 'consultar', 'red', suyo, {
        consultadoPor: String(yo?.nombre ?? actor.servicio),
      });
      await run(entrada.sql, entrada.params);
    }
  }
}

/**
 * Records a lift: its row (what the deferral was, Diferimiento.clave) and the 'levantar' audit
 * entry on the donor, with the reason (already checked). The caller holds the person's lock: the
 * explicit lift below, and a result made milder by a doctor (DonacionService.updateResultados).
 */
export async function registrarLevantamiento(
  run: RunQuery,
  actor: Actor,
  donanteId: string,
  diferimiento: Diferimiento,
  motivo: string,
): Promise<void> {
  await run(
    `INSERT INTO levantamiento_diferimiento (id, servicio_id, donante_id, origen_id, clave, motivo, usuario_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [randomUUID(), actor.servicio, donanteId, diferimiento.origenId, diferimiento.clave, motivo, actor.uid],
  );
  const entry = auditStatement(actor, 'levantar', 'donante', donanteId, {
    diferimiento: diferimiento.texto,
    origen: diferimiento.origen,
    origenId: diferimiento.origenId,
    motivo,
  });
  await run(entry.sql, entry.params);
}

/** Told the history a creation or a restore read (donacion.create.ts, donacion.restore.ts). */
export type AlLeerHistorial = (donanteId: string, historial: Historial) => void;

/**
 * Runs `pasos` in one transaction. A refusal rolls back everything it wrote, the audit of the
 * network lookup too: when the steps had read a history (`alLeer`), that lookup's entries are
 * written again, by auditarConsultaRed, in a transaction of their own. Each lookup leaves its
 * trace at both ends whatever the answer; the refused record writes nothing.
 */
export async function conConsultaRedAuditada<T>(
  dataSource: DataSource,
  actor: Actor,
  pasos: (run: RunQuery, alLeer: AlLeerHistorial) => Promise<T>,
): Promise<T> {
  const leidas: { donanteId: string; historial: Historial }[] = [];
  try {
    return await dataSource.transaction((m) =>
      pasos(preparedIn(m), (donanteId, historial) => leidas.push({ donanteId, historial })),
    );
  } catch (error) {
    if (leidas.length > 0) {
      await dataSource.transaction(async (m) => {
        const run: RunQuery = (sql, params) => m.query(sql, params);
        for (const { donanteId, historial } of leidas)
          await auditarConsultaRed(run, actor, donanteId, historial);
      });
    }
    throw error;
  }
}

/**
 * A donation's result changed to a deferral lifted before (the same key): the new result is a new
 * deferral, so those lifts are set aside and it stands until someone lifts it again.
 */
export async function anularLevantamientos(
  run: RunQuery,
  servicio: string,
  diferimiento: Diferimiento,
): Promise<void> {
  await run(
    `UPDATE levantamiento_diferimiento SET anulado_at = now()
      WHERE origen_id = $1 AND clave = $2 AND servicio_id = $3 AND anulado_at IS NULL`,
    [diferimiento.origenId, diferimiento.clave, servicio],
  );
}

/** Whether the caller may lift or shorten a deferral (a medical decision, domain/roles.ts). */
export function puedeDecidir(auth: AuthUser): boolean {
  return decideMedicamente(auth.rol);
}

const VISITA_COLUMNS = `id, donante_id, fecha::text AS fecha, to_char(hora, 'HH24:MI') AS hora, motivo,
  ta_sistolica, ta_diastolica, fc, peso, temp, hb, hto, diferimiento_dias`;

type VisitaRow = Record<string, string | number | null>;

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

function visita(r: VisitaRow): VisitaNoApto {
  return {
    id: String(r.id),
    donanteId: String(r.donante_id),
    fecha: String(r.fecha),
    hora: String(r.hora),
    motivo: String(r.motivo),
    tas: num(r.ta_sistolica),
    tad: num(r.ta_diastolica),
    fc: num(r.fc),
    peso: num(r.peso),
    temp: num(r.temp),
    hb: num(r.hb),
    hto: num(r.hto),
    diferimientoDias: Number(r.diferimiento_dias),
  };
}

/** How many visits a donor's list shows, newest first. */
const VISITAS_MAX = 100;

/**
 * Donor safety outside the creation of a donation (which runs the same rules in its own steps,
 * donacion.create.ts): a donor's eligibility for the lists, 'No apto' screening visits, lifting a
 * deferral, and the servicio's donation rules.
 */
export class ElegibilidadService {
  /**
   * The servicio's rules as the lists show them, read at most once a second per process (a list
   * page would read them on every request). Creating, restoring and merging read them afresh in
   * their own transaction: what they decide never rests on this copy.
   */
  private readonly reglas = new TtlCache<string, ReglasElegibilidad>(1000);

  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
  ) {}

  /**
   * Today's eligibility of the servicio's donors `ids`, by id (one statement for a page). When
   * `actor` is given (a person looking at a list), a donor whose history was read at another member
   * of the network leaves the lookup's audit entries at both ends (auditarConsultaRed).
   */
  async deDonantes(
    servicio: string,
    ids: readonly string[],
    actor: Actor | null = null,
  ): Promise<Map<string, Elegibilidad>> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return new Map();
    const [hs, reglas] = await Promise.all([
      historiales(this.query, servicio, valid),
      this.reglas.get(servicio, () => reglasDelServicio(this.query, servicio)),
    ]);
    if (actor && actor.servicio === servicio) {
      // A page's lookups at other members are audited together. Every chain they touch is locked
      // first, in one ordered statement: locked donor by donor, two lists at three members could
      // each hold a chain the other waits for.
      const consultas = [...hs].filter(([, h]) => otrosServicios(h, actor.servicio).size > 0);
      if (consultas.length > 0) {
        const cadenas = consultas.flatMap(([, h]) => [...otrosServicios(h, actor.servicio).keys()]);
        await this.dataSource.transaction(async (m) => {
          const run: RunQuery = (sql, params) => m.query(sql, params);
          await lockAuditChains(run, [actor.servicio, ...cadenas]);
          for (const [id, h] of consultas) await auditarConsultaRed(run, actor, id, h);
        });
      }
    }
    const hoy = todayIso();
    return new Map([...hs].map(([id, h]) => [id, evaluarElegibilidad(h, reglas, hoy)]));
  }

  /**
   * Records that the donor came and could not donate. Under the person's lock, as a creation,
   * so a donation recorded at the same moment sees the deferral or is seen by it.
   */
  async registrarNoApto(auth: AuthUser, donanteId: string, data: NoAptoData): Promise<VisitaNoApto> {
    assertValid(validateNoApto(data, todayIso()));
    const sv = data.sv ?? {};
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      if (!isUuid(donanteId) || !(await lockPersona(run, donanteId, auth.servicio))) {
        throw new NotFoundError(MSG.donanteNoEncontrado);
      }
      const id = randomUUID();
      const values = {
        fecha: data.fecha!,
        hora: data.hora!,
        motivo: String(data.motivo).trim(),
        tas: sv.tas ?? null,
        tad: sv.tad ?? null,
        fc: sv.fc ?? null,
        peso: sv.peso ?? null,
        temp: sv.temp ?? null,
        hb: sv.hb ?? null,
        hto: sv.hto ?? null,
        diferimientoDias: data.diferimientoDias ?? 0,
      };
      const [row] = await run(
        `INSERT INTO visita_no_apto (id, servicio_id, donante_id, fecha, hora, motivo, ta_sistolica,
           ta_diastolica, fc, peso, temp, hb, hto, diferimiento_dias, registrado_por)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         RETURNING ${VISITA_COLUMNS}`,
        [id, auth.servicio, donanteId, ...Object.values(values), auth.uid],
      );
      await this.audit(run, auth, 'crear', 'visita_no_apto', id, diff(null, { donanteId, ...values }));
      return visita(row as VisitaRow);
    });
  }

  /** The donor's 'No apto' visits, newest first. */
  async visitasNoApto(auth: AuthUser, donanteId: string): Promise<VisitaNoApto[]> {
    if (!isUuid(donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const [donante] = await this.query(
      `SELECT id FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
      [donanteId, auth.servicio],
    );
    if (!donante) throw new NotFoundError(MSG.donanteNoEncontrado);
    const rows = (await this.query(
      `SELECT ${VISITA_COLUMNS} FROM visita_no_apto
        WHERE donante_id = $1 AND servicio_id = $2
        ORDER BY fecha DESC, hora DESC LIMIT ${VISITAS_MAX}`,
      [donanteId, auth.servicio],
    )) as VisitaRow[];
    return rows.map(visita);
  }

  /**
   * Lifts a deferral in force today (from a donation's result or a visit), with the reason: a
   * doctor's or the service administrator's decision, audited. A later change of that result is a
   * new deferral, which this lift does not cover.
   */
  async levantarDiferimiento(
    auth: AuthUser,
    donanteId: string,
    origenId: string,
    motivo: string,
  ): Promise<void> {
    if (!puedeDecidir(auth)) throw new ForbiddenError(MSG.soloMedicoLevanta);
    const invalido = validateMotivo(motivo);
    if (invalido) throw ValidationError.single('motivo', invalido);
    const texto = motivo.trim();
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      if (!isUuid(donanteId) || !(await lockPersona(run, donanteId, auth.servicio))) {
        throw new NotFoundError(MSG.donanteNoEncontrado);
      }
      const historial = await historialDe(run, auth.servicio, donanteId);
      const hoy = todayIso();
      // A deferral of a deleted donation is found too: deleting it lifted nothing.
      const origen = origenId.toLowerCase();
      const diferimiento = diferimientos(historial).find(
        (d) => d.origenId === origen && d.servicio === null && (d.hasta === null || d.hasta > hoy),
      );
      if (!diferimiento) throw ValidationError.single('origenId', MSG.diferimientoNoVigente);
      await registrarLevantamiento(run, auth, donanteId.toLowerCase(), diferimiento, texto);
    });
  }

  /** The servicio's donation rules: only its administrator changes them, within the norm's bounds. */
  async updateReglas(auth: AuthUser, data: ReglasElegibilidad): Promise<void> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateReglas(data));
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [antes] = (await run(
        `SELECT semanas_entre_donaciones AS "semanasEntreDonaciones",
           limite_anual_hombres AS "limiteAnualHombres", limite_anual_mujeres AS "limiteAnualMujeres"
         FROM servicio WHERE id = $1 FOR UPDATE`,
        [auth.servicio],
      )) as ReglasElegibilidad[];
      if (!antes) throw new NotFoundError();
      await run(
        `UPDATE servicio SET semanas_entre_donaciones = $2, limite_anual_hombres = $3,
           limite_anual_mujeres = $4, updated_at = now() WHERE id = $1`,
        [auth.servicio, data.semanasEntreDonaciones, data.limiteAnualHombres, data.limiteAnualMujeres],
      );
      const { semanasEntreDonaciones, limiteAnualHombres, limiteAnualMujeres } = data;
      const cambios = diff(antes, { semanasEntreDonaciones, limiteAnualHombres, limiteAnualMujeres });
      if (Object.keys(cambios).length > 0) {
        await this.audit(run, auth, 'editar', 'servicio', auth.servicio, cambios);
      }
    });
    this.reglas.forget(auth.servicio);
  }

  private async audit(
    run: RunQuery,
    actor: Actor,
    accion: Parameters<typeof auditStatement>[1],
    entidad: string,
    entidadId: string,
    cambios: Record<string, unknown>,
  ): Promise<void> {
    const entry = auditStatement(actor, accion, entidad, entidadId, cambios);
    await run(entry.sql, entry.params);
  }
}
