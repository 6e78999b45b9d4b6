/**
 * The reporting indicators' rules shared by the server and the client: the period a request may
 * ask for, how a share is rounded, and the order of the serology markers.
 */
import { daysBetween, isValidIsoDate, IsoDate } from './dates';
import { INDICADORES_MINIMO_PUBLICABLE } from './limites';
import { FieldError, MSG } from './messages';
import { porMil, TIPOS_REACCION } from './reacciones';

/** The discard reason that is the expiry of a unit: the published `vencidos` of a type. */
const MOTIVO_VENCIMIENTO = 'VENCIMIENTO';
import { ErrorList } from './validation';

export const AGRUPACIONES = ['DIA', 'SEMANA', 'MES', 'ANIO'] as const;
export type AgrupacionValor = (typeof AGRUPACIONES)[number];

export const AGRUPACION_LABELS: Record<AgrupacionValor, string> = {
  DIA: 'Día',
  SEMANA: 'Semana',
  MES: 'Mes',
  ANIO: 'Año',
};

/** The longest period one request reads: ten years. */
export const INDICADORES_DIAS_MAX = 3653;
/** The most points a series may have (a day-by-day series of up to about two years). */
export const SERIE_PUNTOS_MAX = 800;

/** Days each point of a series covers, at most (to bound the number of points). */
const DIAS_POR_PUNTO: Record<AgrupacionValor, number> = { DIA: 1, SEMANA: 7, MES: 28, ANIO: 365 };

/** The period's errors: real dates, in order, at most ten years, a series of bounded length. */
export function validatePeriodo(desde: unknown, hasta: unknown, agrupacion: AgrupacionValor): FieldError[] {
  const list = new ErrorList();
  if (!isValidIsoDate(desde)) list.add('desde', MSG.fechaInvalida);
  if (!isValidIsoDate(hasta)) list.add('hasta', MSG.fechaInvalida);
  if (list.errors.length > 0) return list.errors;
  const dias = daysBetween(desde as IsoDate, hasta as IsoDate) + 1;
  if (dias < 1) list.add('hasta', MSG.periodoInvertido);
  else if (dias > INDICADORES_DIAS_MAX) list.add('desde', MSG.periodoDemasiadoLargo);
  else if (Math.ceil(dias / DIAS_POR_PUNTO[agrupacion]) > SERIE_PUNTOS_MAX) {
    list.add('agrupacion', MSG.serieDemasiadoLarga(AGRUPACION_LABELS[agrupacion].toLowerCase()));
  }
  return list.errors;
}

/** part / total × 100 with one decimal; 0 when there is no total. */
export function porcentaje(parte: number, total: number): number {
  return total > 0 ? Math.round((parte / total) * 1000) / 10 : 0;
}

// ---------------------------------------------------------------------------------------------
// What is published outside the servicio: a network's account (ROL_RED) and API keys read the
// figures through publicarIndicadores; the servicio's own signed-in staff read them exact.

/** The exact figures of one cell: a period, of a servicio or of several together. */
export type CifrasIndicadores = {
  donaciones: number;
  donantesDistintos: number;
  atendidos: number;
  noAptos: number;
  voluntarias: number;
  reposicion: number;
  primeraVez: number;
  habituales: number;
  aferesis: number;
  /** Donations without every marker of the spec tested (their results are not complete). */
  pendientes: number;
  /** abo '' = not typed yet; only groups with donations, in ordenGrupos order. */
  porGrupo: { abo: string; rh: string; cantidad: number }[];
  /**
   * One per marker, SEROLOGIA_KEYS order: the donations where it was tested, the reactive ones
   * among them, and the donations where it was not tested yet (donaciones - analizadas).
   */
  serologia: { marcador: string; analizadas: number; reactivas: number; pendientes: number }[];
  exclusiones: { temporales: number; definitivas: number };
  /** Donor reactions at the period's donations: all of them, and one per kind in TIPOS_REACCION order. */
  reacciones: { total: number; porTipo: { tipo: string; cantidad: number }[] };
  /** One per period of the series, empty ones too. */
  serie: { periodo: string; donaciones: number; voluntarias: number; reposicion: number }[];
  /**
   * Blood components, one per type (domain/componentes.ts TIPOS_COMPONENTE order): those produced,
   * released and discarded in the period, the discarded ones by reason (every reason, zeros too),
   * dispatched by destination kind, transfused, returned, and in stock at the period's end.
   */
  componentes?: CifrasComponente[];
};

