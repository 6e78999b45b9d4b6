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
 * The total is counted up to DONANTES_TOTAL_MAX; beyond that the screen says "más de".
 */
import { escapeLiteral } from 'pg';
import type { RunQuery } from '../../database/prepared';
import { selectList } from '../../database/select-list';
import { canonicalDni } from '../../domain/dni';
import { DONANTES_TOTAL_MAX } from '../../domain/limites';

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
  // Derived by the eligibility rules from the donor's history (elegibilidad.resolver.ts).
  puedeDonar: [],
  proximaDonacion: [],
  elegibilidad: [],
  // The person's lifted deferrals, read by their own loader (elegibilidad.resolver.ts).
  levantamientos: [],
  // A severe reaction at one of its donations, read by its own loader (modules/reaccion).
  reaccionSeveraPrevia: [],
  // Whether a call-back is due (DataLoader, modules/citacion), by id within the servicio.
  citacionPendiente: [],
};

/** Read for every listed donor: the key, and the servicio (the REST record shows it). */
const ALWAYS = ['id', 'servicio_id'];

/** The select list (as `d`) for these fields; every field when none are named. */
export function donanteColumns(fields?: Iterable<string> | null): string {
  return selectList(DONANTE_FIELD_COLUMNS, ALWAYS, fields);
}

/** Every shown column: what a donor is read with when the fields asked for are not known. */
export const DONANTE_COLUMNS = donanteColumns();

/** The servicio's ($2) donors by id, $1 an array (a deleted donor too: its donations keep their history). */
export const DONANTES_BY_ID_SQL = `SELECT ${DONANTE_COLUMNS} FROM donante d
  WHERE d.id = ANY($1::uuid[]) AND d.servicio_id = $2`;

/** The servicio's ($2) donors' names by id, $1 an array: what a list of donations shows of each donor. */
export const NOMBRES_BY_ID_SQL = `SELECT d.id, d.nombre, d.apellido FROM donante d
  WHERE d.id = ANY($1::uuid[]) AND d.servicio_id = $2`;

export type DonanteFilterData = {
  dni?: string | null;
  nombre?: string | null;
  apellido?: string | null;
  /** A blood group (domain/donacion ABO, checked by the service): donors with a live donation of it. */
  abo?: string | null;
  /** A factor (domain/donacion RH, checked by the service), with the group if one is given. */
  rh?: string | null;
};

/** The columns the donor list can be ordered by (GraphQL DonanteOrdenCampo). */
export type DonanteOrdenCampoData = 'APELLIDO' | 'DNI' | 'ULTIMA_DONACION';
export type DonanteOrdenData = { campo: DonanteOrdenCampoData; direccion?: 'ASC' | 'DESC' | null };

/** Every column the list can be ordered by. */
export const ORDEN_CAMPOS: readonly string[] = [
  'APELLIDO',
  'DNI',
  'ULTIMA_DONACION',
] satisfies DonanteOrdenCampoData[];

/**
 * The ORDER BY of each column, the id last so that equal values keep one order from page to
 * page. A fixed text per column and direction: nothing the caller sends is written into the SQL.
 * Served by the indexes of migration 1764430000000 (the surname by that of 1763810000000).
 */
const ORDEN_SQL: Record<DonanteOrdenCampoData, (dir: 'ASC' | 'DESC') => string> = {
  APELLIDO: (dir) => `d.apellido_busqueda ${dir}, d.nombre_busqueda ${dir}, d.id ${dir}`,
  // As a number reads: a shorter DNI first ('7123456' before '12345678'), then byte order.
  DNI: (dir) => `length(d.dni) ${dir}, d.dni COLLATE "C" ${dir}, d.id ${dir}`,
  // Who never donated goes last either way.
  ULTIMA_DONACION: (dir) => `d.ultima_donacion ${dir} NULLS LAST, d.id ${dir}`,
};

export type { RunQuery };

/** The servicio's live donors `ids` (the columns `columns`), in the order of `ids`. */
export async function donantesPorId(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
  columns: string,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  return run(
    `SELECT ${columns} FROM unnest($1::uuid[]) WITH ORDINALITY AS p(id, k)
       JOIN donante d ON d.id = p.id AND d.servicio_id = $2 AND d.deleted_at IS NULL
      ORDER BY p.k`,
    [ids, servicio],
  );
}

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

