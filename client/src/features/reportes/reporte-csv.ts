import { formatDate, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { line, textCell, toCsv } from '@/lib/csv';
import type { CifraImprimible, ComponenteImprimible, IndicadoresImprimible } from '@/imprimibles/types';
import {
  agrupacionLabel,
  cifrasPrincipales,
  COLUMNAS_COMPONENTES,
  componenteLabel,
  componentesDe,
  descartesPorMotivo,
  formatNumero,
  grupoLabel,
  haySuprimidas,
  marcadorLabel,
  motivoLabel,
  periodoLabel,
  periodoPrimerDia,
} from '@/imprimibles/reporte-format';

/**
 * A cell: a number the product computed as Argentina writes it (decimal comma, no thousands
 * separator); any text through textCell (lib/csv.ts), inert in a spreadsheet.
 */
export function cell(value: string | number, decimales = 0): string {
  return typeof value === 'number' ? formatNumero(value, { decimales, agrupar: false }) : textCell(value);
}

/**
 * A figure's cell: the number, or 'menos de 5' where it is not published outside the servicio
 * ('reservado' for a share, `porcentaje`).
 */
export function cifraCell(value: CifraImprimible, { porcentaje = false } = {}): string {
  if (value === null) return cell(porcentaje ? MSG.porcentajeReservado : MSG.menosDeCinco);
  return cell(value, porcentaje ? 1 : 0);
}

/**
 * The report as CSV, for a spreadsheet (lib/csv.ts): UTF-8 with BOM, ';' between cells, numbers as
 * Argentina writes them (decimal comma, no thousands separator), CRLF line ends. The first lines,
 * starting with '#', say what the file holds and how it is written (each one cell, quoted when it
 * holds a ';', as the servicio's name may); then the same figures as the screen,
 * in blocks separated by an empty line: headline figures, donations by blood group,
 * serology by marker, the series (each point's first day inside the period, as the PDF's), and
 * the components per type with their discards by reason.
 * A figure not published outside the servicio says 'menos de 5', and a '#' line says why.
 */
export function buildReporteCsv(
  i: IndicadoresImprimible,
  servicio: string,
  generado: Date = new Date(),
): string {
  return toCsv(reporteCsvLines(i, servicio, generado));
}

/**
 * The lines of buildReporteCsv, for a file that adds blocks of its own (the network's, which says
 * whether one of its figures is not published: `suprimidas`).
 */
export function reporteCsvLines(
  i: IndicadoresImprimible,
  servicio: string,
  generado: Date,
  suprimidas = haySuprimidas(i),
): string[] {
  return [
    cell(`# Reporte de indicadores - ${servicio}`),
    cell(
      `# Período: ${formatDate(i.desde)} al ${formatDate(i.hasta)} (inclusive). Agrupación de la serie: ${agrupacionLabel(i.agrupacion)}`,
    ),
    cell(`# Generado: ${formatDate(todayIso(generado))}`),
    cell(
      '# Formato: UTF-8, columnas separadas por punto y coma (;), decimales con coma; porcentajes de 0 a 100',
    ),
    ...(suprimidas ? [cell(`# ${MSG.notaSupresion}`)] : []),
    '',
    line('Indicador', 'Valor'),
    ...cifrasPrincipales(i).map((c) =>
      line(cell(c.label), cifraCell(c.numero, { porcentaje: c.porcentaje || c.tasa })),
    ),
    '',
    line('Grupo y factor', 'Donaciones'),
    ...i.porGrupo.map((g) => line(cell(grupoLabel(g.abo, g.rh)), cifraCell(g.cantidad))),
    // A period not published whole does not list its groups.
    ...(i.porGrupo.length === 0 && i.donaciones === null
      ? [line(cell('Todos los grupos'), cifraCell(null))]
      : []),
    '',
    line('Marcador', 'Analizadas', 'Sin analizar', 'Reactivas', '% reactivas'),
    ...i.serologia.map((s) =>
      line(
        cell(marcadorLabel(s.marcador)),
        cifraCell(s.analizadas),
        cifraCell(s.pendientes),
        cifraCell(s.reactivas),
        cifraCell(s.porcentaje, { porcentaje: true }),
      ),
    ),
    '',
    line('Período', 'Primer día', 'Donaciones', 'Voluntarias', 'Reposición'),
    ...i.serie.map((s) =>
      line(
        cell(periodoLabel(s.periodo, i.agrupacion)),
        cell(formatDate(periodoPrimerDia(s.periodo, i.desde))),
        cifraCell(s.donaciones),
        cifraCell(s.voluntarias),
        cifraCell(s.reposicion),
      ),
    ),
    ...componentesCsvLines(componentesDe(i)),
  ];
}

/**
 * The components' blocks: one row per type (COLUMNAS_COMPONENTES), then the discarded units by
 * reason, one column per type. None when the period has no component figure (componentesDe).
 */
function componentesCsvLines(componentes: readonly ComponenteImprimible[]): string[] {
  if (componentes.length === 0) return [];
  const motivos = descartesPorMotivo(componentes);
  return [
    '',
    line(cell('Componente'), ...COLUMNAS_COMPONENTES.map((c) => cell(c.label))),
    ...componentes.map((t) =>
      line(cell(componenteLabel(t.tipo)), ...COLUMNAS_COMPONENTES.map((c) => cifraCell(c.valor(t)))),
    ),
    ...(motivos.length > 0
      ? [
          '',
          line(cell('Motivo del descarte'), ...componentes.map((t) => cell(componenteLabel(t.tipo)))),
          ...motivos.map((m) => line(cell(motivoLabel(m.motivo)), ...m.cantidades.map((n) => cifraCell(n)))),
        ]
      : []),
  ];
}
