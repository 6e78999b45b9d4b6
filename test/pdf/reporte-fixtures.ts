/** Sample figures of the `indicadores` query for the report's screen, CSV and PDF tests. */
import { addDays } from '@domain/dates';
import type { AgrupacionValor } from '@domain/indicadores';
import type { IndicadoresImprimible } from '../../client/src/imprimibles/types';

export const indicadores: IndicadoresImprimible = {
  desde: '2026-01-01',
  hasta: '2026-03-31',
  agrupacion: 'MES',
  donaciones: 1234,
  donantesDistintos: 1180,
  atendidos: 1301,
  noAptos: 67,
  pendientes: 134,
  voluntarias: 771,
  reposicion: 463,
  porcentajeVoluntarias: 62.5,
  primeraVez: 402,
  habituales: 832,
  aferesis: 15,
  porGrupo: [
    { abo: 'O', rh: 'POSITIVO', cantidad: 560 },
    { abo: 'A', rh: 'POSITIVO', cantidad: 380 },
    { abo: 'A', rh: 'NEGATIVO', cantidad: 41 },
    { abo: 'B', rh: 'POSITIVO', cantidad: 120 },
    { abo: 'AB', rh: 'POSITIVO', cantidad: 23 },
    { abo: '', rh: '', cantidad: 110 },
  ],
  serologia: [
    { marcador: 'hiv', analizadas: 1100, pendientes: 134, reactivas: 2, porcentaje: 0.2 },
    { marcador: 'hepB', analizadas: 1100, pendientes: 134, reactivas: 5, porcentaje: 0.5 },
    { marcador: 'hepC', analizadas: 1100, pendientes: 134, reactivas: 3, porcentaje: 0.3 },
    { marcador: 'vdrl', analizadas: 1100, pendientes: 134, reactivas: 14, porcentaje: 1.3 },
    { marcador: 'brucelosis', analizadas: 1100, pendientes: 134, reactivas: 0, porcentaje: 0 },
    { marcador: 'chagas', analizadas: 1100, pendientes: 134, reactivas: 22, porcentaje: 2 },
    { marcador: 'htlv', analizadas: 1100, pendientes: 134, reactivas: 1, porcentaje: 0.1 },
  ],
  exclusiones: { temporales: 48, definitivas: 9 },
  serie: [
    { periodo: '2026-01', donaciones: 401, voluntarias: 250, reposicion: 151 },
    { periodo: '2026-02', donaciones: 388, voluntarias: 240, reposicion: 148 },
    { periodo: '2026-03', donaciones: 445, voluntarias: 281, reposicion: 164 },
  ],
};

/** A report whose series has `puntos` days (or weeks) from `desde`, 1 to 9 donations each. */
export function conSerieDiaria(
  desde: string,
  puntos: number,
  agrupacion: AgrupacionValor = 'DIA',
): IndicadoresImprimible {
  const paso = agrupacion === 'SEMANA' ? 7 : 1;
  const serie = Array.from({ length: puntos }, (_, i) => {
    const voluntarias = (i * 7) % 6;
    const reposicion = (i * 5) % 4;
    return {
      periodo: addDays(desde, i * paso),
      donaciones: voluntarias + reposicion,
      voluntarias,
      reposicion,
    };
  });
  return { ...indicadores, desde, hasta: addDays(desde, puntos * paso - 1), agrupacion, serie };
}

/**
 * A cell read from outside the servicio (a network, an API key) that rests on fewer than 5
 * donations or donors: every figure suppressed (null), which groups it had not told.
 */
export function suprimido(base: IndicadoresImprimible = indicadores): IndicadoresImprimible {
  return {
    ...base,
    donaciones: null,
    donantesDistintos: null,
    atendidos: null,
    noAptos: null,
    pendientes: null,
    voluntarias: null,
    reposicion: null,
    porcentajeVoluntarias: null,
    primeraVez: null,
    habituales: null,
    aferesis: null,
    porGrupo: [],
    serologia: base.serologia.map((s) => ({
      ...s,
      analizadas: null,
      pendientes: null,
      reactivas: null,
      porcentaje: null,
    })),
    exclusiones: { temporales: null, definitivas: null },
    serie: base.serie.map((p) => ({ ...p, donaciones: null, voluntarias: null, reposicion: null })),
  };
}

/**
 * The sample as a network reads it with small members: its counts from 1 to 4 suppressed (HIV,
 * hepatitis C, HTLV), with a figure of each of their sums (February; 'No apto' visits and so
 * atendidos); brucellosis's pending results too, and so its tested ones (the donations less them);
 * the rest exact.
 */
export const conSuprimidas: IndicadoresImprimible = {
  ...indicadores,
  atendidos: null,
  noAptos: null,
  porGrupo: indicadores.porGrupo.map((g) => (g.abo === 'AB' ? { ...g, cantidad: null } : g)),
  serologia: indicadores.serologia.map((s) =>
    ['hiv', 'hepC', 'htlv'].includes(s.marcador)
      ? { ...s, reactivas: null, porcentaje: null }
      : s.marcador === 'brucelosis'
        ? { ...s, analizadas: null, pendientes: null, porcentaje: null }
        : s,
  ),
  serie: indicadores.serie.map((p) =>
    p.periodo === '2026-02' ? { ...p, donaciones: null, voluntarias: null, reposicion: null } : p,
  ),
};
