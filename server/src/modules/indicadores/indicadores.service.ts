/**
 * The service's indicators for dashboards and the /reportes screen. Every figure is counted by
 * the database: the additive ones are sums of the daily roll-up (indicador_diario, kept by the
 * triggers of migration 1763850000000 in the same transaction as each write), so a year reads at
 * most 366 rows a servicio; distinct donors (a count that cannot be summed day by day) from a
 * second roll-up by day and month of each donor's previous donation, plus an exact read of one
 * boundary month. Several servicios (a network's members) are read by the same statements,
 * grouped by servicio; their total is the sum of their figures.
 *
 * Who reads decides what is answered: the servicio's own signed-in staff read every figure exact;
 * outside the servicio (a network's account, an API key) the results are those recorded before
 * today (migration 1764200000000) and the figures go through publicarIndicadores
 * (domain/indicadores.ts): small counts are suppressed.
 */
import { MOTIVOS_DESCARTE, TIPOS_COMPONENTE } from '../../domain/componentes';
import { addDays, todayIso } from '../../domain/dates';
import { DESTINOS_DESPACHO } from '../../domain/despacho';
import { ABO, RH, SEROLOGIA_KEYS } from '../../domain/donacion';
import {
  cifrasExactas,
  type CifrasComponente,
  type CifrasIndicadores,
  type IndicadoresPublicados,
  ordenGrupos,
  publicarIndicadores,
  sumarCifras,
  validatePeriodo,
} from '../../domain/indicadores';
import { TIPOS_REACCION } from '../../domain/reacciones';
import { assertValid } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { Agrupacion, IndicadorComponente, Indicadores, REGLA_SUPRESION } from './indicadores.types';

// The types other modules build on (a regional network's figures): this module's surface.
export { Agrupacion, Indicadores, REGLA_SUPRESION };

/**
 * Whose indicators: a servicio (a signed-in user's, or an API key's), or several counted together
 * (a regional network's members).
 */
export type Alcance = { servicio: string } | { servicios: readonly string[] };

/**
 * Who reads: the servicio's own staff ('servicio': exact figures, results as they are) or someone
 * outside it ('externo': a network's account or an API key; results recorded before today, small
 * counts suppressed).
 */
export type Lector = 'servicio' | 'externo';

/**
 * The roll-up's column of each serology marker: its reactive donations; <column>_analizadas, those
 * where it was tested (migration 1764420000000).
 */
const COLUMNA_MARCADOR: Record<(typeof SEROLOGIA_KEYS)[number], string> = {
  hiv: 'hiv',
  hepB: 'hep_b',
  hepC: 'hep_c',
  vdrl: 'vdrl',
  brucelosis: 'brucelosis',
  chagas: 'chagas',
  htlv: 'htlv',
};

/**
 * Outside the servicio, whether a row changed today: then it is read as it was when the day began,
 * from the copy it kept (migration 1764200000000). Today is computed once per statement (InitPlan).
 */
const COPIA = `i.publicado_el = (SELECT indicador_hoy())`;

/** A result column as the reader may see it: as it is, or (outside the servicio) the day's copy. */
function resultado(columna: string, externo: boolean): string {
  return externo ? `CASE WHEN ${COPIA} THEN i.pub_${columna} ELSE i.${columna} END` : `i.${columna}`;
}

/**
 * Every blood group the roll-up may hold ('abo|rh', as the CHECK constraints of donacion allow),
 * with its column: each one is also a stored column of indicador_diario, generated from `grupos`
 * (migration 1764210000000), so the totals read them as plain columns.
 */
const GRUPOS = ABO.flatMap((abo) =>
  RH.map((rh) => ({
    clave: `${abo}|${rh}`,
    columna: `grupo_${(abo || 'sin').toLowerCase()}_${(rh || 'sin').toLowerCase()}`,
  })),
);

