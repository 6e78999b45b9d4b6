/**
 * The person (migration 1764000000000): one per human at a servicio, owning every DNI it ever had
 * and every record written for it. Identity, the person's lock, its history and the person-level
 * transaction live here; eligibility (modules/elegibilidad) applies the rules to that history, and
 * creating a donor, a donation, a result or a merge goes through these functions inside its own
 * transaction.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { canonicalDni } from '../../domain/dni';
import { validateMotivo } from '../../domain/no-apto';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { CONSULTAS_RED_POR_DIA, CONSULTAS_RED_POR_MINUTO } from '../../domain/limites';
import { ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../errors';
import { preparedIn, type RunQuery } from '../../database/prepared';
import { type Actor, auditStatement, lockAuditChains } from '../auditoria/audit';
import { Rol } from '../usuario/rol.enum';
import { bloquearClaves, clavesDe, type Historial } from './persona.historial';

export {
  bloquearClaves,
  donacionesPrevias,
  historialDe,
  historialDelRegistro,
  historiales,
  levantamientosDePersonas,
  lockPersona,
  reglasDelServicio,
} from './persona.historial';
export type { DonacionDeHistorial, Historial, LevantamientoDePersona } from './persona.historial';

/** The other members of the network whose records the history read: each one's name and donors. */
export function otrosServicios(
  historial: Historial,
  servicio: string,
): Map<string, { nombre: string; donantes: Set<string> }> {
  const otros = new Map<string, { nombre: string; donantes: Set<string> }>();
  for (const r of [...historial.donaciones, ...historial.eliminadas, ...historial.visitas]) {
    if (r.servicioId === servicio || !r.servicio) continue;
    const otro = otros.get(r.servicioId) ?? { nombre: r.servicio, donantes: new Set<string>() };
    otro.donantes.add(r.donanteId);
    otros.set(r.servicioId, otro);
  }
  return otros;
}

/**
 * A donation recorded (or restored) for a person who also has records at other members of the
 * network leaves an entry at both ends of the audit trail: at the servicio, which members it
 * read, by whom; at each member, which of its donors another servicio looked up (by the servicio's
 * name: no user of another servicio is named in a member's trail). Nothing else of the records
 * travels. A write: it runs in the write's transaction, which holds the chains' heads.
 */
export async function auditarConsultaRed(
  run: RunQuery,
  actor: Actor,
  donanteId: string,
  historial: Historial,
): Promise<void> {
  const otros = otrosServicios(historial, actor.servicio);
  if (otros.size === 0) return;
  // Another member's trail reads this servicio by the name the network approved.
  const [yo] = await run(`SELECT coalesce(nombre_en_red, nombre) AS nombre FROM servicio WHERE id = $1`, [
    actor.servicio,
  ]);
  await lockAuditChains(run, [actor.servicio, ...otros.keys()]);
  const propia = auditStatement(actor, 'consultar', 'red', donanteId, {
    servicios: [...otros.values()].map((o) => o.nombre),
  });
  await run(propia.sql, propia.params);
  // Counted in the access log too, as the reads are (the member's budget and the network's view).
  const filas = [...otros].flatMap(([servicioId, otro]) =>
    [...otro.donantes].map((suyo) => [servicioId, suyo]),
  );
  await run(CONSULTAS_LECTURA_SQL, [
    actor.servicio,
    actor.uid,
    filas.map(() => donanteId),
    filas.map((f) => f[0]),
    filas.map((f) => f[1]),
  ]);
  for (const [servicioId, otro] of otros) {
    for (const suyo of otro.donantes) {
      const entrada = auditStatement({ uid: null, servicio: servicioId }, 'consultar', 'red', suyo, {
        consultadoPor: String(yo?.nombre ?? actor.servicio),
      });
      await run(entrada.sql, entrada.params);
    }
  }
}

const CONSULTAS_LECTURA_SQL = `INSERT INTO consulta_red
    (servicio_id, usuario_id, donante_id, servicio_consultado, donante_consultado)
  SELECT $1, $2, c.donante_id, c.servicio_consultado, c.donante_consultado
    FROM unnest($3::uuid[], $4::uuid[], $5::uuid[]) AS c(donante_id, servicio_consultado, donante_consultado)`;

/** Today in Argentina, as every date of the product. */
const HOY = `(clock_timestamp() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date`;
const HACE_UN_MINUTO = `clock_timestamp() - interval '1 minute'`;

/**
 * A read's lookups, logged within the member's budget (domain/limites.ts), in one statement:
 * - the member's distinct lookups of the last minute and of the day, and how many of the records
 *   read (`$5`) would be new in each (a record read again in the window is no new lookup: a list
 *   read twice costs nothing), from consulta_red_presupuesto (migration 1764330000000): a row per
 *   record and day, at most the daily budget's worth, whatever the number of reads;
 * - whether the read goes past either figure ($6 a minute, $7 a day);
 * - when it does not, the lookups written to the access log, consulta_red.
 */
