import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { todayIso } from '../../domain/dates';
import { serologiaVacia, type Serologia } from '../../domain/donacion';
import {
  type Diferimiento,
  diferimientos,
  diferimientoVigenteDeDonacion,
  diferimientoVisto,
  type DiferimientoVisto,
  type DonacionHistorial,
  type Elegibilidad,
  evaluarElegibilidad,
  type LevantamientoHistorial,
  type ReglasElegibilidad,
  textoDeClave,
  validateReglas,
} from '../../domain/elegibilidad';
import { MSG } from '../../domain/messages';
import { validateMotivo } from '../../domain/no-apto';
import { decideMedicamente, decideReactivo } from '../../domain/roles';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { type RunQuery } from '../../database/prepared';
import { TtlCache } from '../../database/ttl-cache';
import type { Page } from '../../graphql/pagination';
import { type Actor, auditStatement, diff } from '../auditoria/audit';
import {
  historialDe,
  historiales,
  type LevantamientoDePersona,
  levantamientosDePersonas,
  lockPersona,
  registrarConsultasDeLectura,
  reglasDelServicio,
} from '../persona/persona.service';
import { Rol } from '../usuario/rol.enum';
import { LEVANTAMIENTOS_DE_DONACIONES_SQL, PENDIENTES_SQL } from './elegibilidad.sql';

export type PageData = { offset?: number | null; limit?: number | null };

/** The columns the doctor's queue can be ordered by (GraphQL PendienteOrdenCampo). */
export type PendienteOrdenData = {
  campo: 'DONANTE' | 'NUMERO' | 'ESPERA';
  direccion?: 'ASC' | 'DESC' | null;
};

/** Surnames and names compared as people read them: accents and case aside. */
const nombres = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * How each column of the queue compares two entries, ascending; ties are broken by the donation's
 * id. The whole queue is read and ordered before it is cut into pages (the domain decides which
 * results await a decision), so the order is the server's, over every page.
 */
const ORDEN_PENDIENTES: Record<
  PendienteOrdenData['campo'],
  (a: PendienteDecisionData, b: PendienteDecisionData) => number
> = {
  DONANTE: (a, b) => nombres.compare(a.apellido, b.apellido) || nombres.compare(a.nombre, b.nombre),
  NUMERO: (a, b) => a.numero - b.numero,
  // A shorter wait is a later donation.
  ESPERA: (a, b) => b.fecha.localeCompare(a.fecha) || a.numero - b.numero,
};

/** A lift as the donor's screens show it (GraphQL Levantamiento, but for its author's name). */
export type LevantamientoData = Omit<LevantamientoDePersona, 'texto' | 'clave'> & { diferimiento: string };

/** One entry of the doctor's queue (GraphQL PendienteDecision). */
export type PendienteDecisionData = {
  donanteId: string;
  nombre: string;
  apellido: string;
  dni: string;
  donacionId: string;
  numero: number;
  fecha: string;
  eliminada: boolean;
  serologia: Serologia;
  diferimiento: DiferimientoVisto;
};

type PendienteRow = DonacionHistorial & {
  donanteId: string;
  nombre: string;
  apellido: string;
  dni: string;
  eliminada: boolean;
  levantamientos: LevantamientoHistorial[];
};

/**
 * Records a lift: its row (what the deferral was, Diferimiento.clave, and its words, which the
 * donor's screens show with who lifted it, when and why) and the 'levantar' audit
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
    `INSERT INTO levantamiento_diferimiento (id, servicio_id, donante_id, origen_id, clave, texto, motivo, usuario_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomUUID(),
      actor.servicio,
      donanteId,
      diferimiento.origenId,
      diferimiento.clave,
      diferimiento.texto,
      motivo,
      actor.uid,
    ],
  );
  const entry = auditStatement(actor, 'levantar', 'donante', donanteId, {
    diferimiento: diferimiento.texto,
    origen: diferimiento.origen,
    origenId: diferimiento.origenId,
    motivo,
  });
  await run(entry.sql, entry.params);
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

/** Whether the caller may end or soften a reactive marker's deferral, or defer for good at a visit: a doctor. */
export function puedeDecidirReactivo(auth: AuthUser): boolean {
  return decideReactivo(auth.rol);
}