/** The statement of one kind of reader: the same text every time (prepared once). */
function totalesSql(externo: boolean): string {
  const r = (columna: string) => resultado(columna, externo);
  // Outside, a row that changed today reads its groups from the day's copy (jsonb: only those
  // rows), and counts the donations that came since as 'not typed yet', so that the groups still
  // add up to the donations.
  const grupo = ({ clave, columna }: (typeof GRUPOS)[number]) => {
    if (!externo) return `sum(i.${columna})::int`;
    const copia = `coalesce((i.pub_grupos->>'${clave}')::int, 0)${clave === '|' ? ' + i.donaciones - i.pub_donaciones' : ''}`;
    return `sum(CASE WHEN ${COPIA} THEN ${copia} ELSE i.${columna} END)::int`;
  };
  // One aggregate a servicio, over its rows in the primary key's order (no sort of the rows).
  return `SELECT s.id AS servicio, t.* FROM unnest($1::uuid[]) AS s(id), LATERAL (SELECT
    sum(i.donaciones)::int AS donaciones,
    sum(i.voluntarias)::int AS voluntarias,
    sum(i.primera_vez)::int AS "primeraVez",
    sum(i.aferesis)::int AS aferesis,
    sum(i.no_aptos)::int AS "noAptos",
    sum(${r('excl_temporales')} + ${r('no_aptos_diferidos')})::int AS temporales,
    sum(${r('excl_definitivas')})::int AS definitivas,
    sum(${r('sero_analizadas')})::int AS analizadas,
    ${SEROLOGIA_KEYS.map((k) => `sum(${r(COLUMNA_MARCADOR[k])})::int AS "${k}"`).join(',\n    ')},
    ${SEROLOGIA_KEYS.map((k) => `sum(${r(`${COLUMNA_MARCADOR[k]}_analizadas`)})::int AS "${k}Analizadas"`).join(',\n    ')},
    ${GRUPOS.map((g) => `${grupo(g)} AS "${g.clave}"`).join(',\n    ')}
    FROM indicador_diario i WHERE i.servicio_id = s.id AND i.fecha BETWEEN $2::date AND $3::date
  ) t`;
}

const TOTALES_SQL = { servicio: totalesSql(false), externo: totalesSql(true) };

/**
 * Distinct donors of each servicio: the period's donations whose donor's previous donation is
 * before `desde` (or none). That is the period's donations (from the totals) minus `recientes`,
 * those whose previous donation is in `desde`'s month or later (indicador_distintos by previous
 * month, through indicador_distintos_mes_idx: only the recent months, without the table), plus
 * `frontera`, those whose previous donation falls in `desde`'s own month before `desde` (migrations
 * 1763890000000, 1764210000000).
 */
const DISTINTOS_SQL = `SELECT s.id AS servicio,
    (SELECT coalesce(sum(donaciones), 0) FROM indicador_distintos
      WHERE servicio_id = s.id AND mes_anterior >= indicador_mes($2::date)
        AND fecha BETWEEN $2::date AND $3::date)::int AS recientes,
    (SELECT count(*) FROM donacion
      WHERE servicio_id = s.id AND deleted_at IS NULL
        AND fecha_anterior >= indicador_mes($2::date) AND fecha_anterior < $2::date
        AND fecha BETWEEN $2::date AND $3::date)::int AS frontera
  FROM unnest($1::uuid[]) AS s(id)`;

/**
 * Donor reactions at the period's live donations, by servicio and kind (migration 1764610000000):
 * read from the reactions of each servicio (its index) joined to their donations by key. Outside
 * the servicio ($4), only those recorded or corrected before today, as the results are.
 */
const REACCIONES_SQL = `SELECT r.servicio_id AS servicio, r.tipo, count(*)::int AS cantidad
  FROM reaccion_donante r JOIN donacion d ON d.id = r.donacion_id AND d.servicio_id = r.servicio_id
  WHERE r.servicio_id = ANY($1::uuid[]) AND d.deleted_at IS NULL AND d.fecha BETWEEN $2::date AND $3::date
    AND (NOT $4::boolean OR (r.updated_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date < indicador_hoy())
  GROUP BY 1, 2`;