const CONSULTAS_CON_PRESUPUESTO_SQL = `WITH v AS (
    SELECT donante_consultado AS d, ultima > ${HACE_UN_MINUTO} AS reciente, dia = ${HOY} AS hoy
      FROM consulta_red_presupuesto
     WHERE servicio_id = $1 AND dia >= ${HOY} - 1 AND (dia = ${HOY} OR ultima > ${HACE_UN_MINUTO})),
  leidos AS (SELECT DISTINCT x FROM unnest($5::uuid[]) x),
  cuenta AS (
    SELECT (SELECT count(DISTINCT d) FROM v WHERE reciente) AS minuto,
           (SELECT count(*) FROM v WHERE hoy) AS dia,
           (SELECT count(*) FROM leidos WHERE NOT EXISTS (SELECT 1 FROM v WHERE v.d = x AND v.reciente)) AS nuevos_minuto,
           (SELECT count(*) FROM leidos WHERE NOT EXISTS (SELECT 1 FROM v WHERE v.d = x AND v.hoy)) AS nuevos_dia),
  excede AS (
    SELECT nuevos_minuto > 0 AND minuto + nuevos_minuto > $6 AS por_minuto,
           nuevos_dia > 0 AND dia + nuevos_dia > $7 AS por_dia
      FROM cuenta),
  registro AS (
    INSERT INTO consulta_red (servicio_id, usuario_id, donante_id, servicio_consultado, donante_consultado)
    SELECT $1, $2, c.donante_id, c.servicio_consultado, c.donante_consultado
      FROM unnest($3::uuid[], $4::uuid[], $5::uuid[]) AS c(donante_id, servicio_consultado, donante_consultado)
     WHERE NOT (SELECT por_minuto OR por_dia FROM excede)
    RETURNING 1)
  SELECT por_minuto, por_dia, (SELECT count(*) FROM registro)::int AS registradas FROM excede`;

/**
 * The network lookups a read made (a list's eligibility), in the append-only access log
 * consulta_red: one statement, no lock, the audit chain's head untouched (a read never waits for
 * a write, nor two lists for each other). Each row names both ends: the servicio that looked and
 * its donor, the member and its record; it is sealed with a hash linked to the servicio's previous
 * row (migration 1764000000000), and neither end can change or remove it. Past the member's
 * budget, the read answers 429 in Spanish and reveals nothing; counted in the database, so every
 * server process sees the same figures.
 */
export async function registrarConsultasDeLectura(
  run: RunQuery,
  actor: Actor,
  leidas: Iterable<[string, Historial]>,
): Promise<void> {
  const filas = consultasDe(leidas, actor.servicio);
  if (filas.length === 0) return;
  const [row] = (await run(CONSULTAS_CON_PRESUPUESTO_SQL, [
    actor.servicio,
    actor.uid,
    filas.map((f) => f[0]),
    filas.map((f) => f[1]),
    filas.map((f) => f[2]),
    CONSULTAS_RED_POR_MINUTO,
    CONSULTAS_RED_POR_DIA,
  ])) as { por_minuto: boolean; por_dia: boolean }[];
  if (!row.por_minuto && !row.por_dia) return;
  // The refusal itself is kept: the network's account sees it beside the member's lookups.
  await run(`INSERT INTO consulta_red_rechazo (servicio_id, usuario_id) VALUES ($1, $2)`, [
    actor.servicio,
    actor.uid,
  ]);
  const manana = new Date();
  manana.setHours(24, 0, 0, 0);
  throw new TooManyRequestsError(
    row.por_dia ? manana.getTime() - Date.now() : 60_000,
    MSG.consultasRedDemasiadas,
  );
}

/**
 * The network lookups that histories read by `servicio` make: for each donor read, each record of
 * another member whose rows (donations, deleted ones, 'No apto' visits) its history holds, once.
 */
export function consultasDe(
  leidas: Iterable<[string, Historial]>,
  servicio: string,
): [donanteId: string, servicioConsultado: string, donanteConsultado: string][] {
  const filas: [string, string, string][] = [];
  for (const [donanteId, historial] of leidas) {
    for (const [servicioId, otro] of otrosServicios(historial, servicio)) {
      for (const suyo of otro.donantes) filas.push([donanteId, servicioId, suyo]);
    }
  }
  return filas;
}

/** Told the history a creation or a restore read (donacion.create.ts, donacion.restore.ts). */
export type AlLeerHistorial = (donanteId: string, historial: Historial) => void;

/**
 * The person-level transaction: runs `pasos` in one transaction. A refusal rolls back everything
 * it wrote, the audit of the network lookup too: when the steps had read a history (`alLeer`),
 * that lookup's entries are written again, by auditarConsultaRed, in a transaction of their own.
 * Each lookup leaves its trace at both ends whatever the answer; the refused record writes nothing.
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

/** A person of the servicio that a DNI names, and its live record (the one holding the DNI first). */
export type PersonaDelDni = {
  personaId: string;
  vivo: { id: string; dni: string; apellido: string; nombre: string } | null;
};