/** One component type's figures of a period: each event counted on the day it happened. */
export type CifrasComponente = {
  tipo: string;
  producidos: number;
  liberados: number;
  descartados: number;
  porMotivo: { motivo: string; cantidad: number }[];
  /** Units the servicio dispatched: the sum of porDestino (domain/despacho.ts DESTINOS_DESPACHO order). */
  despachados: number;
  porDestino: { destino: string; cantidad: number }[];
  /** Units of its dispatches recorded as transfused, and as returned, in the period. */
  transfundidos: number;
  devueltos: number;
  /** Released units of the servicio, unexpired and not out of its stock, at the period's end. */
  stockFinal: number;
};

/** A published figure: the number, or null when it is suppressed. */
type N = number | null;

/** The figures as they are answered: null where suppressed, and each object's `suprimido`. */
export type IndicadoresPublicados = {
  /** Some figure of the object itself (donaciones ... porcentajeVoluntarias) is null. */
  suprimido: boolean;
  donaciones: N;
  donantesDistintos: N;
  atendidos: N;
  noAptos: N;
  voluntarias: N;
  reposicion: N;
  porcentajeVoluntarias: N;
  primeraVez: N;
  habituales: N;
  aferesis: N;
  pendientes: N;
  /** Empty when the whole cell is suppressed (which groups a few donations had is not told). */
  porGrupo: { abo: string; rh: string; cantidad: N; suprimido: boolean }[];
  serologia: {
    marcador: string;
    analizadas: N;
    reactivas: N;
    pendientes: N;
    porcentaje: N;
    suprimido: boolean;
  }[];
  exclusiones: { temporales: N; definitivas: N; suprimido: boolean };
  /** porMil: reactions per 1,000 donations, null when the total or the donations are suppressed. */
  reacciones: {
    total: N;
    porMil: N;
    porTipo: { tipo: string; cantidad: N; suprimido: boolean }[];
    suprimido: boolean;
  };
  serie: { periodo: string; donaciones: N; voluntarias: N; reposicion: N; suprimido: boolean }[];
  componentes: {
    tipo: string;
    producidos: N;
    liberados: N;
    descartados: N;
    porMotivo: { motivo: string; cantidad: N; suprimido: boolean }[];
    despachados: N;
    porDestino: { destino: string; cantidad: N; suprimido: boolean }[];
    transfundidos: N;
    devueltos: N;
    /** The discarded by expiry (porMotivo's VENCIMIENTO). */
    vencidos: N;
    stockFinal: N;
    suprimido: boolean;
  }[];
};

/** Groups as they are listed: typed ones by ABO then Rh, 'not typed yet' last. */
export function ordenGrupos(a: { abo: string; rh: string }, b: { abo: string; rh: string }): number {
  if ((a.abo === '') !== (b.abo === '')) return a.abo === '' ? 1 : -1;
  if (a.abo !== b.abo) return a.abo < b.abo ? -1 : 1;
  return a.rh === b.rh ? 0 : a.rh < b.rh ? -1 : 1;
}

const ESCALARES = [
  'donaciones',
  'donantesDistintos',
  'atendidos',
  'noAptos',
  'voluntarias',
  'reposicion',
  'primeraVez',
  'habituales',
  'aferesis',
  'pendientes',
] as const;
type Escalar = (typeof ESCALARES)[number];