/** The unit of date_trunc and the label of each period, by grouping. */
const PERIODO: Record<Agrupacion, { unidad: string; formato: string }> = {
  [Agrupacion.DIA]: { unidad: 'day', formato: 'YYYY-MM-DD' },
  [Agrupacion.SEMANA]: { unidad: 'week', formato: 'YYYY-MM-DD' },
  [Agrupacion.MES]: { unidad: 'month', formato: 'YYYY-MM' },
  [Agrupacion.ANIO]: { unidad: 'year', formato: 'YYYY' },
};

/**
 * Every period that meets the dates (rows without a servicio, in order), then each servicio's
 * periods with donations, counting only days inside the dates.
 */
const SERIE_SQL = `SELECT NULL::uuid AS servicio, to_char(p.inicio, $5::text) AS periodo, 0 AS donaciones, 0 AS voluntarias
  FROM generate_series(
    date_trunc($4::text, $2::date::timestamp), $3::date::timestamp, ('1 ' || $4::text)::interval
  ) AS p(inicio)
UNION ALL
SELECT t.servicio_id, to_char(t.inicio, $5::text), t.donaciones, t.voluntarias FROM (
  SELECT i.servicio_id, date_trunc($4::text, i.fecha::timestamp) AS inicio,
      sum(i.donaciones)::int AS donaciones, sum(i.voluntarias)::int AS voluntarias
    FROM indicador_diario i
    WHERE i.servicio_id = ANY($1::uuid[]) AND i.fecha BETWEEN $2::date AND $3::date
    GROUP BY 1, 2
) t
ORDER BY 2`;

/**
 * The components' figures of each servicio between two Argentine days ($2 included, $3 not), summed
 * from their daily roll-up (componente_diario, where they are defined): the events, produced,
 * released and discarded (by reason), dispatched (by destination kind), transfused and returned (by
 * the day their fate was recorded) (migration 1764960000000); and the stock at the midnight that
 * starts $3, the sum of the units' steps in and out of it up to that day (migration 1764960010000).
 */
export const COMPONENTES_SQL = `SELECT servicio_id AS servicio, evento, tipo, nullif(motivo, '') AS motivo, sum(cantidad)::int AS n
    FROM componente_diario
   WHERE servicio_id = ANY($1::uuid[]) AND dia >= $2::date AND dia < $3::date AND evento <> 'stock'
   GROUP BY servicio_id, evento, tipo, motivo
  HAVING sum(cantidad) <> 0
  UNION ALL
  SELECT servicio_id, 'stockFinal', tipo, NULL, sum(cantidad)::int
    FROM componente_diario WHERE servicio_id = ANY($1::uuid[]) AND evento = 'stock' AND dia <= $3::date
   GROUP BY servicio_id, tipo
  HAVING sum(cantidad) <> 0`;

type EventoComponente = {
  servicio: string;
  evento:
    'producidos' | 'liberados' | 'descartados' | 'despachados' | 'transfundidos' | 'devueltos' | 'stockFinal';
  tipo: string;
  /** The reason of a discard, the destination kind of a dispatch. */
  motivo: string | null;
  n: number;
};

/** A servicio's component figures, every type and every reason (zeros too), from the events read. */
function cifrasComponentes(eventos: readonly EventoComponente[]): CifrasComponente[] {
  const cuenta = (evento: EventoComponente['evento'], tipo: string, motivo?: string) =>
    eventos
      .filter((e) => e.evento === evento && e.tipo === tipo && (motivo === undefined || e.motivo === motivo))
      .reduce((n, e) => n + Number(e.n), 0);
  return TIPOS_COMPONENTE.map((tipo) => ({
    tipo,
    producidos: cuenta('producidos', tipo),
    liberados: cuenta('liberados', tipo),
    descartados: cuenta('descartados', tipo),
    porMotivo: MOTIVOS_DESCARTE.map((motivo) => ({ motivo, cantidad: cuenta('descartados', tipo, motivo) })),
    despachados: cuenta('despachados', tipo),
    porDestino: DESTINOS_DESPACHO.map((destino) => ({
      destino,
      cantidad: cuenta('despachados', tipo, destino),
    })),
    transfundidos: cuenta('transfundidos', tipo),
    devueltos: cuenta('devueltos', tipo),
    stockFinal: cuenta('stockFinal', tipo),
  }));
}