type Plan = {
  stretches: Stretch[];
  params: unknown[];
  /**
   * Whether the values are written into the statements (run once each, planned with them)
   * instead of parameters (prepared, one plan made without the values).
   */
  inline: boolean;
};

/**
 * The stretches of a search in listing order, with their parameters; null when nothing can match.
 *
 * With both names the values are written into the statements: which index is the shorter
 * read depends on them ('g' + 'maria jose' reads the nombre index, 'gonzalez' + 'a' the
 * apellido one), and a plan made without them would choose blind (8 ms instead of 1).
 */
function plan(servicio: string, filter: DonanteFilterData, orden?: DonanteOrdenData | null): Plan | null {
  const p = planSinOrden(servicio, filter);
  if (!p) return null;
  // The blood group, on every stretch: a live donation of the record with that group (and factor).
  const abo = term(filter.abo);
  const rh = term(filter.rh);
  if (abo || rh) {
    const value = (v: string) => (p.inline ? escapeLiteral(v) : `$${p.params.push(v)}`);
    const conditions = [
      'g.donante_id = d.id',
      'g.servicio_id = d.servicio_id',
      'g.deleted_at IS NULL',
      ...(abo ? [`g.abo = ${value(abo)}`] : []),
      ...(rh ? [`g.rh = ${value(rh)}`] : []),
    ];
    const grupo = `EXISTS (SELECT 1 FROM donacion g WHERE ${conditions.join(' AND ')})`;
    p.stretches = p.stretches.map((s) => ({ ...s, from: `${s.from} AND ${grupo}` }));
  }
  if (!orden) return p;
  // Ordered by a column, the stretches are one list (they never share a donor).
  const from =
    p.stretches.length === 1
      ? p.stretches[0].from
      : `FROM donante d WHERE d.id IN (${p.stretches.map((s) => `SELECT d.id ${s.from}`).join(' UNION ALL ')})`;
  const dir = orden.direccion === 'DESC' ? 'DESC' : 'ASC';
  return { ...p, stretches: [{ from, orderBy: ORDEN_SQL[orden.campo](dir) }] };
}

