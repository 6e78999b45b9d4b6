import { todayIso } from '@domain/dates';
import type { AgrupacionValor } from '@domain/indicadores';

export type Periodo = { desde: string; hasta: string; agrupacion: AgrupacionValor };

const firstOfMonth = (iso: string) => `${iso.slice(0, 7)}-01`;

/** The first day of the month `months` before the one of `iso` ('2026-03-15', 11 -> '2025-04-01'). */
function monthsBefore(iso: string, months: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 - months;
  const date = new Date(Date.UTC(y, m, 1));
  return date.toISOString().slice(0, 10);
}

/** What the screen opens on: this year up to today, by month. */
export function periodoInicial(now: Date = new Date()): Periodo {
  const hoy = todayIso(now);
  return { desde: `${hoy.slice(0, 4)}-01-01`, hasta: hoy, agrupacion: 'MES' };
}

export type Atajo = { label: string; periodo: (now?: Date) => Periodo };

/** The quick choices of the period, with the grouping that suits each. */
export const ATAJOS: Atajo[] = [
  {
    label: 'Este mes',
    periodo: (now = new Date()) => {
      const hoy = todayIso(now);
      return { desde: firstOfMonth(hoy), hasta: hoy, agrupacion: 'DIA' };
    },
  },
  {
    label: 'Últimos 12 meses',
    periodo: (now = new Date()) => {
      const hoy = todayIso(now);
      return { desde: monthsBefore(hoy, 11), hasta: hoy, agrupacion: 'MES' };
    },
  },
  { label: 'Este año', periodo: (now = new Date()) => periodoInicial(now) },
  {
    label: 'Año anterior',
    periodo: (now = new Date()) => {
      const anio = Number(todayIso(now).slice(0, 4)) - 1;
      return { desde: `${anio}-01-01`, hasta: `${anio}-12-31`, agrupacion: 'MES' };
    },
  },
];
