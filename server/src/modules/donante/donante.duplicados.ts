/**
 * One identity per donor: the servicio's likely duplicate records, and their merge.
 *
 * Two kinds of pairs, in this order:
 *   1. 'Mismo DNI': a live record with duplicado_de (it shared its canonical DNI with an older one
 *      when the DNIs were canonicalised, migration 1763830000000), with the record it points at;
 *      read from donante_duplicado_idx, which holds only those rows.
 *   2. 'Mismo apellido, nombre y fecha de nacimiento' (the searchable forms: no accents, no case):
 *      each later record of a group with the group's oldest, read in the order of
 *      donante_homonimo_idx (an index-only read, no sort and no per-row lookups).
 *
 * A merge joins the two persons (modules/persona: both DNIs stay the person's identifiers), keeps
 * one record and moves to it everything that points at the other (DONANTE_HIJAS), then
 * soft-deletes the other with fusionado_con. The merged history is checked again with the
 * servicio's rules (interval, yearly limit, donations made while a deferral was in force): what it
 * breaks is answered as avisos, never a refusal (the donations happened).
 */
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import { hydrate } from '../../database/hydrate';
import type { RunQuery } from '../../database/prepared';
import { donanteDuplicadoMsg } from '../../domain/donante';
import { type HistorialDonante, revisarDiferimientos, revisarHistorial } from '../../domain/elegibilidad';
import { MSG } from '../../domain/messages';
import { ErrorList, isUuid } from '../../domain/validation';
import { assertValid, NotFoundError, ValidationError } from '../../errors';
import { PAGE_MAX } from '../../graphql/pagination';
import { audit, diff } from '../auditoria/audit';
import {
  historialDelRegistro,
  lockIdentidad,
  reglasDelServicio,
  unirPersonas,
} from '../persona/persona.service';
import { Donante } from './donante.entity';
import { DONANTE_COLUMNS } from './donante.search';
import { MOTIVO_DUPLICADO, MotivoDuplicado } from './donante.duplicados.types';

/** Every table whose rows belong to a donor (column donante_id): a merge moves them all. */
export const DONANTE_HIJAS: readonly string[] = [
  'donacion',
  'visita_no_apto',
  'levantamiento_diferimiento',
  'etiqueta_emitida',
  // The call-back list: a merged person keeps every call due (two open ones may then stand side by
  // side; the doctor closes one).
  'citacion',
  // Every attendance (modules/visita); its answers follow it.
  'visita',
  // The look-backs opened for the donor: the kept record answers for them. Two open ones for the
  // same cause may then stand side by side (each lists its own donations' units); opening checks
  // for one under the person's lock, which a merge holds too.
  'trazabilidad',
];

/** The furthest a page may start (as PageInput's offset). */
const OFFSET_MAX = 1_000_000;

export type ParDuplicadoData = { motivo: MotivoDuplicado; a: Donante; b: Donante };
export type ParesPage = { items: ParDuplicadoData[]; total: number; offset: number; limit: number };
export type FusionData = { donante: Donante; donacionesMovidas: number; avisos: string[] };

/**
 * A page of pairs and the count of the whole list, in one statement: `pares` is `(b, a, k)`, k the
 * listing order. With no pair on the page, one row of NULLs still carries the total.
 */
const pagina = (pares: string) => `WITH p AS MATERIALIZED (${pares})
  SELECT (SELECT count(*) FROM p)::int AS total, x.b, x.a
    FROM (SELECT 1) uno
    LEFT JOIN LATERAL (SELECT b, a FROM p ORDER BY k OFFSET $2 LIMIT $3) x ON true`;

export const PARES_DNI_SQL = pagina(`
  SELECT b.id AS b, a.id AS a, row_number() OVER (ORDER BY b.created_at, b.id) AS k
    FROM donante b
    JOIN donante a ON a.id = b.duplicado_de AND a.servicio_id = $1 AND a.deleted_at IS NULL
   WHERE b.servicio_id = $1 AND b.deleted_at IS NULL AND b.duplicado_de IS NOT NULL`);

/**
 * Persons of the servicio whose DNIs share their digits (persona_identificador.clave) and whom
 * nobody recorded as different people: one person for eligibility until then. Each pair is
 * shown by each person's oldest live record.
 */
