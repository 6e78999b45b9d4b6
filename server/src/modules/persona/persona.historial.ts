/**
 * What the eligibility rules (domain/elegibilidad.ts) read from the database: a person's history
 * and the servicio's rules. A person's history is that of every record of the person (persona_id:
 * deleted records too, merged ones, a record created again), of every record that shares one of
 * its DNIs at the other members of the network, and, for safety, of every record here or at a
 * member whose DNI has the same digits as one of the person's (persona_identificador.clave)
 * unless the servicio recorded that the two are different people (persona_distinta): their live
 * donations, their visits, and the deferrals of their deleted donations. One statement per batch
 * of donors: the lists ask for a page at once (elegibilidad.loaders.ts), a creation for one
 * donor under its lock (donacion.create.ts).
 */
import type { RunQuery } from '../../database/prepared';
import type { UmbralesTamizaje } from '../../domain/donacion';
import {
  type DonacionHistorial,
  type HistorialDonante,
  type VisitaHistorial,
  REGLAS_DEFAULT,
  type ReglasElegibilidad,
} from '../../domain/elegibilidad';

/** Where a history's row was recorded: the record and the servicio (another member's, by name). */
type Origen = { donanteId: string; servicioId: string };

/** A history's donation, with the record it belongs to. */
export type DonacionDeHistorial = DonacionHistorial & Origen;

export type Historial = Omit<HistorialDonante, 'donaciones' | 'eliminadas' | 'visitas'> & {
  donaciones: DonacionDeHistorial[];
  eliminadas: DonacionDeHistorial[];
  visitas: (VisitaHistorial & Origen)[];
};

/**
 * The records read as the donor's person (migration 1764000000000): for each of the person's
 * identifiers, every identifier with its key at the servicio and the network's members
 * (servicios_de_red, worked out once per statement), unless it is another DNI that the servicio
 * recorded as another person; then every record of those persons, deleted ones too.
 */
const MISMA_PERSONA = `SELECT array_agg(DISTINCT q.id) AS ids
    FROM persona_identificador yo
    JOIN persona_identificador otro ON otro.clave = yo.clave
     AND otro.servicio_id = ANY((SELECT servicios_de_red($2::uuid))::uuid[])
    JOIN donante q ON q.persona_id = otro.persona_id
   WHERE yo.persona_id = p.persona_id
     AND (otro.persona_id = p.persona_id OR otro.dni = yo.dni OR NOT EXISTS (
       SELECT 1 FROM persona_distinta x
        WHERE x.servicio_id = $2::uuid AND x.dni_a = least(otro.dni, yo.dni) AND x.dni_b = greatest(otro.dni, yo.dni)))`;

/** Only the record itself: what one record brings to a merge (donante.duplicados.ts). */
const MISMO_REGISTRO = `SELECT ARRAY[p.id] AS ids`;

/** Another member's name for a row of another servicio (what a refusal may say of it); else null. */
const otroServicio = (row: string) => `CASE WHEN ${row}.servicio_id <> p.servicio_id
    THEN (SELECT coalesce(nombre_en_red, nombre) FROM servicio WHERE id = ${row}.servicio_id) END`;

/**
 * A history's donation as the statement sends it: its values in this order, without their names.
 * The donations are most of what a page's histories weigh (a page of 20 donors: 31 kB with the
 * names, 22 kB without), and Postgres builds and Node parses each byte: `fila` and `aDonacion`
 * below are the one place that knows the order.
 */
type DonacionFila = [
  id: string,
  donanteId: string,
  servicioId: string,
  servicio: string | null,
  numero: number | string,
  fecha: string,
  donacionAferesis: boolean,
  exclusionDefinitiva: string | null,
  exclusionTiempo: number | null,
  serologia: DonacionHistorial['serologia'],
  confirmado: boolean | null,
  abo: string | null,
  rh: string | null,
];

const fila = (d: string) => `json_build_array(${d}.id, ${d}.donante_id, ${d}.servicio_id, ${otroServicio(d)},
      ${d}.numero, ${d}.fecha, ${d}.donacion_aferesis, ${d}.exclusion_definitiva, ${d}.exclusion_tiempo,
      ${d}.serologia, ${d}.serologia_confirmada, ${d}.abo, ${d}.rh)`;

const aDonacion = (f: DonacionFila): DonacionDeHistorial => ({
  id: f[0],
  donanteId: f[1],
  servicioId: f[2],
  servicio: f[3],
  numero: Number(f[4]),
  fecha: f[5],
  donacionAferesis: f[6],
  exclusionDefinitiva: f[7],
  exclusionTiempo: f[8],
  serologia: f[9],
  confirmado: f[10],
  abo: f[11],
  rh: f[12],
});

const donacionesSql = (vivas: boolean) => `(SELECT coalesce(json_agg(${fila('d')}), '[]')
     FROM donacion d WHERE d.donante_id = ANY(r.ids) AND d.deleted_at IS ${vivas ? 'NULL' : 'NOT NULL'})`;

