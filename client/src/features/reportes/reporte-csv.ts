import { formatDate, todayIso } from '@domain/dates';
import { line, textCell, toCsv } from '@/lib/csv';
import type { IndicadoresImprimible } from '@/imprimibles/types';
import {
  agrupacionLabel,
  cifrasPrincipales,
  formatNumero,
  grupoLabel,
  marcadorLabel,
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
 * The report as CSV, for a spreadsheet (lib/csv.ts): UTF-8 with BOM, ';' between cells, numbers as
 * Argentina writes them (decimal comma, no thousands separator), CRLF line ends. The first lines,
 * starting with '#', say what the file holds and how it is written (each one cell, quoted when it
 * holds a ';', as the servicio's name may); then the same figures as the screen,
 * in four blocks separated by an empty line: headline figures, donations by blood group,
 * serology by marker and the series (each point's first day inside the period, as the PDF's).
 */
export function buildReporteCsv(
  i: IndicadoresImprimible,
  servicio: string,
  generado: Date = new Date(),
): string {
  return toCsv(reporteCsvLines(i, servicio, generado));
}

/** The lines of buildReporteCsv, for a file that adds blocks of its own (the network's). */
export function reporteCsvLines(i: IndicadoresImprimible, servicio: string, generado: Date): string[] {
  return [
    cell(`# Reporte de indicadores - ${servicio}`),
    cell(
      `# Período: ${formatDate(i.desde)} al ${formatDate(i.hasta)} (inclusive). Agrupación de la serie: ${agrupacionLabel(i.agrupacion)}`,
    ),
    cell(`# Generado: ${formatDate(todayIso(generado))}`),
    cell(
      '# Formato: UTF-8, columnas separadas por punto y coma (;), decimales con coma; porcentajes de 0 a 100',
    ),
    '',
    line('Indicador', 'Valor'),
    ...cifrasPrincipales(i).map((c) => line(cell(c.label), cell(c.numero, c.porcentaje ? 1 : 0))),
    '',
    line('Grupo y factor', 'Donaciones'),
    ...i.porGrupo.map((g) => line(cell(grupoLabel(g.abo, g.rh)), cell(g.cantidad))),
    '',
    line('Marcador', 'Analizadas', 'Reactivas', '% reactivas'),
    ...i.serologia.map((s) =>
      line(cell(marcadorLabel(s.marcador)), cell(s.analizadas), cell(s.reactivas), cell(s.porcentaje, 1)),
    ),
    '',
    line('Período', 'Primer día', 'Donaciones', 'Voluntarias', 'Reposición'),
    ...i.serie.map((s) =>
      line(
        cell(periodoLabel(s.periodo, i.agrupacion)),
        cell(formatDate(periodoPrimerDia(s.periodo, i.desde))),
        cell(s.donaciones),
        cell(s.voluntarias),
        cell(s.reposicion),
      ),
    ),
  ];
}