export const PARES_DIGITOS_SQL = pagina(`
  WITH claves AS (
    SELECT clave FROM persona_identificador WHERE servicio_id = $1
     GROUP BY clave HAVING count(DISTINCT persona_id) > 1)
  , pares AS (
    SELECT DISTINCT least(x.persona_id, y.persona_id) AS pa, greatest(x.persona_id, y.persona_id) AS pb
      FROM claves c
      JOIN persona_identificador x ON x.servicio_id = $1 AND x.clave = c.clave
      JOIN persona_identificador y ON y.servicio_id = $1 AND y.clave = c.clave AND y.persona_id <> x.persona_id
     WHERE NOT EXISTS (SELECT 1 FROM persona_distinta d WHERE d.servicio_id = $1
             AND d.dni_a = least(x.dni, y.dni) AND d.dni_b = greatest(x.dni, y.dni)))
  , registros AS (
    SELECT ra.id AS ia, ra.created_at AS ca, rb.id AS ib, rb.created_at AS cb
      FROM pares p
      JOIN LATERAL (SELECT id, created_at FROM donante WHERE persona_id = p.pa AND deleted_at IS NULL
                     ORDER BY created_at, id LIMIT 1) ra ON true
      JOIN LATERAL (SELECT id, created_at FROM donante WHERE persona_id = p.pb AND deleted_at IS NULL
                     ORDER BY created_at, id LIMIT 1) rb ON true)
  SELECT CASE WHEN (ca, ia) < (cb, ib) THEN ib ELSE ia END AS b,
         CASE WHEN (ca, ia) < (cb, ib) THEN ia ELSE ib END AS a,
         row_number() OVER (ORDER BY greatest(ca, cb), least(ia, ib)) AS k
    FROM registros`);

export const PARES_NOMBRE_SQL = pagina(`
  SELECT g.id AS b, g.primero AS a,
         row_number() OVER (ORDER BY g.apellido_busqueda, g.nombre_busqueda, g.fecha_nacimiento,
                                     g.created_at, g.id) AS k
    FROM (SELECT d.id, d.apellido_busqueda, d.nombre_busqueda, d.fecha_nacimiento, d.created_at,
                 first_value(d.id) OVER w AS primero,
                 row_number() OVER w AS n
            FROM donante d
           WHERE d.servicio_id = $1 AND d.deleted_at IS NULL AND d.duplicado_de IS NULL
          WINDOW w AS (PARTITION BY d.apellido_busqueda, d.nombre_busqueda, d.fecha_nacimiento
                       ORDER BY d.created_at, d.id)) g
   WHERE g.n > 1`);

const DONANTES_SQL = `SELECT ${DONANTE_COLUMNS} FROM donante d WHERE d.servicio_id = $1 AND d.id = ANY($2::uuid[])`;

const LOCK_SQL = `SELECT id FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL FOR UPDATE`;