const PERSONA_DEL_DNI_SQL = `SELECT i.persona_id,
    (SELECT json_build_object('id', d.id, 'dni', d.dni, 'apellido', d.apellido, 'nombre', d.nombre)
       FROM donante d WHERE d.persona_id = i.persona_id AND d.deleted_at IS NULL
      ORDER BY (d.dni = i.dni) DESC, d.duplicado_de IS NULL DESC, d.created_at, d.id LIMIT 1) AS vivo
  FROM persona_identificador i WHERE i.servicio_id = $1 AND i.dni = $2`;

/** The person `dni` (canonical) names at the servicio, or null when it names nobody yet. */
export async function personaDelDni(
  run: RunQuery,
  servicio: string,
  dni: string,
): Promise<PersonaDelDni | null> {
  const [row] = (await run(PERSONA_DEL_DNI_SQL, [servicio, dni])) as {
    persona_id: string;
    vivo: PersonaDelDni['vivo'];
  }[];
  return row ? { personaId: row.persona_id, vivo: row.vivo } : null;
}

/** Takes the lock of the persons `dnis` (canonical) may name, with the keys of `donanteIds`' persons. */
export async function lockIdentidad(
  run: RunQuery,
  servicio: string,
  dnis: readonly string[],
  donanteIds: readonly string[] = [],
): Promise<void> {
  const claves = new Set<string>();
  if (dnis.length > 0) {
    const rows = (await run(`SELECT dni_clave(d) AS clave FROM unnest($1::text[]) d`, [dnis])) as {
      clave: string;
    }[];
    for (const r of rows) claves.add(r.clave);
  }
  for (const id of donanteIds) for (const c of await clavesDe(run, id, servicio)) claves.add(c);
  await bloquearClaves(run, [...claves]);
}

/**
 * Joins person `otra` into `queda` (both of the servicio): every identifier and record of `otra`
 * becomes `queda`'s, and `otra` is marked unida_a. The caller holds both persons' locks.
 */
export async function unirPersonas(
  run: RunQuery,
  servicio: string,
  queda: string,
  otra: string,
): Promise<void> {
  if (queda === otra) return;
  await run(`UPDATE persona_identificador SET persona_id = $2 WHERE persona_id = $1 AND servicio_id = $3`, [
    otra,
    queda,
    servicio,
  ]);
  await run(`UPDATE donante SET persona_id = $2 WHERE persona_id = $1 AND servicio_id = $3`, [
    otra,
    queda,
    servicio,
  ]);
  await run(`UPDATE persona SET unida_a = $2 WHERE id = $1 AND servicio_id = $3`, [otra, queda, servicio]);
}

type RegistroPersona = { id: string; dni: string; persona_id: string };

/**
 * Records that distinguish a servicio's persons: ROL_SERVICIO's word that two records whose DNIs
 * share their digits are different people (audited), after which neither's history is read as the
 * other's. Records of one person (sharing a DNI, or merged) can never be told apart.
 */
export class PersonaService {
  constructor(private readonly dataSource: DataSource) {}

  async registrarDistintas(
    auth: AuthUser,
    donanteAId: string,
    donanteBId: string,
    motivo: string,
  ): Promise<void> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    const invalido = validateMotivo(motivo);
    if (invalido) throw ValidationError.single('motivo', invalido);
    if (!isUuid(donanteAId) || !isUuid(donanteBId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      await lockIdentidad(run, auth.servicio, [], [donanteAId, donanteBId]);
      const rows = (await run(
        `SELECT id, dni, persona_id FROM donante WHERE servicio_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`,
        [auth.servicio, [donanteAId, donanteBId]],
      )) as RegistroPersona[];
      const a = rows.find((r) => r.id === donanteAId.toLowerCase());
      const b = rows.find((r) => r.id === donanteBId.toLowerCase());
      if (!a || !b) throw new NotFoundError(MSG.donanteNoEncontrado);
      if (a.persona_id === b.persona_id) throw ValidationError.single('', MSG.personasDistintasMismaPersona);
      // Every pair of the two persons' DNIs that share their digits.
      const pares = (await run(
        `SELECT DISTINCT least(x.dni, y.dni) AS dni_a, greatest(x.dni, y.dni) AS dni_b
           FROM persona_identificador x JOIN persona_identificador y ON y.clave = x.clave
          WHERE x.persona_id = $1 AND y.persona_id = $2 AND x.dni <> y.dni`,
        [a.persona_id, b.persona_id],
      )) as { dni_a: string; dni_b: string }[];
      if (pares.length === 0) throw ValidationError.single('', MSG.personasDistintasSinDigitos);
      const texto = motivo.trim();
      for (const p of pares) {
        await run(
          `INSERT INTO persona_distinta (id, servicio_id, dni_a, dni_b, motivo, usuario_id)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (servicio_id, dni_a, dni_b) DO NOTHING`,
          [randomUUID(), auth.servicio, p.dni_a, p.dni_b, texto, auth.uid],
        );
      }
      for (const [yo, otro] of [
        [a, b],
        [b, a],
      ]) {
        const entry = auditStatement(auth, 'editar', 'donante', yo.id, {
          personaDistintaDe: [null, `${otro.id} (DNI ${canonicalDni(otro.dni)})`],
          motivo: [null, texto],
        });
        await run(entry.sql, entry.params);
      }
    });
  }
}