/** Several cells counted together (a network's members): every figure is a sum. */
export function sumarCifras(
  celdas: readonly CifrasIndicadores[],
  periodos: readonly string[],
  marcadores: readonly string[],
): CifrasIndicadores {
  const suma = (f: (c: CifrasIndicadores) => number) => celdas.reduce((n, c) => n + f(c), 0);
  const grupos = new Map<string, { abo: string; rh: string; cantidad: number }>();
  for (const g of celdas.flatMap((c) => c.porGrupo)) {
    const key = `${g.abo}|${g.rh}`;
    const total = grupos.get(key) ?? { abo: g.abo, rh: g.rh, cantidad: 0 };
    total.cantidad += g.cantidad;
    grupos.set(key, total);
  }
  const escalares = Object.fromEntries(ESCALARES.map((k) => [k, suma((c) => c[k])])) as Record<
    Escalar,
    number
  >;
  return {
    ...escalares,
    porGrupo: [...grupos.values()].filter((g) => g.cantidad > 0).sort(ordenGrupos),
    serologia: marcadores.map((marcador, m) => ({
      marcador,
      analizadas: suma((c) => c.serologia[m]?.analizadas ?? 0),
      reactivas: suma((c) => c.serologia[m]?.reactivas ?? 0),
      pendientes: suma((c) => c.serologia[m]?.pendientes ?? 0),
    })),
    exclusiones: {
      temporales: suma((c) => c.exclusiones.temporales),
      definitivas: suma((c) => c.exclusiones.definitivas),
    },
    reacciones: {
      total: suma((c) => c.reacciones.total),
      porTipo: TIPOS_REACCION.map((tipo, t) => ({
        tipo,
        cantidad: suma((c) => c.reacciones.porTipo[t]?.cantidad ?? 0),
      })),
    },
    serie: periodos.map((periodo, p) => ({
      periodo,
      donaciones: suma((c) => c.serie[p]?.donaciones ?? 0),
      voluntarias: suma((c) => c.serie[p]?.voluntarias ?? 0),
      reposicion: suma((c) => c.serie[p]?.reposicion ?? 0),
    })),
    componentes: celdas
      .find((c) => c.componentes)
      ?.componentes?.map((t, i) => ({
        tipo: t.tipo,
        producidos: suma((c) => c.componentes?.[i]?.producidos ?? 0),
        liberados: suma((c) => c.componentes?.[i]?.liberados ?? 0),
        descartados: suma((c) => c.componentes?.[i]?.descartados ?? 0),
        porMotivo: t.porMotivo.map((m, j) => ({
          motivo: m.motivo,
          cantidad: suma((c) => c.componentes?.[i]?.porMotivo[j]?.cantidad ?? 0),
        })),
        despachados: suma((c) => c.componentes?.[i]?.despachados ?? 0),
        porDestino: t.porDestino.map((d, j) => ({
          destino: d.destino,
          cantidad: suma((c) => c.componentes?.[i]?.porDestino[j]?.cantidad ?? 0),
        })),
        transfundidos: suma((c) => c.componentes?.[i]?.transfundidos ?? 0),
        devueltos: suma((c) => c.componentes?.[i]?.devueltos ?? 0),
        stockFinal: suma((c) => c.componentes?.[i]?.stockFinal ?? 0),
      })),
  };
}

/** The figures as the servicio's own staff read them: every one, exact. */
export function cifrasExactas(c: CifrasIndicadores): IndicadoresPublicados {
  return {
    suprimido: false,
    ...c,
    porcentajeVoluntarias: porcentaje(c.voluntarias, c.donaciones),
    porGrupo: c.porGrupo.map((g) => ({ ...g, suprimido: false })),
    serologia: c.serologia.map((s) => ({
      ...s,
      porcentaje: porcentaje(s.reactivas, s.analizadas),
      suprimido: false,
    })),
    exclusiones: { ...c.exclusiones, suprimido: false },
    reacciones: {
      total: c.reacciones.total,
      porMil: porMil(c.reacciones.total, c.donaciones),
      porTipo: c.reacciones.porTipo.map((t) => ({ ...t, suprimido: false })),
      suprimido: false,
    },
    serie: c.serie.map((p) => ({ ...p, suprimido: false })),
    componentes: (c.componentes ?? []).map((t) => ({
      ...t,
      porMotivo: t.porMotivo.map((m) => ({ ...m, suprimido: false })),
      porDestino: t.porDestino.map((d) => ({ ...d, suprimido: false })),
      vencidos: t.porMotivo.find((m) => m.motivo === MOTIVO_VENCIMIENTO)?.cantidad ?? 0,
      suprimido: false,
    })),
  };
}

/** One figure while the suppression is decided. */
type Cifra = { valor: number; suprimida: boolean };

