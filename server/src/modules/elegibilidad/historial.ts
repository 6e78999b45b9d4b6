/**
 * What the eligibility rules (domain/elegibilidad.ts) read from the database: a donor's history
 * and the servicio's rules. A person's history is that of every record with the same canonical DNI
 * at the servicio and the other members of its network, deleted records too (records awaiting a
 * merge share it; deleting a record and creating it again never starts a new history): their live
 * donations, and the deferrals of their deleted ones. One statement per batch of donors: the lists
 * ask for a page at once (loaders.ts), a creation for one donor under its lock (donacion.create.ts).
 */
import type { RunQuery } from '../../database/prepared';
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
 * Every record with the donor's DNI at the servicio and at the other members of its network
 * (servicios_de_red, migration 1763870000000, worked out once per statement), deleted ones too
 * (donante_persona_idx, migration 1763920000000), the donor itself included.
 */
const MISMA_PERSONA = `q.servicio_id = ANY((SELECT servicios_de_red($2::uuid))::uuid[]) AND q.dni = p.dni`;

/** Only the record itself: what one record brings to a merge (donante.duplicados.ts). */
const MISMO_REGISTRO = `q.id = p.id`;

/** Another member's name for a row of another servicio (what a refusal may say of it); else null. */
const otroServicio = (row: string) => `CASE WHEN ${row}.servicio_id <> p.servicio_id
    THEN (SELECT nombre FROM servicio WHERE id = ${row}.servicio_id) END`;

const donacionesSql = (vivas: boolean) => `(SELECT coalesce(json_agg(json_build_object(
      'id', d.id, 'donanteId', d.donante_id, 'servicioId', d.servicio_id, 'servicio', ${otroServicio('d')},
      'numero', d.numero, 'fecha', d.fecha,
      'donacionAferesis', d.donacion_aferesis, 'exclusionDefinitiva', d.exclusion_definitiva,
      'exclusionTiempo', d.exclusion_tiempo, 'serologia', d.serologia)), '[]')
     FROM donacion d WHERE d.donante_id = ANY(r.ids) AND d.deleted_at IS ${vivas ? 'NULL' : 'NOT NULL'})`;

/**
 * The person's records (`persona`) are found once per donor, in `r.ids`, and each part reads its
 * rows by them: a join per part, with the network's members worked out in each, cost 1.6 times
 * as much for a page. Lifts that a later change of their donation's result set aside
 * (anulado_at) lift nothing.
 */
const historialesSql = (persona: string, donantes = 'p.id = ANY($1::uuid[])') => `SELECT p.id, p.sexo,
  ${donacionesSql(true)} AS donaciones,
  ${donacionesSql(false)} AS eliminadas,
  (SELECT coalesce(json_agg(json_build_object(
      'id', v.id, 'donanteId', v.donante_id, 'servicioId', v.servicio_id, 'servicio', ${otroServicio('v')},
      'fecha', v.fecha, 'motivo', v.motivo, 'diferimientoDias', v.diferimiento_dias)), '[]')
     FROM visita_no_apto v WHERE v.donante_id = ANY(r.ids)) AS visitas,
  (SELECT coalesce(json_agg(json_build_object('origenId', l.origen_id, 'clave', l.clave)), '[]')
     FROM levantamiento_diferimiento l WHERE l.donante_id = ANY(r.ids) AND l.anulado_at IS NULL) AS levantamientos
  FROM donante p
  CROSS JOIN LATERAL (SELECT array_agg(q.id) AS ids FROM donante q WHERE ${persona}) r
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
  donaciones: DonacionDeHistorial[];
  eliminadas: DonacionDeHistorial[];
  visitas: Historial['visitas'];
  levantamientos: Historial['levantamientos'];
};

const conNumero = (ds: DonacionDeHistorial[]) => ds.map((d) => ({ ...d, numero: Number(d.numero) }));

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
        donante: { sexo: r.sexo },
        donaciones: conNumero(r.donaciones),
        eliminadas: conNumero(r.eliminadas),
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

/**
 * The person's records at this servicio only, deleted ones too: the donor type counts the
 * servicio's own history.
 */
const MISMA_PERSONA_DEL_SERVICIO = `q.servicio_id = p.servicio_id AND q.dni = p.dni`;

const PREVIAS_SQL = `SELECT x.id, (SELECT count(*) FROM donante p
      JOIN donante q ON ${MISMA_PERSONA_DEL_SERVICIO}
      JOIN donacion o ON o.donante_id = q.id AND o.deleted_at IS NULL
        AND (o.fecha < x.fecha OR (o.fecha = x.fecha AND o.created_at < x.created_at))
     WHERE p.id = x.donante_id)::int AS previas
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
    limite_anual_hombres AS "limiteAnualHombres", limite_anual_mujeres AS "limiteAnualMujeres"
  FROM servicio WHERE id = $1`;

/** The servicio's donation rules (the national norm if it has none). */
export async function reglasDelServicio(run: RunQuery, servicio: string): Promise<ReglasElegibilidad> {
  const [row] = (await run(REGLAS_SQL, [servicio])) as ReglasElegibilidad[];
  return row ?? REGLAS_DEFAULT;
}

const LOCK_PERSONA_SQL = `SELECT id FROM donante
  WHERE servicio_id = ANY(servicios_de_red($2)) AND deleted_at IS NULL
    AND dni = (SELECT dni FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL)
  ORDER BY id
  FOR UPDATE`;

/**
 * Locks the caller's live donor and every live record with its DNI at the servicio and the other
 * members of its network (in id order, so two lockers never deadlock) until the commit; false
 * when there is no such donor. Whoever records a donation for the person, at any member, waits
 * here for whoever holds it, so the rules read a history nobody is changing.
 */
export async function lockPersona(run: RunQuery, donanteId: string, servicio: string): Promise<boolean> {
  const rows = (await run(LOCK_PERSONA_SQL, [donanteId, servicio])) as { id: string }[];
  // A uuid may be sent in upper case; Postgres answers it in lower case.
  const id = donanteId.toLowerCase();
  return rows.some((r) => r.id === id);
}