type Run = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export class DuplicadosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
  ) {}

  /** The caller's servicio's likely duplicate pairs, a page at a time ('Mismo DNI' first). */
  async listar(
    auth: AuthUser,
    page: { offset?: number | null; limit?: number | null } = {},
  ): Promise<ParesPage> {
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 20;
    const list = new ErrorList();
    if (!Number.isInteger(offset) || offset < 0 || offset > OFFSET_MAX)
      list.add('offset', MSG.valorNoPermitido);
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) list.add('limit', MSG.valorNoPermitido);
    assertValid(list.errors);
    const leer = async (sql: string, skip: number, take: number) => {
      const rows = await this.query(sql, [auth.servicio, skip, take]);
      return {
        total: Number(rows[0]?.total ?? 0),
        pares: rows.filter((r) => r.b !== null).map((r) => ({ a: String(r.a), b: String(r.b) })),
      };
    };
    // The kinds in order, each listed after the previous one's whole list.
    const fuentes = [
      [PARES_DNI_SQL, MOTIVO_DUPLICADO.dni],
      [PARES_DIGITOS_SQL, MOTIVO_DUPLICADO.digitos],
      [PARES_NOMBRE_SQL, MOTIVO_DUPLICADO.nombre],
    ] as const;
    const pares: { a: string; b: string; motivo: MotivoDuplicado }[] = [];
    let antes = 0;
    for (const [sql, motivo] of fuentes) {
      const leidos = await leer(sql, Math.max(0, offset - antes), Math.max(0, limit - pares.length));
      pares.push(...leidos.pares.map((p) => ({ ...p, motivo })));
      antes += leidos.total;
    }
    const ids = [...new Set(pares.flatMap((p) => [p.a, p.b]))];
    const rows = ids.length > 0 ? await this.query(DONANTES_SQL, [auth.servicio, ids]) : [];
    const byId = new Map(hydrate(this.dataSource, Donante, rows).map((d) => [d.id, d]));
    const items = pares.flatMap((p) => {
      const a = byId.get(p.a);
      const b = byId.get(p.b);
      return a && b ? [{ motivo: p.motivo, a, b }] : [];
    });
    return { items, total: antes, offset, limit };
  }

  /**
   * Merges `eliminarId` into `conservarId`, both live donors of the caller's servicio, in one
   * transaction: both rows locked in id order (a donation's creation locks its donor first, so
   * the two never deadlock), the other's rows moved, the other soft-deleted with fusionado_con,
   * both audited. A second merge of the same pair waits for the first and then finds the other
   * deleted: NOT_FOUND, nothing changes.
   */
  async fusionar(auth: AuthUser, conservarId: string, eliminarId: string): Promise<FusionData> {
    if (!isUuid(conservarId) || !isUuid(eliminarId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const keepId = conservarId.toLowerCase();
    const otherId = eliminarId.toLowerCase();
    if (keepId === otherId) throw ValidationError.single('eliminarId', MSG.fusionarMismoDonante);
    const claimed: { dni?: string } = {};
    try {
      return await this.dataSource.transaction(async (m) => {
        const run: Run = (sql, params) => m.query(sql, params);
        // Both persons' locks, then the rows (the order of every writer of a person).
        await lockIdentidad(run, auth.servicio, [], [keepId, otherId]);
        for (const id of [keepId, otherId].sort()) {
          if ((await run(LOCK_SQL, [id, auth.servicio])).length === 0) {
            throw new NotFoundError(MSG.donanteNoEncontrado);
          }
        }
        const keep = await m.findOneByOrFail(Donante, { id: keepId });
        const other = await m.findOneByOrFail(Donante, { id: otherId });
        claimed.dni = keep.dni;
        const antesKeep = await historialDelRegistro(run, auth.servicio, keepId);
        const antesOther = await historialDelRegistro(run, auth.servicio, otherId);
        // One person from now on: every DNI of both stays an identifier of it, so a record created
        // later with the other's DNI is this person.
        await unirPersonas(run, auth.servicio, keep.personaId, other.personaId);

        const movidas: string[] = [];
        for (const tabla of DONANTE_HIJAS) {
          const rows = await run(
            // A table without an id (etiqueta_emitida: servicio and number) gives null ids.
            `WITH u AS (UPDATE ${tabla} t SET donante_id = $1 WHERE donante_id = $2 RETURNING to_jsonb(t) ->> 'id' AS id)
             SELECT id FROM u`,
            [keepId, otherId],
          );
          if (tabla === 'donacion') movidas.push(...rows.map((r) => String(r.id)));
        }

        const deletedAt = new Date();
        await run(
          `UPDATE donante SET deleted_at = $2, fusionado_con = $3, updated_at = now() WHERE id = $1`,
          [otherId, deletedAt, keepId],
        );
        // The kept record holds its DNI plainly unless another live record already does.
        const [titular] = await run(
          `SELECT id FROM donante WHERE servicio_id = $1 AND dni = $2 AND deleted_at IS NULL
             AND duplicado_de IS NULL AND id <> $3 LIMIT 1`,
          [auth.servicio, keep.dni, keepId],
        );
        const duplicadoDe = titular ? String(titular.id) : null;
        // Records that awaited a merge with the other one now await it with the kept one.
        await run(
          `UPDATE donante SET duplicado_de = $2 WHERE duplicado_de = $1 AND deleted_at IS NULL AND id <> $3`,
          [otherId, duplicadoDe ?? keepId, keepId],
        );
        await run(
          `UPDATE donante
              SET donacion_anterior = $2, duplicado_de = $3, updated_at = now(),
                  ultima_donacion = (SELECT max(fecha) FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL)
            WHERE id = $1`,
          [keepId, keep.donacionAnterior || other.donacionAnterior, duplicadoDe],
        );
        const after = await m.findOneByOrFail(Donante, { id: keepId });

        await audit(m, auth, 'fusionar', 'donante', keepId, {
          fusionadoDesde: otherId,
          donaciones: [[], movidas],
          ...diff(
            { donacionAnterior: keep.donacionAnterior, ultimaDonacion: keep.ultimaDonacion },
            { donacionAnterior: after.donacionAnterior, ultimaDonacion: after.ultimaDonacion },
          ),
        });
        await audit(m, auth, 'eliminar', 'donante', otherId, {
          deletedAt: [null, deletedAt.toISOString()],
          fusionadoCon: [null, keepId],
        });

        const vivas = movidas.length
          ? await run(
              `SELECT count(*)::int AS n FROM donacion WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
              [movidas],
            )
          : [{ n: 0 }];
        // What the merged record breaks that neither record broke alone: the interval, the yearly
        // limit, and donations recorded while a deferral of the other record was in force.
        const reglas = await reglasDelServicio(run, auth.servicio);
        const revisar = (h: HistorialDonante) => [
          ...revisarHistorial({ sexo: after.sexo }, h.donaciones, reglas),
          ...revisarDiferimientos(h),
        ];
        const conocidos = new Set([...revisar(antesKeep), ...revisar(antesOther)]);
        const fusionado = await historialDelRegistro(run, auth.servicio, keepId);
        const avisos = revisar(fusionado).filter((a) => !conocidos.has(a));
        return { donante: after, donacionesMovidas: Number(vivas[0]?.n ?? 0), avisos };
      });
    } catch (error) {
      // A donor created with the kept DNI while this ran: the unique index stops the merge.
      if (claimed.dni !== undefined && isUniqueViolation(error, UNIQUE_INDEX.donanteDni)) {
        const [otro] = await this.dataSource.query(
          `SELECT apellido, nombre FROM donante WHERE servicio_id = $1 AND dni = $2 AND deleted_at IS NULL
             AND duplicado_de IS NULL LIMIT 1`,
          [auth.servicio, claimed.dni],
        );
        throw ValidationError.single(
          'dni',
          otro ? donanteDuplicadoMsg(claimed.dni, otro.apellido, otro.nombre) : MSG.datosInvalidos,
        );
      }
      throw error;
    }
  }
}