function planSinOrden(servicio: string, filter: DonanteFilterData): Plan | null {
  const apellidoText = term(filter.apellido);
  const nombreText = term(filter.nombre);
  const inline = Boolean(apellidoText && nombreText && !term(filter.dni));
  const params: unknown[] = [];
  // Written in, the values need pg's literal escaping: the read pool plans every parameterised
  // statement without its values (plan_cache_mode = force_generic_plan, even unnamed ones).
  const param = (value: string) => (inline ? escapeLiteral(value) : `$${params.push(value)}`);
  const servicioValue = param(servicio);
  // The search text brought to the stored form, as a prefix range.
  const prefix = (text: string): Prefix => {
    const p = param(text);
    return { from: `busqueda_normalizar(${p})`, to: `(busqueda_normalizar(${p}) || chr(1114111))` };
  };
  const live = `d.servicio_id = ${servicioValue} AND d.deleted_at IS NULL`;
  const byApellido = 'd.apellido_busqueda, d.nombre_busqueda, d.id';

  const rawDni = term(filter.dni);
  const dni = canonicalDni(rawDni);
  // A DNI with nothing left after normalising (e.g. "'") matches no donor, not all of them.
  if (rawDni && !dni) return null;
  const apellido = apellidoText;
  const nombre = nombreText;

  if (dni) {
    // A DNI prefix picks few donors: the names, if any, are checked on each of them.
    // Byte order (text_pattern_ops), as the index on (servicio_id, dni) is built.
    const p = param(dni);
    const where = [live, `d.dni ~>=~ ${p} AND d.dni ~<~ (${p} || chr(1114111))`];
    if (apellido) where.push(anyWord('d.apellido_busqueda', prefix(apellido)));
    if (nombre) where.push(anyWord('d.nombre_busqueda', prefix(nombre)));
    const from = `FROM donante d WHERE ${where.join(' AND ')}`;
    // A servicio's live donors have different DNIs: the index order is the listing order.
    const orderBy = apellido || nombre ? byApellido : 'd.dni USING ~<~';
    return { stretches: [{ from, orderBy }], params, inline };
  }
  if (!apellido && !nombre) {
    return { stretches: [{ from: `FROM donante d WHERE ${live}`, orderBy: byApellido }], params, inline };
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
      `${k}.servicio_id = ${servicioValue}`,
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
  return { stretches: [first, rest], params, inline };
}

/**
 * Offsets and limits are parameters too, so that the prepared statements are a fixed set;
 * written into the statement when the values are.
 */
const numbersOf = (p: Plan) => (values: number[]) =>
  p.inline
    ? { sql: values.map(String), params: p.params }
    : { sql: values.map((_, i) => `$${p.params.length + i + 1}`), params: [...p.params, ...values] };

/**
 * The ids of the first `max` donors of `servicio` matching `filter`, in listing order: what a
 * filter the SQL does not decide (today's eligibility, decided by the domain rules,
 * DonanteService.search) walks through. Index reads in order, stopping at `max`.
 */
export async function idsDonantes(
  run: RunQuery,
  servicio: string,
  filter: DonanteFilterData,
  orden: DonanteOrdenData | null | undefined,
  max: number,
): Promise<string[]> {
  const p = plan(servicio, filter, orden);
  if (!p) return [];
  const numbers = numbersOf(p);
  const ids: string[] = [];
  for (const s of p.stretches) {
    if (ids.length >= max) break;
    const v = numbers([max - ids.length]);
    const rows = await run(`SELECT d.id ${s.from} ORDER BY ${s.orderBy} LIMIT ${v.sql[0]}`, v.params, {
      once: p.inline,
    });
    ids.push(...rows.map((r) => String(r.id)));
  }
  return ids;
}

/**
 * One page of donors of `servicio` matching `filter`, in listing order, with the total (exact up
 * to DONANTES_TOTAL_MAX), in one statement and one ordered index read per stretch: the ids in
 * listing order up to `cap` (at least DONANTES_TOTAL_MAX + 1, and the whole page), each stretch
 * read only for what the ones before it left (MATERIALIZED: once), then the page's rows taken from
 * them. With no row on the page, one row of NULLs still carries the size.
 */
export async function searchDonantes(
  run: RunQuery,
  servicio: string,
  filter: DonanteFilterData,
  offset: number,
  limit: number,
  columns: string = DONANTE_COLUMNS,
  orden?: DonanteOrdenData | null,
): Promise<SearchResult> {
  const p = plan(servicio, filter, orden);
  if (!p) return { rows: [], total: 0, totalExacto: true };
  const cap = Math.max(DONANTES_TOTAL_MAX + 1, offset + limit);
  const v = numbersOf(p)([cap, offset + 1, offset + limit]);
  const [capSql, desde, hasta] = v.sql;
  // l0: the first stretch's ids; l<i>: those before it and what is left of the cap from stretch i.
  const ids = p.stretches.map((st, i) => {
    const leer = (max: string) => `ARRAY(SELECT d.id ${st.from} ORDER BY ${st.orderBy} LIMIT ${max})`;
    return i === 0
      ? `l0 AS MATERIALIZED (SELECT ${leer(capSql)} AS ids)`
      : `l${i} AS MATERIALIZED (SELECT (SELECT ids FROM l${i - 1}) ||
           ${leer(`greatest(0, ${capSql} - (SELECT cardinality(ids) FROM l${i - 1}))`)} AS ids)`;
  });
  const got = await run(
    `WITH ${ids.join(',\n')}
     SELECT cardinality(l.ids) AS n, ${columns}
       FROM l${p.stretches.length - 1} l
       LEFT JOIN LATERAL unnest(l.ids[${desde}:${hasta}]) WITH ORDINALITY AS p(id, k) ON true
       LEFT JOIN donante d ON d.id = p.id
      ORDER BY p.k`,
    v.params,
    { once: p.inline },
  );
  const rows = got.filter((r) => r.id !== null).map(({ n: _n, ...row }) => row);
  // A page that is not full (and not past the end) is the end of the list: its total is known.
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { rows, total: offset + rows.length, totalExacto: true };
  }
  /** Exact below `cap`, which is above DONANTES_TOTAL_MAX. */
  const n = Number(got[0]?.n ?? 0);
  return { rows, total: Math.min(n, DONANTES_TOTAL_MAX), totalExacto: n <= DONANTES_TOTAL_MAX };
}