/** A cell's figures, each one a Cifra that the relations below share. */
type Celda = {
  entera: boolean;
  escalares: Record<Escalar, Cifra>;
  grupos: { abo: string; rh: string; cifra: Cifra }[];
  /** Per marker: donations where it was tested, reactive among them, not tested yet. */
  analizadas: Cifra[];
  reactivas: Cifra[];
  pendientes: Cifra[];
  temporales: Cifra;
  definitivas: Cifra;
  reacciones: Cifra;
  reaccionesPorTipo: Cifra[];
  serie: { donaciones: Cifra; voluntarias: Cifra; reposicion: Cifra }[];
  /** Per component type: produced, released, discarded (and by reason), dispatched (and by destination), ... */
  componentes: {
    producidos: Cifra;
    liberados: Cifra;
    descartados: Cifra;
    motivos: Cifra[];
    despachados: Cifra;
    destinos: Cifra[];
    transfundidos: Cifra;
    devueltos: Cifra;
    stockFinal: Cifra;
  }[];
};

/**
 * total = the sum of partes. Exactly one of them suppressed would be given back by a
 * subtraction. `derivado`: the total is a figure made of the others (atendidos = donaciones +
 * noAptos): it is the one to suppress along with a part.
 */
type Relacion = { total: Cifra; partes: Cifra[]; derivado?: boolean };

const cifra = (valor: number): Cifra => ({ valor, suprimida: false });
/** A zero of a suppressed cell that its answer does not list: unknown to the reader. */
const oculta = (): Cifra => ({ valor: 0, suprimida: true });

function celdaDe(c: CifrasIndicadores): Celda {
  return {
    entera: false,
    escalares: Object.fromEntries(ESCALARES.map((k) => [k, cifra(c[k])])) as Record<Escalar, Cifra>,
    grupos: c.porGrupo.map((g) => ({ abo: g.abo, rh: g.rh, cifra: cifra(g.cantidad) })),
    analizadas: c.serologia.map((s) => cifra(s.analizadas)),
    reactivas: c.serologia.map((s) => cifra(s.reactivas)),
    pendientes: c.serologia.map((s) => cifra(s.pendientes)),
    temporales: cifra(c.exclusiones.temporales),
    definitivas: cifra(c.exclusiones.definitivas),
    reacciones: cifra(c.reacciones.total),
    reaccionesPorTipo: c.reacciones.porTipo.map((t) => cifra(t.cantidad)),
    serie: c.serie.map((p) => ({
      donaciones: cifra(p.donaciones),
      voluntarias: cifra(p.voluntarias),
      reposicion: cifra(p.reposicion),
    })),
    componentes: (c.componentes ?? []).map((t) => ({
      producidos: cifra(t.producidos),
      liberados: cifra(t.liberados),
      descartados: cifra(t.descartados),
      motivos: t.porMotivo.map((m) => cifra(m.cantidad)),
      despachados: cifra(t.despachados),
      destinos: t.porDestino.map((d) => cifra(d.cantidad)),
      transfundidos: cifra(t.transfundidos),
      devueltos: cifra(t.devueltos),
      stockFinal: cifra(t.stockFinal),
    })),
  };
}

/** Every figure of a cell: what a cell that rests on too few donations suppresses. */
function cifrasDe(c: Celda): Cifra[] {
  return [
    ...Object.values(c.escalares),
    ...c.grupos.map((g) => g.cifra),
    ...c.analizadas,
    ...c.reactivas,
    ...c.pendientes,
    c.temporales,
    c.definitivas,
    c.reacciones,
    ...c.reaccionesPorTipo,
    ...c.serie.flatMap((p) => [p.donaciones, p.voluntarias, p.reposicion]),
    ...c.componentes.flatMap(cifrasComponente),
  ];
}

/** Every figure of one component type. */
function cifrasComponente(t: Celda['componentes'][number]): Cifra[] {
  return [
    t.producidos,
    t.liberados,
    t.descartados,
    ...t.motivos,
    t.despachados,
    ...t.destinos,
    t.transfundidos,
    t.devueltos,
    t.stockFinal,
  ];
}

/** A count from 1 to INDICADORES_MINIMO_PUBLICABLE - 1: it points to a few people. */
function esPequena(n: number): boolean {
  return n > 0 && n < INDICADORES_MINIMO_PUBLICABLE;
}