/**
 * The person's records (`persona`) are found once per donor, in `r.ids`, and each part reads its
 * rows by them: a join per part, with the network's members worked out in each, cost 1.6 times
 * as much for a page. Lifts that a later change of their donation's result set aside
 * (anulado_at) lift nothing.
 */
const historialesSql = (
  persona: string,
  donantes = 'p.id = ANY($1::uuid[])',
) => `SELECT p.id, p.sexo, p.fecha_nacimiento::text AS fecha_nacimiento,
  ${donacionesSql(true)} AS donaciones,
  ${donacionesSql(false)} AS eliminadas,
  (SELECT coalesce(json_agg(json_build_object(
      'id', v.id, 'donanteId', v.donante_id, 'servicioId', v.servicio_id, 'servicio', ${otroServicio('v')},
      'fecha', v.fecha, 'motivo', v.motivo, 'diferimientoDias', v.diferimiento_dias,
      'definitivo', v.definitivo)), '[]')
     FROM visita_no_apto v WHERE v.donante_id = ANY(r.ids)) AS visitas,
  (SELECT coalesce(json_agg(json_build_object('origenId', l.origen_id, 'clave', l.clave)), '[]')
     FROM levantamiento_diferimiento l WHERE l.donante_id = ANY(r.ids) AND l.anulado_at IS NULL) AS levantamientos
  FROM donante p
  CROSS JOIN LATERAL (${persona}) r
  WHERE ${donantes} AND p.servicio_id = $2`;

const HISTORIALES_SQL = historialesSql(MISMA_PERSONA);
/**
 * One donor's (a creation, under its lock): by `p.id = $1`, whose plan Postgres keeps. With a
 * list it planned the statement again on every execution (its plan for one value looks cheaper
 * than one for a list of unknown length), which cost more than running it.
 */
const HISTORIAL_DE_SQL = historialesSql(MISMA_PERSONA, 'p.id = $1::uuid');
const REGISTRO_SQL = historialesSql(MISMO_REGISTRO, 'p.id = $1::uuid');

type HistorialRow = {
  id: string;
  sexo: string;
  fecha_nacimiento: string | null;
  donaciones: DonacionFila[];
  eliminadas: DonacionFila[];
  visitas: Historial['visitas'];
  levantamientos: Historial['levantamientos'];
};

async function leer(
  run: RunQuery,
  sql: string,
  servicio: string,
  ids: readonly string[] | string,
): Promise<Map<string, Historial>> {
  const rows = (await run(sql, [ids, servicio])) as HistorialRow[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        donante: { sexo: r.sexo, fechaNacimiento: r.fecha_nacimiento },
        donaciones: r.donaciones.map(aDonacion),
        eliminadas: r.eliminadas.map(aDonacion),
        visitas: r.visitas,
        levantamientos: r.levantamientos,
      },
    ]),
  );
}

/**
 * The histories of the servicio's donors `ids` (deleted ones too), by donor id (lower case, as
 * Postgres writes a uuid); others are absent.
 */
export async function historiales(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
): Promise<Map<string, Historial>> {
  return leer(run, HISTORIALES_SQL, servicio, ids);
}

const VACIO: Historial = {
  donante: { sexo: '' },
  donaciones: [],
  eliminadas: [],
  visitas: [],
  levantamientos: [],
};

/** One donor's history (empty when the servicio has no such donor). */
export async function historialDe(run: RunQuery, servicio: string, id: string): Promise<Historial> {
  return (await leer(run, HISTORIAL_DE_SQL, servicio, id)).get(id.toLowerCase()) ?? VACIO;
}

/**
 * What one record holds by itself (its own donations, visits and lifts, not the person's): the
 * two halves of a merge, checked again as one (donante.duplicados.ts).
 */
export async function historialDelRegistro(run: RunQuery, servicio: string, id: string): Promise<Historial> {
  return (await leer(run, REGISTRO_SQL, servicio, id)).get(id.toLowerCase()) ?? VACIO;
}

/** A lift of a deferral as the donor's screens show it: which, when, who and why. */
export type LevantamientoDePersona = {
  id: string;
  origenId: string;
  /** The deferral's words when it was lifted (null for a lift recorded before they were kept). */
  texto: string | null;
  clave: string;
  motivo: string;
  usuarioId: string | null;
  at: Date;
  anulado: boolean;
};

/**
 * The lifts recorded at the servicio for the person of each donor `ids` (the records the history
 * reads, MISMA_PERSONA), newest first: another member's lifts stay with that member.
 */
const LEVANTAMIENTOS_SQL = `SELECT p.id AS "donanteId", l.id, l.origen_id AS "origenId", l.texto, l.clave, l.motivo,
    l.usuario_id AS "usuarioId", l.created_at AS at, l.anulado_at IS NOT NULL AS anulado
  FROM donante p
  CROSS JOIN LATERAL (${MISMA_PERSONA}) r
  JOIN levantamiento_diferimiento l ON l.donante_id = ANY(r.ids) AND l.servicio_id = $2
  WHERE p.id = ANY($1::uuid[]) AND p.servicio_id = $2
  ORDER BY l.created_at DESC, l.id`;

