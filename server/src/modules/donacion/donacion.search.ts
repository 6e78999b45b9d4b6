/**
 * The donation lists' SQL, kept apart from the service so that the benchmark's
 * raw-Postgres floor (test/perf/bench.ts) and its EXPLAIN (test/perf/explain.ts)
 * send exactly the same statements.
 */
import type { RunQuery } from '../../database/prepared';
import { selectList } from '../../database/select-list';

/**
 * The columns behind each field of the GraphQL type Donacion (and the REST
 * record): a list reads only those of the fields asked for.
 */
export const DONACION_FIELD_COLUMNS: Record<string, readonly string[]> = {
  id: ['id'],
  servicioId: ['servicio_id'],
  donanteId: ['donante_id'],
  // Through the donor (DataLoader), read within the donation's servicio.
  donante: ['donante_id', 'servicio_id'],
  nombre: ['donante_id', 'servicio_id'],
  apellido: ['donante_id', 'servicio_id'],
  // The person's earlier donations (DataLoader), read within the servicio.
  donacionesPrevias: ['servicio_id'],
  // The deferral its result imposes today, with its lifts (DataLoader), read within the servicio.
  diferimiento: ['servicio_id', 'donacion_aferesis', 'serologia', 'exclusion_definitiva', 'exclusion_tiempo'],
  numero: ['numero'],
  codigoEtiqueta: ['numero'],
  // Its components (DataLoader, modules/componente), read within the servicio; its unit identifier
  // from the servicio's facility code, the year and the number; whether it may be split now (a
  // list's donations are live ones).
  componentes: ['servicio_id'],
  identificadorUnidad: ['servicio_id', 'fecha', 'numero'],
  fraccionable: ['servicio_id'],
  // Its post-donation reports (DataLoader, modules/informe-postdonacion), read within the servicio.
  informesPostDonacion: ['servicio_id'],
  fecha: ['fecha'],
  hora: ['hora'],
  plasmaCovid: ['plasma_covid'],
  sv: ['ta_sistolica', 'ta_diastolica', 'fc', 'peso', 'temp', 'hb', 'hto'],
  tipoBolsa: ['tipo_bolsa'],
  loteBolsa: ['lote_bolsa'],
  donacionAferesis: ['donacion_aferesis'],
  abo: ['abo'],
  rh: ['rh'],
  serologia: ['serologia'],
  serologiaRealizada: ['serologia_realizada'],
  grupoDiscordante: ['grupo_discordante'],
  grupoMotivo: ['grupo_motivo'],
  grupoConfirmadoPor: ['grupo_confirmado_por'],
  grupoRetipificadoPor: ['grupo_retipificado_por'],
  serologiaConfirmada: ['serologia_confirmada'],
  anticuerposIrregulares: ['anticuerpos_irregulares'],
  anticuerpo: ['anticuerpo'],
  // The detailed results (DataLoader), read within the donation's servicio.
  resultados: ['servicio_id'],
  // Its donor reactions (DataLoader, modules/reaccion), read within the donation's servicio.
  reacciones: ['servicio_id'],
  exclusionDefinitiva: ['exclusion_definitiva'],
  exclusionTiempo: ['exclusion_tiempo'],
  exclusionCodigo: ['exclusion_codigo'],
  registradoPor: ['registrado_por'],
  createdAt: ['created_at'],
  updatedAt: ['updated_at'],
};

/** The select list (as `d`) for these fields; every field when none are named. */
export function donacionColumns(fields?: Iterable<string> | null): string {
  // The key, and the order of the list (fecha, hora, numero).
  return selectList(DONACION_FIELD_COLUMNS, ['id', 'fecha', 'hora', 'numero'], fields);
}

/** Newest first; numero breaks ties of the same minute. */
const NEWEST_FIRST = 'ORDER BY d.fecha DESC, d.hora DESC, d.numero DESC';

/** The columns the donation list can be ordered by (GraphQL DonacionOrdenCampo). */
export type DonacionOrdenCampoData = 'NUMERO' | 'FECHA' | 'APELLIDO' | 'GRUPO';
export type DonacionOrdenData = { campo: DonacionOrdenCampoData; direccion?: 'ASC' | 'DESC' | null };

/** Every column the list can be ordered by. */
export const DONACION_ORDEN_CAMPOS: readonly string[] = [
  'NUMERO',
  'FECHA',
  'APELLIDO',
  'GRUPO',
] satisfies DonacionOrdenCampoData[];

