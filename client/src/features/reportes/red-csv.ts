import { line, toCsv } from '@/lib/csv';
import { cell, cifraCell, reporteCsvLines } from './reporte-csv';
import {
  COLUMNAS_COMPONENTES,
  COLUMNAS_RED,
  componenteLabel,
  componentesDe,
  redConSuprimidas,
  TOTAL_RED,
} from '@/imprimibles/reporte-format';
import type { IndicadoresRedImprimible } from '@/imprimibles/types';

/**
 * The network's report as CSV: the /reportes file of the total of its members (same format and
 * blocks), then one more block with a row per servicio and the network's total, and the components
 * of each servicio by type, closed by the network's ('menos de 5' where a figure is not
 * published, as everywhere in the file).
 */
export function buildRedCsv(
  red: IndicadoresRedImprimible,
  nombre: string,
  generado: Date = new Date(),
): string {
  const fila = (servicio: string, i: IndicadoresRedImprimible['total']) =>
    line(cell(servicio), ...COLUMNAS_RED.map((c) => cifraCell(c.valor(i), { porcentaje: c.porcentaje })));
  return toCsv([
    ...reporteCsvLines(red.total, `Red ${nombre} (todos sus servicios)`, generado, redConSuprimidas(red)),
    '',
    line('Servicio', ...COLUMNAS_RED.map((c) => cell(c.label))),
    ...red.porServicio.map((s) => fila(s.servicio.nombre, s.indicadores)),
    fila(TOTAL_RED, red.total),
    ...componentesPorServicio(red),
  ]);
}

/** A row per servicio and component type, then the network's; none when the answer has no components. */
function componentesPorServicio(red: IndicadoresRedImprimible): string[] {
  if (componentesDe(red.total).length === 0) return [];
  const filas = (servicio: string, i: IndicadoresRedImprimible['total']) =>
    (i.componentes ?? []).map((t) =>
      line(
        cell(servicio),
        cell(componenteLabel(t.tipo)),
        ...COLUMNAS_COMPONENTES.map((c) => cifraCell(c.valor(t))),
      ),
    );
  return [
    '',
    line('Servicio', 'Componente', ...COLUMNAS_COMPONENTES.map((c) => cell(c.label))),
    ...red.porServicio.flatMap((s) => filas(s.servicio.nombre, s.indicadores)),
    ...filas(TOTAL_RED, red.total),
  ];
}