/** The lifts of the persons of the servicio's donors `ids`, by donor id (lower case); none: absent. */
export async function levantamientosDePersonas(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
): Promise<Map<string, LevantamientoDePersona[]>> {
  const rows = (await run(LEVANTAMIENTOS_SQL, [ids, servicio])) as (LevantamientoDePersona & {
    donanteId: string;
  })[];
  const porDonante = new Map<string, LevantamientoDePersona[]>();
  for (const { donanteId, ...l } of rows) {
    porDonante.set(donanteId, [...(porDonante.get(donanteId) ?? []), l]);
  }
  return porDonante;
}

/**
 * The one definition of a donation's earlier donations (donacion_previas, migration
 * 1764000000000), which the indicators' roll-up reads too: the person's live donations at the
 * servicio before it (its deleted records too).
 */
const PREVIAS_SQL = `SELECT x.id, donacion_previas(x.id) AS previas
  FROM donacion x WHERE x.id = ANY($1::uuid[]) AND x.servicio_id = $2`;

/**
 * How many live donations of the same person the servicio recorded before each donation `ids`
 * (by date, then by when they were recorded): the donor type's history (domain tipoDonante).
 */
export async function donacionesPrevias(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const rows = (await run(PREVIAS_SQL, [ids, servicio])) as { id: string; previas: number }[];
  return new Map(rows.map((r) => [r.id, Number(r.previas)]));
}

const REGLAS_SQL = `SELECT semanas_entre_donaciones AS "semanasEntreDonaciones",
    limite_anual_hombres AS "limiteAnualHombres", limite_anual_mujeres AS "limiteAnualMujeres",
    umbral_hb_min_mujer::float8 AS "hbMinMujer", umbral_hb_min_hombre::float8 AS "hbMinHombre",
    umbral_hb_max::float8 AS "hbMax", umbral_hcto_min_mujer::float8 AS "hctoMinMujer",
    umbral_hcto_min_hombre::float8 AS "hctoMinHombre", umbral_hcto_max::float8 AS "hctoMax"
  FROM servicio WHERE id = $1`;

/** The servicio's donation rules, with its screening thresholds (domain/donacion.ts validateSignosVitales). */
export type ReglasDelServicio = ReglasElegibilidad & { umbrales?: UmbralesTamizaje };

/** The servicio's donation rules and screening thresholds (the national norm if it has none). */
export async function reglasDelServicio(run: RunQuery, servicio: string): Promise<ReglasDelServicio> {
  const [row] = (await run(REGLAS_SQL, [servicio])) as (Omit<ReglasElegibilidad, 'umbrales'> &
    UmbralesTamizaje)[];
  if (!row) return REGLAS_DEFAULT;
  const { semanasEntreDonaciones, limiteAnualHombres, limiteAnualMujeres, ...umbrales } = row;
  return { semanasEntreDonaciones, limiteAnualHombres, limiteAnualMujeres, umbrales };
}

const CLAVES_SQL = `SELECT coalesce(array_agg(DISTINCT i.clave ORDER BY i.clave), '{}') AS claves
  FROM donante d JOIN persona_identificador i ON i.persona_id = d.persona_id
  WHERE d.id = $1 AND d.servicio_id = $2`;

const LOCK_DONANTE_SQL = `SELECT id FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL FOR UPDATE`;

/** The keys (persona_identificador.clave) of the donor's person; empty for no such donor. */
export async function clavesDe(run: RunQuery, donanteId: string, servicio: string): Promise<string[]> {
  const [row] = (await run(CLAVES_SQL, [donanteId, servicio])) as { claves: string[] }[];
  return row?.claves ?? [];
}

/** Takes the person's lock on `claves` (persona_bloquear: every key, in one order), until the commit. */
export async function bloquearClaves(run: RunQuery, claves: readonly string[]): Promise<void> {
  if (claves.length > 0) await run(`SELECT persona_bloquear($1::text[])`, [claves]);
}

/**
 * Locks the caller's live donor's person until the commit: the advisory lock of each of its keys
 * (shared by every record read as the person, here and at the network's members), then the
 * donor's row. False when there is no such donor. Whoever records a donation, a result, a merge
 * or a DNI change for the person, at any member, waits here for whoever holds it, so the rules
 * read a history nobody is changing. The keys are read again once locked: a merge or a DNI
 * change committed meanwhile may have given the person another one, which is locked too.
 */
export async function lockPersona(run: RunQuery, donanteId: string, servicio: string): Promise<boolean> {
  let bloqueadas: string[] = [];
  for (;;) {
    const claves = await clavesDe(run, donanteId, servicio);
    const nuevas = claves.filter((c) => !bloqueadas.includes(c));
    if (nuevas.length === 0) break;
    await bloquearClaves(run, claves);
    bloqueadas = claves;
  }
  if (bloqueadas.length === 0) return false;
  const rows = (await run(LOCK_DONANTE_SQL, [donanteId, servicio])) as { id: string }[];
  return rows.length > 0;
}