/** The donor's searchable surname or name (accents and case aside), for the order by donor. */
const delDonante = (column: string) =>
  `(SELECT x.${column} FROM donante x WHERE x.id = d.donante_id AND x.servicio_id = d.servicio_id)`;

/**
 * The ORDER BY of each column, the id last so that equal values keep one order from page to
 * page. A fixed text per column and direction: nothing the caller sends is written into the SQL.
 */
const ORDEN_SQL: Record<DonacionOrdenCampoData, (dir: 'ASC' | 'DESC') => string> = {
  NUMERO: (dir) => `d.numero ${dir}, d.id ${dir}`,
  FECHA: (dir) => `d.fecha ${dir}, d.hora ${dir}, d.numero ${dir}, d.id ${dir}`,
  APELLIDO: (dir) =>
    `${delDonante('apellido_busqueda')} ${dir}, ${delDonante('nombre_busqueda')} ${dir}, d.fecha DESC, d.hora DESC, d.id ${dir}`,
  // Results not yet loaded ('') go last either way.
  GRUPO: (dir) =>
    `nullif(d.abo, '') ${dir} NULLS LAST, nullif(d.rh, '') ${dir} NULLS LAST, d.fecha DESC, d.hora DESC, d.id ${dir}`,
};

export type DonacionFilterData = {
  numero?: number | null;
  /**
   * Several label numbers (a typed text that is a number and also the code of a shorter one,
   * domain/etiquetas.ts numerosDeEtiqueta), listed in this order; numero is then ignored.
   */
  numeros?: readonly number[] | null;
  fecha?: string | null;
};

/**
 * One page of the live donations of `servicio` by numero and/or fecha, newest
 * first, with the total: the page and the count in one statement (a day's
 * donations are an index-only count), a second one only past the end.
 */
export async function searchDonaciones(
  run: RunQuery,
  servicio: string,
  filter: DonacionFilterData,
  offset: number,
  limit: number,
  columns: string = donacionColumns(),
  /** A column and a direction; none: newest first (or the numbers' order). */
  orden?: DonacionOrdenData | null,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const params: unknown[] = [servicio];
  const conditions: string[] = [];
  let order = NEWEST_FIRST;
  if (filter.numeros) {
    const n = params.push([...filter.numeros]);
    conditions.push(`numero = ANY($${n}::int[])`);
    // In the order given (the bare number before the one whose code it is); each is on one live donation at most.
    order = `ORDER BY array_position($${n}::int[], d.numero), ${NEWEST_FIRST.slice('ORDER BY '.length)}`;
  } else if (filter.numero !== null && filter.numero !== undefined) {
    conditions.push(`numero = $${params.push(filter.numero)}`);
  }
  if (filter.fecha) conditions.push(`fecha = $${params.push(filter.fecha)}`);
  if (orden) order = `ORDER BY ${ORDEN_SQL[orden.campo](orden.direccion === 'DESC' ? 'DESC' : 'ASC')}`;
  const where = (t: string) =>
    [`${t}.servicio_id = $1`, `${t}.deleted_at IS NULL`, ...conditions.map((c) => `${t}.${c}`)].join(' AND ');
  const rows = await run(
    `SELECT ${columns}, (SELECT count(*)::int FROM donacion c WHERE ${where('c')}) AS total
       FROM donacion d WHERE ${where('d')}
      ${order} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
    [...params, offset, limit],
  );
  // Past the end there is no row to carry the total.
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : Number((await run(`SELECT count(*)::int AS n FROM donacion d WHERE ${where('d')}`, params))[0].n);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/**
 * A live donor's live donations, newest first, in one statement: a row of NULLs
 * when the donor has none, and no row at all when the donor is not found.
 */
export async function donacionesDeDonante(
  run: RunQuery,
  servicio: string,
  donanteId: string,
  columns: string = donacionColumns(),
): Promise<Record<string, unknown>[] | null> {
  const rows = await run(
    `SELECT ${columns} FROM donante x LEFT JOIN donacion d
         ON d.donante_id = x.id AND d.servicio_id = x.servicio_id AND d.deleted_at IS NULL
      WHERE x.id = $1 AND x.servicio_id = $2 AND x.deleted_at IS NULL
      ${NEWEST_FIRST}`,
    [donanteId, servicio],
  );
  return rows.length === 0 ? null : rows.filter((r) => r.id !== null);
}