type Totales = Record<
  | 'donaciones'
  | 'voluntarias'
  | 'primeraVez'
  | 'aferesis'
  | 'noAptos'
  | 'temporales'
  | 'definitivas'
  | 'analizadas',
  number
> &
  Record<(typeof SEROLOGIA_KEYS)[number], number> &
  Record<string, number | null>;

type Fila<T> = T & { servicio: string | null };

/** The periods of the series and each servicio's exact figures. */
export type CifrasPorServicio = { periodos: string[]; porServicio: Map<string, CifrasIndicadores> };

/**
 * The exact figures of each servicio between two dates, four statements whatever the number of
 * servicios: the statements the service sends (also the benchmark's raw-SQL floor,
 * test/perf/bench.ts). `externo`: results recorded before today (migration 1764200000000).
 */
export async function leerCifras(
  run: RunQuery,
  servicios: readonly string[],
  desde: string,
  hasta: string,
  agrupacion: Agrupacion,
  externo = false,
): Promise<CifrasPorServicio> {
  const params = [[...servicios], desde, hasta];
  const { unidad, formato } = PERIODO[agrupacion];
  // The period's days in Argentina; outside the servicio, only what happened before today.
  const fin = addDays(hasta, 1);
  const hastaDia = externo && todayIso() < fin ? todayIso() : fin;
  const [totales, distintos, serie, eventos, reacciones] = (await Promise.all([
    run(TOTALES_SQL[externo ? 'externo' : 'servicio'], params),
    run(DISTINTOS_SQL, params),
    run(SERIE_SQL, [...params, unidad, formato]),
    run(COMPONENTES_SQL, [[...servicios], desde, hastaDia]),
    run(REACCIONES_SQL, [...params, externo]),
  ])) as unknown as [
    Fila<Totales>[],
    Fila<{ recientes: number; frontera: number }>[],
    Fila<{ periodo: string; donaciones: number; voluntarias: number }>[],
    EventoComponente[],
    Fila<{ tipo: string; cantidad: number }>[],
  ];
  const periodos = serie.filter((p) => p.servicio === null).map((p) => p.periodo);
  const porServicio = new Map<string, CifrasIndicadores>();
  for (const servicio of servicios) {
    const t = totales.find((x) => x.servicio === servicio);
    const n = (k: string) => t?.[k] ?? 0;
    const donaciones = n('donaciones');
    const puntos = new Map(serie.filter((p) => p.servicio === servicio).map((p) => [p.periodo, p]));
    porServicio.set(servicio, {
      donaciones,
      donantesDistintos: donantesDistintos(
        donaciones,
        distintos.find((x) => x.servicio === servicio),
      ),
      atendidos: donaciones + n('noAptos'),
      noAptos: n('noAptos'),
      voluntarias: n('voluntarias'),
      reposicion: donaciones - n('voluntarias'),
      primeraVez: n('primeraVez'),
      habituales: donaciones - n('primeraVez'),
      aferesis: n('aferesis'),
      // Outside, a donation that came today is pending: its results are read tomorrow.
      pendientes: donaciones - n('analizadas'),
      porGrupo: GRUPOS.filter((g) => n(g.clave) > 0)
        .map(({ clave }) => {
          const [abo, rh] = clave.split('|');
          return { abo, rh, cantidad: n(clave) };
        })
        .sort(ordenGrupos),
      serologia: SEROLOGIA_KEYS.map((marcador) => ({
        marcador,
        analizadas: n(`${marcador}Analizadas`),
        reactivas: n(marcador),
        pendientes: donaciones - n(`${marcador}Analizadas`),
      })),
      exclusiones: { temporales: n('temporales'), definitivas: n('definitivas') },
      reacciones: reaccionesDe(reacciones.filter((r) => r.servicio === servicio)),
      serie: periodos.map((periodo) => {
        const p = puntos.get(periodo);
        const [don, vol] = [p?.donaciones ?? 0, p?.voluntarias ?? 0];
        return { periodo, donaciones: don, voluntarias: vol, reposicion: don - vol };
      }),
      componentes: cifrasComponentes(eventos.filter((e) => e.servicio === servicio)),
    });
  }
  return { periodos, porServicio };
}

