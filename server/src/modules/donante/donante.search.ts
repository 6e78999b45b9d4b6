/**
 * The donor search's SQL, kept apart from the service so that the benchmark's
 * raw-Postgres floor (test/perf/bench.ts) sends exactly the same statements.
 *
 * A name text matches where a word of the field starts ('gonz' finds González
 * and Pérez González; 'fuente' finds De la Fuente), without accents or case.
 * The list comes in two stretches, each in alphabetical order of the field
 * searched first (the apellido, else the nombre):
 *   1. whole fields: the apellido (and the nombre) start with the texts, read
 *      from the ordered indexes of donante (migration 1763810000000);
 *   2. the rest: a text matches from a later word, read from donante_clave,
 *      ordered by the matching words.
 * A page costs the same with ten thousand donors or a million: every statement
 * is an index range read in order (or a skip scan), stopping at what it needs.
 * The total is counted up to TOTAL_MAX; beyond that the screen says "más de".
 */
import { normalizeDni } from '../../domain/donante';

/** Matches are counted up to this number; past it the total is a lower bound. */
export const TOTAL_MAX = 200;

export type DonanteFilterData = { dni?: string | null; nombre?: string | null; apellido?: string | null };

/** Runs one parameterised statement: TypeORM's `dataSource.query` or a pg client's. */
export type RunQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export type SearchResult = { ids: string[]; total: number; totalExacto: boolean };

/** One stretch of the listing: `FROM ... WHERE ...` and its order, selecting the donor id as `id`. */
type Stretch = { select: string; orderBy: string };

/** Escapes LIKE metacharacters so a search for '%' or '_' matches them literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Trimmed, with runs of blanks as one space (the stored form does the same). */
function term(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
}

/** A field of `row` (the searchable form) starts, or has a word that starts, with `pattern`. */
const anyWord = (column: string, pattern: string) =>
  `(${column} LIKE ${pattern} ESCAPE '\\' OR EXISTS (SELECT 1 FROM busqueda_sufijos(${column}) s WHERE s LIKE ${pattern} ESCAPE '\\'))`;