/** The primary suppression of a cell: the whole cell, or each count that points to a few people. */
function suprimirPequenas(c: Celda): void {
  const minimo = INDICADORES_MINIMO_PUBLICABLE;
  if (c.escalares.donaciones.valor < minimo || c.escalares.donantesDistintos.valor < minimo) {
    c.entera = true;
    for (const x of cifrasDe(c)) x.suprimida = true;
    return;
  }
  // A period of the series is a cell of its own: fewer donations than the minimum, all of it.
  for (const p of c.serie) {
    if (p.donaciones.valor < minimo) {
      p.donaciones.suprimida = p.voluntarias.suprimida = p.reposicion.suprimida = true;
    }
  }
  for (const x of cifrasDe(c)) {
    if (esPequena(x.valor)) x.suprimida = true;
  }
}

/** The additive families inside one cell. */
function relacionesDe(c: Celda): Relacion[] {
  const e = c.escalares;
  const serie = (k: 'donaciones' | 'voluntarias' | 'reposicion'): Relacion => ({
    total: e[k],
    partes: c.serie.map((p) => p[k]),
  });
  return [
    { total: e.donaciones, partes: [e.voluntarias, e.reposicion] },
    { total: e.donaciones, partes: [e.primeraVez, e.habituales] },
    { total: e.atendidos, partes: [e.donaciones, e.noAptos], derivado: true },
    { total: e.donaciones, partes: c.grupos.map((g) => g.cifra) },
    // Each marker: tested plus not tested yet are the donations.
    ...c.analizadas.map((a, m) => ({ total: e.donaciones, partes: [a, c.pendientes[m]] })),
    // The reactions: their total is the sum of the kinds.
    { total: c.reacciones, partes: c.reaccionesPorTipo },
    serie('donaciones'),
    serie('voluntarias'),
    serie('reposicion'),
    ...c.serie.map((p) => ({ total: p.donaciones, partes: [p.voluntarias, p.reposicion] })),
    // Each component type: the discarded ones are the sum of their reasons.
    ...c.componentes.map((t) => ({ total: t.descartados, partes: t.motivos })),
    // ... and the dispatched ones the sum of their destination kinds.
    ...c.componentes.map((t) => ({ total: t.despachados, partes: t.destinos })),
  ];
}

/** The families across servicios: each figure of the total is the sum of the members' ones. */
function relacionesEntre(total: Celda, miembros: Celda[]): Relacion[] {
  if (miembros.length === 0) return [];
  const de = (f: (c: Celda) => Cifra | undefined): Relacion => ({
    total: f(total) as Cifra,
    partes: miembros.map(f).filter((x): x is Cifra => x !== undefined),
  });
  const clave = (g: { abo: string; rh: string }) => `${g.abo}|${g.rh}`;
  return [
    ...ESCALARES.map((k) => de((c) => c.escalares[k])),
    // A member without the group has none of it: a zero the reader knows, not a part; unless its
    // whole cell is suppressed (its groups are not listed), where the reader knows nothing.
    ...total.grupos.map((g) =>
      de((c) => c.grupos.find((h) => clave(h) === clave(g))?.cifra ?? (c.entera ? oculta() : undefined)),
    ),
    ...total.analizadas.map((_, m) => de((c) => c.analizadas[m])),
    ...total.reactivas.map((_, m) => de((c) => c.reactivas[m])),
    ...total.pendientes.map((_, m) => de((c) => c.pendientes[m])),
    de((c) => c.temporales),
    de((c) => c.definitivas),
    de((c) => c.reacciones),
    ...total.reaccionesPorTipo.map((_, t) => de((c) => c.reaccionesPorTipo[t])),
    ...total.serie.flatMap((_, p) =>
      (['donaciones', 'voluntarias', 'reposicion'] as const).map((k) => de((c) => c.serie[p]?.[k])),
    ),
    ...total.componentes.flatMap((t, i) => [
      ...(
        [
          'producidos',
          'liberados',
          'descartados',
          'despachados',
          'transfundidos',
          'devueltos',
          'stockFinal',
        ] as const
      ).map((k) => de((c) => c.componentes[i]?.[k])),
      ...t.motivos.map((_, j) => de((c) => c.componentes[i]?.motivos[j])),
      ...t.destinos.map((_, j) => de((c) => c.componentes[i]?.destinos[j])),
    ]),
  ];
}