/** A servicio's reactions by kind (REACCIONES_SQL rows): the total and every kind, in order. */
function reaccionesDe(filas: { tipo: string; cantidad: number }[]): CifrasIndicadores['reacciones'] {
  const porTipo = TIPOS_REACCION.map((tipo) => ({
    tipo,
    cantidad: filas.find((f) => f.tipo === tipo)?.cantidad ?? 0,
  }));
  return { total: porTipo.reduce((n, t) => n + t.cantidad, 0), porTipo };
}

/** The period's donations whose donor's previous donation is before it (DISTINTOS_SQL). */
const donantesDistintos = (donaciones: number, d?: { recientes: number; frontera: number }) =>
  donaciones - (d?.recientes ?? 0) + (d?.frontera ?? 0);

/** The figures of the answer, with the period they cover. */
const conPeriodo = (
  p: IndicadoresPublicados,
  desde: string,
  hasta: string,
  agrupacion: Agrupacion,
): Indicadores => ({
  desde,
  hasta,
  agrupacion,
  ...p,
  // Types and reasons as TIPOS_COMPONENTE and MOTIVOS_DESCARTE name them: the GraphQL enums' names
  // (componente.entity.ts fails to compile if they drift apart).
  componentes: p.componentes as IndicadorComponente[],
});

/** The servicios' figures counted together (their sum). */
const sumar = ({ periodos, porServicio }: CifrasPorServicio): CifrasIndicadores =>
  sumarCifras([...porServicio.values()], periodos, SEROLOGIA_KEYS);

/**
 * The exact indicators of a servicio, or of several together, between two dates (the
 * benchmark's floor reads them so).
 */
export async function leerIndicadores(
  run: RunQuery,
  alcance: Alcance,
  desde: string,
  hasta: string,
  agrupacion: Agrupacion,
): Promise<Indicadores> {
  const servicios = 'servicios' in alcance ? [...alcance.servicios] : [alcance.servicio];
  const cifras = await leerCifras(run, servicios, desde, hasta, agrupacion);
  return conPeriodo(cifrasExactas(sumar(cifras)), desde, hasta, agrupacion);
}

export class IndicadoresService {
  constructor(private readonly query: RunQuery) {}

  /**
   * A servicio's indicators: exact for its own staff, published (publicarIndicadores) for an API
   * key. A bad period is a ValidationError in Spanish. Without a grouping (left out or null) the
   * series is by month.
   */
  async indicadores(
    alcance: { servicio: string },
    desde: string,
    hasta: string,
    agrupacion: Agrupacion | null | undefined,
    lector: Lector,
  ): Promise<Indicadores> {
    const por = agrupacion ?? Agrupacion.MES;
    assertValid(validatePeriodo(desde, hasta, por));
    const externo = lector === 'externo';
    const cifras = await leerCifras(this.query, [alcance.servicio], desde, hasta, por, externo);
    const total = sumar(cifras);
    const publicadas = externo ? publicarIndicadores(total).total : cifrasExactas(total);
    return conPeriodo(publicadas, desde, hasta, por);
  }

  /**
   * A network's figures, as its account reads them (from outside every member): all the members
   * together and each one's, suppressed together so that no member's figure comes back from the
   * total minus the others.
   */
  async deRed(
    servicios: readonly string[],
    desde: string,
    hasta: string,
    agrupacion?: Agrupacion | null,
  ): Promise<{ total: Indicadores; porServicio: Map<string, Indicadores> }> {
    const por = agrupacion ?? Agrupacion.MES;
    assertValid(validatePeriodo(desde, hasta, por));
    const cifras = await leerCifras(this.query, servicios, desde, hasta, por, true);
    const publicadas = publicarIndicadores(sumar(cifras), [...cifras.porServicio.values()]);
    const miembros = [...cifras.porServicio.keys()];
    return {
      total: conPeriodo(publicadas.total, desde, hasta, por),
      porServicio: new Map(
        miembros.map((id, k) => [id, conPeriodo(publicadas.miembros[k], desde, hasta, por)]),
      ),
    };
  }
}
