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
import type { RunQuery } from '../../database/prepared';
import { normalizeDni } from '../../domain/donante';

/**
 * The columns behind each field of the GraphQL type Donante (and the REST
 * record): a list reads only those of the fields asked for. The timestamps,
 * deleted_at and the searchable forms are never shown, so never read.
 */
export const DONANTE_FIELD_COLUMNS: Record<string, readonly string[]> = {
  id: ['id'],
  nombre: ['nombre'],
  apellido: ['apellido'],
  dni: ['dni'],
  fechaNacimiento: ['fecha_nacimiento'],
  sexo: ['sexo'],
  domActual: ['dom_actual'],
  domActualAltura: ['dom_actual_altura'],
  domActualPiso: ['dom_actual_piso'],
  domActualDepto: ['dom_actual_depto'],
  localidadActual: ['localidad_actual'],
  ProvinciaActual: ['provincia_actual'],
  domDni: ['dom_dni'],
  localidadDni: ['localidad_dni'],
  codPostal: ['cod_postal'],
  telefono: ['telefono'],
  telefono2: ['telefono2'],
  email: ['email'],
  lugarNacimiento: ['lugar_nacimiento'],
  ProvinciaNacimiento: ['provincia_nacimiento'],
  nacionalidad: ['nacionalidad'],
  ocupacion: ['ocupacion'],
  convocado: ['convocado'],
  donacionAferesis: ['donacion_aferesis'],
  donacionAnterior: ['donacion_anterior'],
  esVoluntario: ['es_voluntario'],
  cph: ['cph'],
  ultimaDonacion: ['ultima_donacion'],
  puedeDonar: ['ultima_donacion'],
  proximaDonacion: ['ultima_donacion'],
};

/** Read for every listed donor: the key, and the servicio (the REST record shows it). */
const ALWAYS = ['id', 'servicio_id'];

/** The select list (as `d`) for these fields; every field when none are named. */
export function donanteColumns(fields?: Iterable<string> | null): string {
  const names = fields ? [...fields] : Object.keys(DONANTE_FIELD_COLUMNS);
  const columns = new Set(ALWAYS);
  for (const name of names) for (const column of DONANTE_FIELD_COLUMNS[name] ?? []) columns.add(column);
  return [...columns].map((column) => `d.${column}`).join(', ');
}

/** Every shown column: what a donor is read with when the fields asked for are not known. */
export const DONANTE_COLUMNS = donanteColumns();

/** Matches are counted up to this number; past it the total is a lower bound. */
export const TOTAL_MAX = 200;

export type DonanteFilterData = { dni?: string | null; nombre?: string | null; apellido?: string | null };

export type { RunQuery };

/** The donors of a page as rows of `donante` (the columns asked for), with the total. */
export type SearchResult = { rows: Record<string, unknown>[]; total: number; totalExacto: boolean };

/** One stretch of the listing: `FROM ... WHERE ...` with the donor as `d`, and its order. */
type Stretch = { from: string; orderBy: string };

/** Trimmed, with runs of blanks as one space (the stored form does the same). */
function term(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
}

/**
 * A text starts with a prefix, as a range of the "C" collation (byte order):
 * [prefix, prefix + U+10FFFF). Unlike LIKE, no character of the prefix is
 * special, and an index serves it even in a plan prepared without the value.
 */
type Prefix = { from: string; to: string };
const startsWith = (column: string, p: Prefix) =>
  `(${column} COLLATE "C" >= ${p.from} AND ${column} COLLATE "C" < ${p.to})`;

/** A field (the searchable form) starts, or has a word that starts, with the prefix. */
const anyWord = (column: string, p: Prefix) =>
  `(${startsWith(column, p)} OR EXISTS (SELECT 1 FROM busqueda_sufijos(${column}) s WHERE ${startsWith('s', p)}))`;

