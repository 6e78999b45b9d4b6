/**
 * The service's indicators for dashboards and the /reportes screen. Every figure is counted by
 * the database: the additive ones are sums of the daily roll-up (indicador_diario, kept by the
 * triggers of migration 1763850000000 in the same transaction as each write), so a year reads at
 * most 366 rows; distinct donors (a count that cannot be summed day by day) from a second roll-up
 * by day and month of each donor's previous donation, plus an exact read of one boundary month.
 */
import { SEROLOGIA_KEYS } from '../../domain/donacion';
import { porcentaje, validatePeriodo } from '../../domain/indicadores';
import { assertValid } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import {
  Agrupacion,
  IndicadorGrupo,
  IndicadorPeriodo,
  Indicadores,
  IndicadorSerologia,
} from './indicadores.types';

// The types other modules build on (a regional network's figures): this module's surface.
export { Agrupacion, Indicadores };

/**
 * Whose indicators: a servicio (a signed-in user's, or an API key's), or several counted together
 * (a regional network's members).
 */
export type Alcance = { servicio: string } | { servicios: readonly string[] };

/** The roll-up's column of each serology marker. */
const COLUMNA_MARCADOR: Record<(typeof SEROLOGIA_KEYS)[number], string> = {
  hiv: 'hiv',
  hepB: 'hep_b',
  hepC: 'hep_c',
  vdrl: 'vdrl',
  brucelosis: 'brucelosis',
  chagas: 'chagas',
  htlv: 'htlv',
};

const TOTALES_SQL = `SELECT
    coalesce(sum(donaciones), 0)::int AS donaciones,
    coalesce(sum(voluntarias), 0)::int AS voluntarias,
    coalesce(sum(primera_vez), 0)::int AS "primeraVez",
    coalesce(sum(aferesis), 0)::int AS aferesis,
    coalesce(sum(no_aptos), 0)::int AS "noAptos",
    coalesce(sum(excl_temporales + no_aptos_diferidos), 0)::int AS temporales,
    coalesce(sum(excl_definitivas), 0)::int AS definitivas,
    coalesce(sum(sero_analizadas), 0)::int AS analizadas,
    ${SEROLOGIA_KEYS.map((k) => `coalesce(sum(${COLUMNA_MARCADOR[k]}), 0)::int AS "${k}"`).join(',\n    ')}
  FROM indicador_diario WHERE servicio_id = ANY($1::uuid[]) AND fecha BETWEEN $2::date AND $3::date`;

const GRUPOS_SQL = `SELECT split_part(g.key, '|', 1) AS abo, split_part(g.key, '|', 2) AS rh,
    sum(g.value::int)::int AS cantidad
  FROM indicador_diario i, jsonb_each_text(i.grupos) g
  WHERE i.servicio_id = ANY($1::uuid[]) AND i.fecha BETWEEN $2::date AND $3::date
  GROUP BY g.key
  HAVING sum(g.value::int) > 0
  ORDER BY split_part(g.key, '|', 1) = '', 1, 2`;

/**
 * Distinct donors: the period's donations whose donor's previous donation is before `desde` (or
 * none), from the roll-up by previous month, plus those whose previous donation falls in `desde`'s
 * own month before `desde` (migration 1763890000000).
 */
const DISTINTOS_SQL = `SELECT
    (SELECT coalesce(sum(donaciones), 0) FROM indicador_distintos
      WHERE servicio_id = ANY($1::uuid[]) AND fecha BETWEEN $2::date AND $3::date
        AND mes_anterior < indicador_mes($2::date))::int
  + (SELECT count(*) FROM donacion
      WHERE servicio_id = ANY($1::uuid[]) AND deleted_at IS NULL
        AND fecha_anterior >= indicador_mes($2::date) AND fecha_anterior < $2::date
        AND fecha BETWEEN $2::date AND $3::date)::int AS n`;