/**
 * Eligibility applied to a person's history (modules/persona) outside the creation of a donation
 * (which runs the same rules in its own steps, donacion.create.ts): a donor's eligibility for the
 * lists, lifting a deferral, and the servicio's donation rules. 'No apto' visits are modules/no-apto.
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
    // A page's lookups at other members go to the access log in one statement: a read takes no
    // lock and leaves the audit chain's head to the writes.
    if (actor && actor.servicio === servicio) await registrarConsultasDeLectura(this.query, actor, hs);
    const hoy = todayIso();
    return new Map([...hs].map(([id, h]) => [id, evaluarElegibilidad(h, reglas, hoy)]));
  }

  /**
   * The lifts in force of the servicio's donations `ids`, by donation id (lower case): a list's
   * donations in one statement, for the deferral each one's result imposes
   * (domain diferimientoVigenteDeDonacion).
   */
  async levantamientosDeDonaciones(
    servicio: string,
    ids: readonly string[],
  ): Promise<Map<string, LevantamientoHistorial[]>> {
    const rows = (await this.query(LEVANTAMIENTOS_DE_DONACIONES_SQL, [
      ids,
      servicio,
    ])) as LevantamientoHistorial[];
    const porDonacion = new Map<string, LevantamientoHistorial[]>();
    for (const l of rows) porDonacion.set(l.origenId, [...(porDonacion.get(l.origenId) ?? []), l]);
    return porDonacion;
  }

  /**
   * The lifts of the persons of the servicio's donors `ids`, newest first, by donor id: which
   * deferral (its words when lifted), when, by whom (usuarioId, a user of the servicio) and why.
   */
  async levantamientosDeDonantes(
    servicio: string,
    ids: readonly string[],
  ): Promise<Map<string, LevantamientoData[]>> {
    const porDonante = await levantamientosDePersonas(this.query, servicio, ids);
    return new Map(
      [...porDonante].map(([id, lista]) => [
        id,
        lista.map(({ texto, clave, ...l }) => ({ ...l, diferimiento: texto ?? textoDeClave(clave) })),
      ]),
    );
  }

  /**
   * The doctor's queue: the servicio's donations whose reactive result awaits a medical decision
   * (a deferral of kind 'Pendiente' nobody lifted), oldest first, with the live record of the
   * person to decide on. For whoever takes medical decisions (ROL_MEDICO, ROL_SERVICIO).
   */
  async pendientes(
    auth: AuthUser,
    page: PageData = {},
    orden?: PendienteOrdenData | null,
  ): Promise<Page<PendienteDecisionData>> {
    if (!puedeDecidir(auth)) throw new ForbiddenError();
    const compara = orden ? ORDEN_PENDIENTES[orden.campo] : undefined;
    if (orden && !compara) throw ValidationError.single('campo', MSG.ordenInvalido);
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 20;
    const rows = (await this.query(PENDIENTES_SQL, [auth.servicio])) as PendienteRow[];
    const hoy = todayIso();
    const todos = rows.flatMap((r): PendienteDecisionData[] => {
      const donacion = { ...r, numero: Number(r.numero) };
      const diferimiento = diferimientoVigenteDeDonacion(donacion, r.levantamientos, hoy);
      if (diferimiento?.tipo !== 'Pendiente') return [];
      return [
        {
          donanteId: r.donanteId,
          nombre: r.nombre,
          apellido: r.apellido,
          dni: r.dni,
          donacionId: r.id,
          numero: donacion.numero,
          fecha: r.fecha,
          eliminada: r.eliminada,
          serologia: { ...serologiaVacia(), ...r.serologia },
          diferimiento: diferimientoVisto(diferimiento, hoy),
        },
      ];
    });
    if (compara) {
      const signo = orden?.direccion === 'DESC' ? -1 : 1;
      todos.sort((a, b) => signo * (compara(a, b) || a.donacionId.localeCompare(b.donacionId)));
    }
    return { items: todos.slice(offset, offset + limit), total: todos.length, offset, limit };
  }

  /**
   * Whether the servicio's live donor `donanteId` may donate today, as the new-donation screen shows
   * it: 'Generar Etiquetas' asks before it issues a number (DonacionService.nextEtiquetaNumero).
   * `aferesis`: the donation is by apheresis (the yearly whole-blood limit does not count it). Rules
   * read afresh; another member's records read are logged as a list's are. Not a decision under
   * the person's lock: creating the donation checks everything again.
   */
  async deHoy(auth: AuthUser, donanteId: string, { aferesis = false } = {}): Promise<Elegibilidad> {
    if (!isUuid(donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const id = donanteId.toLowerCase();
    const [vivo] = await this.query(
      `SELECT id FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
      [id, auth.servicio],
    );
    if (!vivo) throw new NotFoundError(MSG.donanteNoEncontrado);
    const [hs, reglas] = await Promise.all([
      historiales(this.query, auth.servicio, [id]),
      reglasDelServicio(this.query, auth.servicio),
    ]);
    await registrarConsultasDeLectura(this.query, auth, hs);
    const historial = hs.get(id);
    if (!historial) throw new NotFoundError(MSG.donanteNoEncontrado);
    return evaluarElegibilidad(historial, reglas, todayIso(), { aferesis });
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
      if (diferimiento.confirmado) throw new ForbiddenError(MSG.confirmadoNoSeLevanta);
      if (diferimiento.reactivo && !puedeDecidirReactivo(auth))
        throw new ForbiddenError(MSG.soloMedicoReactivo);
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