/**
 * The figure to suppress along with the only suppressed one of a relation: the smallest published
 * part that is not zero (a zero is often known otherwise), else the smallest one, else the total;
 * the total first when it is made of its parts (`derivado`).
 */
function complementaria(r: Relacion, suprimida: Cifra): Cifra | undefined {
  if (suprimida !== r.total && r.derivado) return r.total;
  const libres = r.partes.filter((x) => !x.suprimida);
  const menor = (xs: Cifra[]) =>
    xs.reduce<Cifra | undefined>((m, x) => (!m || x.valor < m.valor ? x : m), undefined);
  return (
    menor(libres.filter((x) => x.valor > 0)) ?? menor(libres) ?? (r.total.suprimida ? undefined : r.total)
  );
}

/**
 * Until no relation has exactly one suppressed figure: no subtraction gives one back. Each relation
 * keeps how many of its figures are suppressed, and is looked at again when one more is (a queue,
 * in the relations' order): every relation is read whole a bounded number of times.
 */
function suprimirComplementarias(relaciones: Relacion[]): void {
  const donde = new Map<Cifra, number[]>();
  const cuenta = relaciones.map((r, k) => {
    let n = 0;
    for (const x of [r.total, ...r.partes]) {
      const lista = donde.get(x);
      if (lista) lista.push(k);
      else donde.set(x, [k]);
      if (x.suprimida) n += 1;
    }
    return n;
  });
  const cola = relaciones.map((_, k) => k);
  for (let i = 0; i < cola.length; i += 1) {
    const r = relaciones[cola[i]];
    if (cuenta[cola[i]] !== 1) continue;
    const sola = r.total.suprimida ? r.total : (r.partes.find((x) => x.suprimida) as Cifra);
    const otra = complementaria(r, sola);
    if (!otra) continue;
    otra.suprimida = true;
    for (const k of donde.get(otra) ?? []) {
      cuenta[k] += 1;
      cola.push(k);
    }
  }
}

const valor = (x: Cifra): N => (x.suprimida ? null : x.valor);
const tasa = (parte: Cifra, total: Cifra): N =>
  parte.suprimida || total.suprimida ? null : porcentaje(parte.valor, total.valor);

function publicada(c: Celda, cifras: CifrasIndicadores): IndicadoresPublicados {
  const e = c.escalares;
  const escalares = Object.fromEntries(ESCALARES.map((k) => [k, valor(e[k])])) as Record<Escalar, N>;
  const porcentajeVoluntarias = tasa(e.voluntarias, e.donaciones);
  return {
    suprimido: porcentajeVoluntarias === null || Object.values(escalares).some((x) => x === null),
    ...escalares,
    porcentajeVoluntarias,
    porGrupo: c.entera
      ? []
      : c.grupos.map((g) => ({
          abo: g.abo,
          rh: g.rh,
          cantidad: valor(g.cifra),
          suprimido: g.cifra.suprimida,
        })),
    serologia: cifras.serologia.map((s, m) => ({
      marcador: s.marcador,
      analizadas: valor(c.analizadas[m]),
      reactivas: valor(c.reactivas[m]),
      pendientes: valor(c.pendientes[m]),
      porcentaje: tasa(c.reactivas[m], c.analizadas[m]),
      suprimido: c.analizadas[m].suprimida || c.reactivas[m].suprimida || c.pendientes[m].suprimida,
    })),
    exclusiones: {
      temporales: valor(c.temporales),
      definitivas: valor(c.definitivas),
      suprimido: c.temporales.suprimida || c.definitivas.suprimida,
    },
    reacciones: {
      total: valor(c.reacciones),
      porMil:
        c.reacciones.suprimida || e.donaciones.suprimida
          ? null
          : porMil(c.reacciones.valor, e.donaciones.valor),
      porTipo: cifras.reacciones.porTipo.map((t, k) => ({
        tipo: t.tipo,
        cantidad: valor(c.reaccionesPorTipo[k]),
        suprimido: c.reaccionesPorTipo[k].suprimida,
      })),
      suprimido: c.reacciones.suprimida || c.reaccionesPorTipo.some((x) => x.suprimida),
    },
    serie: cifras.serie.map((p, i) => ({
      periodo: p.periodo,
      donaciones: valor(c.serie[i].donaciones),
      voluntarias: valor(c.serie[i].voluntarias),
      reposicion: valor(c.serie[i].reposicion),
      suprimido: [c.serie[i].donaciones, c.serie[i].voluntarias, c.serie[i].reposicion].some(
        (x) => x.suprimida,
      ),
    })),
    componentes: (cifras.componentes ?? []).map((t, i) => {
      const k = c.componentes[i];
      const vencimiento = t.porMotivo.findIndex((m) => m.motivo === MOTIVO_VENCIMIENTO);
      return {
        tipo: t.tipo,
        producidos: valor(k.producidos),
        liberados: valor(k.liberados),
        descartados: valor(k.descartados),
        porMotivo: t.porMotivo.map((m, j) => ({
          motivo: m.motivo,
          cantidad: valor(k.motivos[j]),
          suprimido: k.motivos[j].suprimida,
        })),
        despachados: valor(k.despachados),
        porDestino: t.porDestino.map((d, j) => ({
          destino: d.destino,
          cantidad: valor(k.destinos[j]),
          suprimido: k.destinos[j].suprimida,
        })),
        transfundidos: valor(k.transfundidos),
        devueltos: valor(k.devueltos),
        // The same figure as the reason's: suppressed with it.
        vencidos: vencimiento >= 0 ? valor(k.motivos[vencimiento]) : 0,
        stockFinal: valor(k.stockFinal),
        suprimido: cifrasComponente(k).some((x) => x.suprimida),
      };
    }),
  };
}