/** The unit of date_trunc and the label of each period, by grouping. */
const PERIODO: Record<Agrupacion, { unidad: string; formato: string }> = {
  [Agrupacion.DIA]: { unidad: 'day', formato: 'YYYY-MM-DD' },
  [Agrupacion.SEMANA]: { unidad: 'week', formato: 'YYYY-MM-DD' },
  [Agrupacion.MES]: { unidad: 'month', formato: 'YYYY-MM' },
  [Agrupacion.ANIO]: { unidad: 'year', formato: 'YYYY' },
};

/** One point per period that meets the dates (empty ones too), counting only days inside them. */
const SERIE_SQL = `SELECT to_char(p.inicio, $5::text) AS periodo,
    coalesce(sum(i.donaciones), 0)::int AS donaciones,
    coalesce(sum(i.voluntarias), 0)::int AS voluntarias
  FROM generate_series(
    date_trunc($4::text, $2::date::timestamp), $3::date::timestamp, ('1 ' || $4::text)::interval
  ) AS p(inicio)
  LEFT JOIN indicador_diario i
    ON i.servicio_id = ANY($1::uuid[]) AND i.fecha BETWEEN $2::date AND $3::date
   AND date_trunc($4::text, i.fecha::timestamp) = p.inicio
  GROUP BY p.inicio ORDER BY p.inicio`;

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
  Record<(typeof SEROLOGIA_KEYS)[number], number>;

/**
 * The indicators of a servicio between two dates: the statements the service sends (also the
 * benchmark's raw-SQL floor, test/perf/bench.ts), then the shape of the answer.
 */
export async function leerIndicadores(
  run: RunQuery,
  alcance: Alcance,
  desde: string,
  hasta: string,
  agrupacion: Agrupacion,
): Promise<Indicadores> {
  const servicios = 'servicios' in alcance ? [...alcance.servicios] : [alcance.servicio];
  const params = [servicios, desde, hasta];
  const { unidad, formato } = PERIODO[agrupacion];
  const [[t], grupos, [distintos], serie] = (await Promise.all([
    run(TOTALES_SQL, params),
    run(GRUPOS_SQL, params),
    run(DISTINTOS_SQL, params),
    run(SERIE_SQL, [...params, unidad, formato]),
  ])) as unknown as [
    [Totales],
    IndicadorGrupo[],
    [{ n: number }],
    { periodo: string; donaciones: number; voluntarias: number }[],
  ];
  return {
    desde,
    hasta,
    agrupacion,
    donaciones: t.donaciones,
    donantesDistintos: distintos.n,
    atendidos: t.donaciones + t.noAptos,
    noAptos: t.noAptos,
    voluntarias: t.voluntarias,
    reposicion: t.donaciones - t.voluntarias,
    porcentajeVoluntarias: porcentaje(t.voluntarias, t.donaciones),
    primeraVez: t.primeraVez,
    habituales: t.donaciones - t.primeraVez,
    aferesis: t.aferesis,
    porGrupo: grupos,
    serologia: SEROLOGIA_KEYS.map((marcador): IndicadorSerologia => ({
      marcador,
      analizadas: t.analizadas,
      reactivas: t[marcador],
      porcentaje: porcentaje(t[marcador], t.analizadas),
    })),
    exclusiones: { temporales: t.temporales, definitivas: t.definitivas },
    serie: serie.map((p): IndicadorPeriodo => ({ ...p, reposicion: p.donaciones - p.voluntarias })),
  };
}

export class IndicadoresService {
  constructor(private readonly query: RunQuery) {}

  /**
   * The caller's servicio's indicators; a bad period is a ValidationError in Spanish. Without a
   * grouping (left out or null) the series is by month.
   */
  async indicadores(
    alcance: Alcance,
    desde: string,
    hasta: string,
    agrupacion?: Agrupacion | null,
  ): Promise<Indicadores> {
    const por = agrupacion ?? Agrupacion.MES;
    assertValid(validatePeriodo(desde, hasta, por));
    return leerIndicadores(this.query, alcance, desde, hasta, por);
  }
}
