/**
 * Pure formatting of the indicators report, shared by the /reportes screen, its CSV and its PDF
 * (no @react-pdf import: the screen uses it too).
 */
import {
  isMotivoDescarte,
  isTipoComponente,
  MOTIVO_DESCARTE_LABELS,
  TIPO_COMPONENTE_LABELS,
} from '@domain/componentes';
import { addDays, formatDate, parseIsoDate } from '@domain/dates';
import { DESTINOS_DESPACHO, type TipoDestino } from '@domain/despacho';
import { SEROLOGIA_LABELS, type SerologiaKey } from '@domain/donacion';
import { AGRUPACION_LABELS, type AgrupacionValor } from '@domain/indicadores';
import { MSG } from '@domain/messages';
import { formatRh } from './format';
import type {
  CifraImprimible,
  ComponenteImprimible,
  IndicadoresImprimible,
  IndicadoresRedImprimible,
} from './types';

const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as Argentina writes it: decimal comma, and a dot between thousands unless `agrupar` is
 * false (CSV cells, which a spreadsheet must read back as numbers).
 */
export function formatNumero(value: number, { decimales = 0, agrupar = true } = {}): string {
  const key = `${decimales}|${agrupar}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('es-AR', {
      minimumFractionDigits: decimales,
      maximumFractionDigits: decimales,
      useGrouping: agrupar,
    });
    numberFormats.set(key, format);
  }
  return format.format(Number.isFinite(value) ? value : 0);
}

/**
 * A figure of the report: formatNumero, or 'menos de 5' where it is not published outside the
 * servicio (null).
 */
export function formatCifra(
  value: CifraImprimible,
  opciones: { decimales?: number; agrupar?: boolean } = {},
) {
  return value === null ? MSG.menosDeCinco : formatNumero(value, opciones);
}

/**
 * A share with one decimal and the sign: '62,5 %'; 'reservado' where it is not published (it was
 * made from a figure that is not: 'menos de 5 %' would read as a share).
 */
export function formatPorcentaje(value: CifraImprimible): string {
  return value === null ? MSG.porcentajeReservado : `${formatNumero(value, { decimales: 1 })} %`;
}

/** The sum of figures: null (not published) when one of them is. */
export function sumaCifras(values: readonly CifraImprimible[]): CifraImprimible {
  return values.some((v) => v === null) ? null : (values as number[]).reduce((n, v) => n + v, 0);
}

/** Whether a report holds a figure that is not published ('menos de 5'): its note is shown then. */
export function haySuprimidas(i: IndicadoresImprimible): boolean {
  const cifras: CifraImprimible[] = [
    ...cifrasPrincipales(i).map((c) => c.numero),
    ...i.porGrupo.map((g) => g.cantidad),
    ...i.serologia.flatMap((s) => [s.analizadas, s.pendientes, s.reactivas, s.porcentaje]),
    ...i.serie.flatMap((s) => [s.donaciones, s.voluntarias, s.reposicion]),
    ...(i.componentes ?? []).flatMap((c) => [
      ...COLUMNAS_COMPONENTES.map((k) => k.valor(c)),
      ...c.porMotivo.map((m) => m.cantidad),
    ]),
  ];
  return cifras.some((c) => c === null);
}

/** One column of the components' table: its head and its figure (null: not published). */
export type ColumnaComponente = {
  label: string;
  valor: (c: ComponenteImprimible) => CifraImprimible;
};

/** A destination kind, short, after 'A ' in a column's head. */
const DESTINO_CORTO: Record<TipoDestino, string> = {
  HOSPITAL: 'hospital o clínica',
  MIEMBRO_RED: 'otro servicio de la red',
  SERVICIO_PROPIO: 'servicio de transfusión propio',
};

/** A figure of a list by code: null (not published) stays null; a code the list lacks is 0. */
const deLista = <K extends string>(
  lista: readonly ({ cantidad: CifraImprimible } & Record<K, string>)[],
  k: K,
  codigo: string,
) => {
  const fila = lista.find((x) => x[k] === codigo);
  return fila === undefined ? 0 : fila.cantidad;
};

const porDestino = (destino: TipoDestino) => (c: ComponenteImprimible) =>
  deLista(c.porDestino, 'destino', destino);

/**
 * What became of the blood, per component type, on /reportes, in its CSV and in its PDF: produced,
 * released, dispatched by destination kind, transfused, returned, discarded, expired and the stock
 * at the period's end.
 */
export const COLUMNAS_COMPONENTES: readonly ColumnaComponente[] = [
  { label: 'Producidos', valor: (c) => c.producidos },
  { label: 'Liberados', valor: (c) => c.liberados },
  { label: 'Despachados', valor: (c) => c.despachados },
  ...DESTINOS_DESPACHO.map((d) => ({ label: `A ${DESTINO_CORTO[d]}`, valor: porDestino(d) })),
  { label: 'Transfundidos', valor: (c) => c.transfundidos },
  { label: 'Devueltos', valor: (c) => c.devueltos },
  { label: 'Descartados', valor: (c) => c.descartados },
  { label: 'Vencidos', valor: (c) => c.vencidos },
  { label: 'Stock al final', valor: (c) => c.stockFinal },
];

/**
 * The components the report shows: none when no figure of any type is a published number other
 * than 0 (a servicio that does not split its donations, a period without any, or one whose every
 * figure is 'menos de 5' outside the servicio), so that the report stays as it was.
 */
export function componentesDe(i: IndicadoresImprimible): ComponenteImprimible[] {
  const componentes = i.componentes ?? [];
  const publicada = (n: CifraImprimible) => n !== null && n !== 0;
  const alguna = componentes.some(
    (c) =>
      COLUMNAS_COMPONENTES.some((k) => publicada(k.valor(c))) ||
      c.porMotivo.some((m) => publicada(m.cantidad)),
  );
  return alguna ? componentes : [];
}

/** A component type in words ('Concentrado de glóbulos rojos'). */
export function componenteLabel(tipo: string): string {
  return isTipoComponente(tipo) ? TIPO_COMPONENTE_LABELS[tipo] : tipo;
}

/** A discard's reason in words ('Serología reactiva'). */
export function motivoLabel(motivo: string): string {
  return isMotivoDescarte(motivo) ? MOTIVO_DESCARTE_LABELS[motivo] : motivo;
}

/**
 * The discarded units by reason: one row per reason with a discard in some type (or not published),
 * its figure per type in the order of `componentes`.
 */
export function descartesPorMotivo(
  componentes: readonly ComponenteImprimible[],
): { motivo: string; cantidades: CifraImprimible[] }[] {
  const motivos = componentes[0]?.porMotivo.map((m) => m.motivo) ?? [];
  return motivos
    .map((motivo) => ({
      motivo,
      cantidades: componentes.map((c) => deLista(c.porMotivo, 'motivo', motivo)),
    }))
    .filter((f) => f.cantidades.some((n) => n !== 0));
}

/** 'A Positivo', 'O Negativo'; 'Sin resultado' when the group is not typed yet (abo ''). */
export function grupoLabel(abo: string, rh: string): string {
  if (!abo) return 'Sin resultado';
  return [abo, formatRh(rh)].filter(Boolean).join(' ');
}

/** The short form for a chart's axis: 'A+', 'O−', 'Sin resultado'. */
export function grupoCorto(abo: string, rh: string): string {
  if (!abo) return 'Sin resultado';
  const factor = formatRh(rh);
  return `${abo}${factor === 'Positivo' ? '+' : factor === 'Negativo' ? '−' : ''}`;
}

/** A serology marker's name ('hepB' -> 'Hepatitis B'); an unknown key as it is. */
export function marcadorLabel(marcador: string): string {
  return SEROLOGIA_LABELS[marcador as SerologiaKey] ?? marcador;
}

export function agrupacionLabel(agrupacion: AgrupacionValor): string {
  return AGRUPACION_LABELS[agrupacion];
}

/** 'Del 01/01/2026 al 31/03/2026' */
export function periodoTexto(desde: string, hasta: string): string {
  return `Del ${formatDate(desde)} al ${formatDate(hasta)}`;
}

/** The first day of a series point ('2026-03' -> '2026-03-01', '2026' -> '2026-01-01'). */
export function periodoInicio(periodo: string): string {
  if (/^\d{4}$/.test(periodo)) return `${periodo}-01-01`;
  if (/^\d{4}-\d{2}$/.test(periodo)) return `${periodo}-01`;
  return periodo;
}

/**
 * The first day of a series point inside the report's period: a week or a month may begin before
 * `desde` (the week of 2015-01-01 begins on 2014-12-29), and only the period's days are counted.
 */
export function periodoPrimerDia(periodo: string, desde: string): string {
  return maxIso(periodoInicio(periodo), desde);
}

/** The last day of a series point. */
export function periodoFin(periodo: string, agrupacion: AgrupacionValor): string {
  const inicio = periodoInicio(periodo);
  const p = parseIsoDate(inicio);
  if (!p) return periodo;
  switch (agrupacion) {
    case 'DIA':
      return inicio;
    case 'SEMANA':
      return addDays(inicio, 6);
    case 'MES':
      return new Date(Date.UTC(p.y, p.m, 0)).toISOString().slice(0, 10);
    case 'ANIO':
      return `${p.y}-12-31`;
  }
}

/** A series point as a table shows it: '05/03/2026', 'Semana del 02/03/2026', 'Marzo 2026', '2026'. */
export function periodoLabel(periodo: string, agrupacion: AgrupacionValor): string {
  const p = parseIsoDate(periodoInicio(periodo));
  if (!p) return periodo;
  switch (agrupacion) {
    case 'DIA':
      return formatDate(periodo);
    case 'SEMANA':
      return `Semana del ${formatDate(periodo)}`;
    case 'MES':
      return `${MESES[p.m - 1]} ${p.y}`;
    case 'ANIO':
      return String(p.y);
  }
}

/** A series point on a chart's axis: '05/03', '02/03', 'Mar 26', '2026'. */
export function periodoCorto(periodo: string, agrupacion: AgrupacionValor): string {
  const p = parseIsoDate(periodoInicio(periodo));
  if (!p) return periodo;
  const dd = String(p.d).padStart(2, '0');
  const mm = String(p.m).padStart(2, '0');
  switch (agrupacion) {
    case 'DIA':
    case 'SEMANA':
      return `${dd}/${mm}`;
    case 'MES':
      return `${MESES[p.m - 1].slice(0, 3)} ${String(p.y).slice(2)}`;
    case 'ANIO':
      return String(p.y);
  }
}

export type FilaSerie = {
  periodo: string;
  donaciones: CifraImprimible;
  voluntarias: CifraImprimible;
  reposicion: CifraImprimible;
};

/**
 * The series in at most `max` rows, for a page of fixed size: as it is when it fits, otherwise
 * consecutive points merged into runs of equal length (their counts added up; not published when
 * one of them is not), each labelled with the days it covers ('01/01/2025 a 14/01/2025'; 'Enero
 * 2020 a Junio 2020'), clamped to the report's period. Nothing is left out: the rows add up to the
 * whole series.
 */
export function compactarSerie(
  indicadores: Pick<IndicadoresImprimible, 'serie' | 'agrupacion' | 'desde' | 'hasta'>,
  max: number,
): FilaSerie[] {
  const { serie, agrupacion, desde, hasta } = indicadores;
  if (serie.length <= max) {
    return serie.map((s) => ({ ...pick(s), periodo: periodoLabel(s.periodo, agrupacion) }));
  }
  const size = Math.ceil(serie.length / max);
  const filas: FilaSerie[] = [];
  for (let i = 0; i < serie.length; i += size) {
    const tramo = serie.slice(i, i + size);
    const first = tramo[0].periodo;
    const last = tramo[tramo.length - 1].periodo;
    let periodo: string;
    if (agrupacion === 'MES' || agrupacion === 'ANIO') {
      periodo =
        tramo.length === 1
          ? periodoLabel(first, agrupacion)
          : `${periodoLabel(first, agrupacion)} a ${periodoLabel(last, agrupacion)}`;
    } else {
      const inicio = periodoPrimerDia(first, desde);
      const fin = minIso(periodoFin(last, agrupacion), hasta);
      periodo = inicio === fin ? formatDate(inicio) : `${formatDate(inicio)} a ${formatDate(fin)}`;
    }
    filas.push({
      periodo,
      donaciones: sum(tramo, 'donaciones'),
      voluntarias: sum(tramo, 'voluntarias'),
      reposicion: sum(tramo, 'reposicion'),
    });
  }
  return filas;
}

const pick = ({ donaciones, voluntarias, reposicion }: FilaSerie) => ({
  donaciones,
  voluntarias,
  reposicion,
});
const sum = (rows: FilaSerie[], key: 'donaciones' | 'voluntarias' | 'reposicion') =>
  sumaCifras(rows.map((r) => r[key]));
const maxIso = (a: string, b: string) => (a > b ? a : b);
const minIso = (a: string, b: string) => (a < b ? a : b);

/**
 * The report's headline figures, label and value, in the order the screen, CSV and PDF show them.
 * `tasa`: a rate with one decimal (reactions per 1,000 donations), 'reservado' when not published.
 */
export type Cifra = {
  label: string;
  numero: CifraImprimible;
  porcentaje: boolean;
  tasa: boolean;
  valor: string;
};

type CifraBase = { label: string; numero: CifraImprimible; porcentaje?: boolean; tasa?: boolean };

export function cifrasPrincipales(i: IndicadoresImprimible): Cifra[] {
  const reacciones: CifraBase[] = i.reacciones
    ? [
        { label: 'Reacciones del donante', numero: i.reacciones.total },
        { label: 'Reacciones por 1.000 donaciones', numero: i.reacciones.porMil, tasa: true },
      ]
    : [];
  const cifras: CifraBase[] = [
    { label: 'Atendidos', numero: i.atendidos },
    { label: 'Donaciones', numero: i.donaciones },
    { label: 'Donantes distintos', numero: i.donantesDistintos },
    { label: 'No aptos', numero: i.noAptos },
    { label: 'Con análisis pendiente', numero: i.pendientes },
    { label: 'Voluntarias', numero: i.voluntarias },
    { label: 'De reposición', numero: i.reposicion },
    { label: '% voluntarias', numero: i.porcentajeVoluntarias, porcentaje: true },
    { label: 'Primera vez', numero: i.primeraVez },
    { label: 'Habituales', numero: i.habituales },
    { label: 'Aféresis', numero: i.aferesis },
    { label: 'Exclusiones temporales', numero: i.exclusiones.temporales },
    { label: 'Exclusiones definitivas', numero: i.exclusiones.definitivas },
    ...reacciones,
  ];
  return cifras.map(({ label, numero, porcentaje = false, tasa = false }) => ({
    label,
    numero,
    porcentaje,
    tasa,
    valor: porcentaje
      ? formatPorcentaje(numero)
      : tasa
        ? numero === null
          ? MSG.porcentajeReservado
          : formatNumero(numero, { decimales: 1 })
        : formatCifra(numero),
  }));
}

/** The report's file name: 'reporte-2026-01-01-a-2026-03-31.pdf' (or .csv). */
export function reporteFileName(desde: string, hasta: string, extension: 'pdf' | 'csv'): string {
  return `reporte-${desde}-a-${hasta}.${extension}`;
}

/** One column of the network's table by servicio: its head and its figure (null: not published). */
export type ColumnaRed = {
  label: string;
  valor: (i: IndicadoresImprimible) => CifraImprimible;
  porcentaje?: boolean;
};

/**
 * The columns of the network's table by servicio, on /red, in its CSV and in its PDF. 'Resultados
 * reactivos' adds the reactive results of every marker: a donation reactive to two markers counts
 * twice. A sum with a figure that is not published is not published either.
 */
export const COLUMNAS_RED: readonly ColumnaRed[] = [
  { label: 'Atendidos', valor: (i) => i.atendidos },
  { label: 'Donaciones', valor: (i) => i.donaciones },
  { label: '% voluntarias', valor: (i) => i.porcentajeVoluntarias, porcentaje: true },
  { label: 'Primera vez', valor: (i) => i.primeraVez },
  { label: 'No aptos', valor: (i) => i.noAptos },
  { label: 'Resultados reactivos', valor: (i) => sumaCifras(i.serologia.map((s) => s.reactivas)) },
  {
    label: 'Exclusiones',
    valor: (i) => sumaCifras([i.exclusiones.temporales, i.exclusiones.definitivas]),
  },
];

/** A column's figure as the screen and the PDF write it ('1.234', '62,5 %', 'menos de 5'). */
export function valorTexto(columna: ColumnaRed, i: IndicadoresImprimible): string {
  const n = columna.valor(i);
  return columna.porcentaje ? formatPorcentaje(n) : formatCifra(n);
}

/** Whether a figure of the network's report, the total's or a member's, is not published. */
export function redConSuprimidas(red: IndicadoresRedImprimible): boolean {
  return haySuprimidas(red.total) || red.porServicio.some((s) => haySuprimidas(s.indicadores));
}

/** The row that closes the table: every member together. */
export const TOTAL_RED = 'Total de la red';