/** The stretches of a search in listing order, with their parameters; null when nothing can match. */
function plan(
  servicio: string,
  filter: DonanteFilterData,
): { stretches: Stretch[]; params: unknown[] } | null {
  const params: unknown[] = [servicio];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The search text brought to the stored form, as a LIKE prefix pattern.
  const pattern = (text: string) => `(busqueda_normalizar(${param(escapeLike(text))}) || '%')`;
  const live = `d.servicio_id = $1 AND d.deleted_at IS NULL`;
  const byApellido = 'd.apellido_busqueda, d.nombre_busqueda, d.id';

  const rawDni = term(filter.dni);
  const dni = normalizeDni(rawDni);
  // A DNI with nothing left after normalising (e.g. "'") matches no donor, not all of them.
  if (rawDni && !dni) return null;
  const apellido = term(filter.apellido);
  const nombre = term(filter.nombre);

  if (dni) {
    // A DNI prefix picks few donors: the names, if any, are checked on each of them.
    const where = [live, `d.dni LIKE ${param(`${escapeLike(dni)}%`)} ESCAPE '\\'`];
    if (apellido) where.push(anyWord('d.apellido_busqueda', pattern(apellido)));
    if (nombre) where.push(anyWord('d.nombre_busqueda', pattern(nombre)));
    const select = `SELECT d.id FROM donante d WHERE ${where.join(' AND ')}`;
    return { stretches: [{ select, orderBy: apellido || nombre ? byApellido : 'd.dni, d.id' }], params };
  }
  if (!apellido && !nombre) {
    return {
      stretches: [{ select: `SELECT d.id FROM donante d WHERE ${live}`, orderBy: byApellido }],
      params,
    };
  }

  const a = apellido ? pattern(apellido) : null;
  const n = nombre ? pattern(nombre) : null;
  const whole = [
    a && `d.apellido_busqueda LIKE ${a} ESCAPE '\\'`,
    n && `d.nombre_busqueda LIKE ${n} ESCAPE '\\'`,
  ].filter(Boolean);
  const first: Stretch = {
    select: `SELECT d.id FROM donante d WHERE ${live} AND ${whole.join(' AND ')}`,
    orderBy: a ? byApellido : 'd.nombre_busqueda, d.apellido_busqueda, d.id',
  };

  // Later words: a row of donante_clave per suffix combination. With one text,
  // the other field must be the whole one, or a donor would come once per suffix.
  const clave = (k: string) =>
    [
      `${k}.servicio_id = $1`,
      a ? `${k}.apellido LIKE ${a} ESCAPE '\\'` : `${k}.apellido_entero`,
      n ? `${k}.nombre LIKE ${n} ESCAPE '\\'` : `${k}.nombre_entero`,
    ].join(' AND ');
  // The order of the index that serves the stretch (migration 1763810000000).
  const keys = a
    ? ['apellido', 'nombre', 'donante_apellido', 'donante_nombre']
    : ['nombre', 'apellido', 'donante_nombre', 'donante_apellido'];
  const before = `(k2.${keys[0]}, k2.${keys[1]}) < (k.${keys[0]}, k.${keys[1]})`;
  const rest: Stretch = {
    select: `SELECT k.donante_id AS id FROM donante_clave k WHERE ${clave('k')}
      AND NOT EXISTS (SELECT 1 FROM donante d WHERE d.id = k.donante_id AND ${whole.join(' AND ')})
      AND NOT EXISTS (SELECT 1 FROM donante_clave k2 WHERE k2.donante_id = k.donante_id AND ${clave('k2')} AND ${before})`,
    orderBy: `${keys.map((key) => `k.${key}`).join(', ')}, k.donante_id`,
  };
  return { stretches: [first, rest], params };
}

/**
 * The ids of one page of donors of `servicio` matching `filter`, in listing
 * order, with the total (exact up to TOTAL_MAX).
 */
export async function searchDonanteIds(
  run: RunQuery,
  servicio: string,
  filter: DonanteFilterData,
  offset: number,
  limit: number,
): Promise<SearchResult> {
  const p = plan(servicio, filter);
  if (!p) return { ids: [], total: 0, totalExacto: true };
  const page = async (s: Stretch, skip: number, take: number) =>
    (await run(`${s.select} ORDER BY ${s.orderBy} OFFSET ${skip} LIMIT ${take}`, p.params)).map((r) =>
      String(r.id),
    );
  // Counted in index order, so that Postgres reads the ordered index and stops at `max`.
  const count = async (s: Stretch, max?: number) => {
    const inner = max === undefined ? s.select : `${s.select} ORDER BY ${s.orderBy} LIMIT ${max}`;
    const [row] = await run(`SELECT count(*)::int AS n FROM (${inner}) c`, p.params);
    return Number(row?.n ?? 0);
  };

  const ids: string[] = [];
  let skip = offset;
  for (const s of p.stretches) {
    if (ids.length === limit) break;
    const got = await page(s, skip, limit - ids.length);
    ids.push(...got);
    // This stretch is used up: the next one starts after what is left of the offset.
    if (ids.length < limit && skip > 0) skip = got.length > 0 ? 0 : Math.max(0, skip - (await count(s)));
  }

  // A page that is not full (and not past the end) is the end of the list: its total is known.
  if (ids.length < limit && (ids.length > 0 || offset === 0)) {
    return { ids, total: offset + ids.length, totalExacto: true };
  }
  let counted = 0;
  for (const s of p.stretches) {
    counted += await count(s, TOTAL_MAX + 1 - counted);
    if (counted > TOTAL_MAX) break;
  }
  return { ids, total: Math.min(counted, TOTAL_MAX), totalExacto: counted <= TOTAL_MAX };
}