/**
 * The figures a network's account or an API key reads, from the exact ones: `total` and, for a
 * network, each member's cell (whose figures add up to the total's).
 *
 * - A cell (the period, a period of its series, a member's) with fewer than
 *   INDICADORES_MINIMO_PUBLICABLE donations or donors has every figure suppressed; in a
 *   published cell, every count from 1 to 4 is suppressed too (it points to a few people).
 * - Complementary suppression: in every additive family (donaciones = voluntarias + reposicion
 *   = primeraVez + habituales = the groups' sum = the series' sum = each marker's analizadas +
 *   pendientes; atendidos = donaciones + noAptos; voluntarias and reposicion of the series; each period's;
 *   each component type's discarded = the sum of its reasons, its dispatched = the sum of its
 *   destination kinds; and, in a network, each
 *   figure of the total = the members' sum) a lone suppressed figure takes another with it (see
 *   complementaria), repeated until none is alone, so no total minus the others gives it back.
 * - A share made from a suppressed figure is suppressed.
 */
export function publicarIndicadores(
  total: CifrasIndicadores,
  miembros: readonly CifrasIndicadores[] = [],
): { total: IndicadoresPublicados; miembros: IndicadoresPublicados[] } {
  const celdaTotal = celdaDe(total);
  const celdas = miembros.map(celdaDe);
  for (const c of [celdaTotal, ...celdas]) suprimirPequenas(c);
  suprimirComplementarias([
    ...relacionesDe(celdaTotal),
    ...celdas.flatMap(relacionesDe),
    ...relacionesEntre(celdaTotal, celdas),
  ]);
  return {
    total: publicada(celdaTotal, total),
    miembros: celdas.map((c, i) => publicada(c, miembros[i])),
  };
}

/**
 * A flat table of counts published by the same rule as the indicators (for the network's stock and
 * look-backs): each count whose `base` (the donations or donors it rests on; the count itself when
 * not given) is from 1 to INDICADORES_MINIMO_PUBLICABLE - 1 is suppressed, and so is every figure
 * that `relaciones` (by index: total = the sum of partes) would let a subtraction give back.
 * Gives each count, null where suppressed.
 */
export function publicarCuentas(
  cuentas: readonly { valor: number; base?: number }[],
  relaciones: readonly { total: number; partes: readonly number[] }[] = [],
): (number | null)[] {
  const cifras = cuentas.map((c) => ({ ...cifra(c.valor), suprimida: esPequena(c.base ?? c.valor) }));
  suprimirComplementarias(
    relaciones.map((r) => ({ total: cifras[r.total], partes: r.partes.map((k) => cifras[k]) })),
  );
  return cifras.map(valor);
}