/** The stretches of a search in listing order, with their parameters; null when nothing can match. */
function plan(
  servicio: string,
  filter: DonanteFilterData,
): { stretches: Stretch[]; params: unknown[] } | null {
  const params: unknown[] = [servicio];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The search text brought to the stored form, as a prefix range.
  const prefix = (text: string): Prefix => {
    const p = param(text);
    return { from: `busqueda_normalizar(${p})`, to: `(busqueda_normalizar(${p}) || chr(1114111))` };
  };
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
    // Byte order (text_pattern_ops), as the index on (servicio_id, dni) is built.
    const p = param(dni);
    const where = [live, `d.dni ~>=~ ${p} AND d.dni ~<~ (${p} || chr(1114111))`];
    if (apellido) where.push(anyWord('d.apellido_busqueda', prefix(apellido)));
    if (nombre) where.push(anyWord('d.nombre_busqueda', prefix(nombre)));
    const from = `FROM donante d WHERE ${where.join(' AND ')}`;
    // A servicio's live donors have different DNIs: the index order is the listing order.
    return { stretches: [{ from, orderBy: apellido || nombre ? byApellido : 'd.dni USING ~<~' }], params };
  }
  if (!apellido && !nombre) {
    return { stretches: [{ from: `FROM donante d WHERE ${live}`, orderBy: byApellido }], params };
  }

  const a = apellido ? prefix(apellido) : null;
  const n = nombre ? prefix(nombre) : null;
  const whole = [a && startsWith('d.apellido_busqueda', a), n && startsWith('d.nombre_busqueda', n)].filter(
    Boolean,
  );
  const first: Stretch = {
    from: `FROM donante d WHERE ${live} AND ${whole.join(' AND ')}`,
    orderBy: a ? byApellido : 'd.nombre_busqueda, d.apellido_busqueda, d.id',
  };

  // Later words: a row of donante_clave per suffix combination. With one text,
  // the other field must be the whole one, or a donor would come once per suffix.
  const clave = (k: string) =>
    [
      `${k}.servicio_id = $1`,
      a ? startsWith(`${k}.apellido`, a) : `${k}.apellido_entero`,
      n ? startsWith(`${k}.nombre`, n) : `${k}.nombre_entero`,
    ].join(' AND ');
  // The order of the index that serves the stretch (migration 1763810000000).
  const keys = a
    ? ['apellido', 'nombre', 'donante_apellido', 'donante_nombre']
    : ['nombre', 'apellido', 'donante_nombre', 'donante_apellido'];
  const before = `(k2.${keys[0]}, k2.${keys[1]}) < (k.${keys[0]}, k.${keys[1]})`;
  // Not the donors of the first stretch, and each donor once (at its first key in the order).
  const rest: Stretch = {
    from: `FROM donante_clave k JOIN donante d ON d.id = k.donante_id
      WHERE ${clave('k')} AND d.deleted_at IS NULL AND NOT (${whole.join(' AND ')})
      AND NOT EXISTS (SELECT 1 FROM donante_clave k2 WHERE k2.donante_id = k.donante_id AND ${clave('k2')} AND ${before})`,
    orderBy: `${keys.map((key) => `k.${key}`).join(', ')}, k.donante_id`,
  };
  return { stretches: [first, rest], params };
}

/**
 * One page of donors of `servicio` matching `filter`, in listing order, with
 * the total (exact up to TOTAL_MAX). Usually a single statement: the page of
 * the first stretch, when it is full.
 */
export async function searchDonantes(
  run: RunQuery,
  servicio: string,
  filter: DonanteFilterData,
  offset: number,
  limit: number,
  columns: string = DONANTE_COLUMNS,
): Promise<SearchResult> {
  const p = plan(servicio, filter);
  if (!p) return { rows: [], total: 0, totalExacto: true };
  // Offsets and limits are parameters too, so that the statements are a fixed set (prepared once).
  const at = (n: number) => `$${p.params.length + n}`;
  const capped = (s: Stretch, limit: string) =>
    `SELECT count(*)::int AS n FROM (SELECT 1 ${s.from} ORDER BY ${s.orderBy} LIMIT ${limit}) c`;
  // The ids of the page first (read from the indexes alone, however deep the page), then their rows.
  // The first stretch's page also counts that stretch up to TOTAL_MAX + 1 (column n): one round trip
  // gives a full page and its total for a common name.
  const page = (s: Stretch, skip: number, take: number, counted: boolean) =>
    run(
      `SELECT ${columns}${counted ? `, (${capped(s, at(3))}) AS n` : ''}
         FROM unnest(ARRAY(SELECT d.id ${s.from} ORDER BY ${s.orderBy} OFFSET ${at(1)} LIMIT ${at(2)}))
         WITH ORDINALITY AS p(id, n) JOIN donante d ON d.id = p.id ORDER BY p.n`,
      counted ? [...p.params, skip, take, TOTAL_MAX + 1] : [...p.params, skip, take],
    );
  // Counted in index order, so that Postgres reads the ordered index and stops at `max`.
  const count = async (s: Stretch, max?: number) => {
    const sql =
      max === undefined ? `SELECT count(*)::int AS n FROM (SELECT 1 ${s.from}) c` : capped(s, at(1));
    const [row] = await run(sql, max === undefined ? p.params : [...p.params, max]);
    return Number(row?.n ?? 0);
  };

  const rows: Record<string, unknown>[] = [];
  /** The first stretch counted up to TOTAL_MAX + 1, when its page had rows. */
  let first: number | undefined;
  let skip = offset;
  for (const [i, s] of p.stretches.entries()) {
    if (rows.length === limit) break;
    const got = await page(s, skip, limit - rows.length, i === 0);
    if (i === 0 && got.length > 0) first = Number(got[0].n);
    rows.push(...(i === 0 ? got.map(({ n: _n, ...row }) => row) : got));
    // This stretch is used up: the next one starts after what is left of the offset.
    if (rows.length < limit && skip > 0) skip = got.length > 0 ? 0 : Math.max(0, skip - (await count(s)));
  }

  // A page that is not full (and not past the end) is the end of the list: its total is known.
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { rows, total: offset + rows.length, totalExacto: true };
  }
  let counted = 0;
  for (const [i, s] of p.stretches.entries()) {
    counted += i === 0 && first !== undefined ? first : await count(s, TOTAL_MAX + 1 - counted);
    if (counted > TOTAL_MAX) break;
  }
  return { rows, total: Math.min(counted, TOTAL_MAX), totalExacto: counted <= TOTAL_MAX };
}
