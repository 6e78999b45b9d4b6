/**
 * What is published outside the servicio (publicarIndicadores): hand-made cells, then random
 * networks checked against the rule itself, every subtraction an outside reader can make included.
 */
import {
  publicarCuentas,
  cifrasExactas,
  type CifrasIndicadores,
  type IndicadoresPublicados,
  porcentaje,
  publicarIndicadores,
  sumarCifras,
} from './indicadores';
import { INDICADORES_MINIMO_PUBLICABLE } from './limites';
import { TIPOS_REACCION } from './reacciones';

const MARCADORES = ['hiv', 'hepB', 'hepC', 'vdrl', 'brucelosis', 'chagas', 'htlv'];
const GRUPOS = ['A|POSITIVO', 'A|NEGATIVO', 'B|POSITIVO', 'AB|NEGATIVO', 'O|POSITIVO', 'O|NEGATIVO', '|'];

/** One donation's attributes, from which a cell is counted as the database counts it. */
type Donacion = {
  periodo: number;
  donante: number;
  voluntaria: boolean;
  primera: boolean;
  aferesis: boolean;
  grupo: string;
  /** Per marker: reactive (true), non-reactive (false), not tested (null); null: none tested. */
  serologia: (boolean | null)[] | null;
  exclusion: 'Temporal' | 'Definitiva' | null;
};

function celda(
  donaciones: Donacion[],
  periodos: string[],
  extra: { noAptos?: number; diferidos?: number; reacciones?: Partial<Record<string, number>> } = {},
): CifrasIndicadores {
  const n = (f: (d: Donacion) => boolean, ds = donaciones) => ds.filter(f).length;
  const grupos = new Map<string, number>();
  for (const d of donaciones) grupos.set(d.grupo, (grupos.get(d.grupo) ?? 0) + 1);
  const porGrupo = GRUPOS.filter((g) => grupos.has(g)).map((g) => {
    const [abo, rh] = g.split('|');
    return { abo, rh, cantidad: grupos.get(g) as number };
  });
  const noAptos = extra.noAptos ?? 0;
  return {
    donaciones: donaciones.length,
    donantesDistintos: new Set(donaciones.map((d) => d.donante)).size,
    atendidos: donaciones.length + noAptos,
    noAptos,
    voluntarias: n((d) => d.voluntaria),
    reposicion: n((d) => !d.voluntaria),
    primeraVez: n((d) => d.primera),
    habituales: n((d) => !d.primera),
    aferesis: n((d) => d.aferesis),
    pendientes: n((d) => d.serologia === null || d.serologia.some((x) => x === null)),
    porGrupo,
    serologia: MARCADORES.map((marcador, m) => ({
      marcador,
      analizadas: n((d) => (d.serologia?.[m] ?? null) !== null),
      reactivas: n((d) => d.serologia?.[m] === true),
      pendientes: n((d) => (d.serologia?.[m] ?? null) === null),
    })),
    exclusiones: {
      temporales: n((d) => d.exclusion === 'Temporal') + (extra.diferidos ?? 0),
      definitivas: n((d) => d.exclusion === 'Definitiva'),
    },
    reacciones: {
      total: Object.values(extra.reacciones ?? {}).reduce((a: number, b) => a + (b ?? 0), 0),
      porTipo: TIPOS_REACCION.map((tipo) => ({ tipo, cantidad: extra.reacciones?.[tipo] ?? 0 })),
    },
    serie: periodos.map((periodo, p) => {
      const ds = donaciones.filter((d) => d.periodo === p);
      return {
        periodo,
        donaciones: ds.length,
        voluntarias: n((d) => d.voluntaria, ds),
        reposicion: n((d) => !d.voluntaria, ds),
      };
    }),
  };
}

const base: Donacion = {
  periodo: 0,
  donante: 0,
  voluntaria: true,
  primera: false,
  aferesis: false,
  grupo: 'O|POSITIVO',
  serologia: [false, false, false, false, false, false, false],
  exclusion: null,
};
/** `n` donations of `n` donors (numbered from `desde`), like `d`. */
const donaciones = (n: number, d: Partial<Donacion> = {}, desde = 0): Donacion[] =>
  Array.from({ length: n }, (_, k) => ({ ...base, ...d, donante: desde + k }));

/** Every figure of an answer, with a name, in one list. */
function cifras(p: IndicadoresPublicados): [string, number | null][] {
  return [
    ...(
      [
        'donaciones',
        'donantesDistintos',
        'atendidos',
        'noAptos',
        'voluntarias',
        'reposicion',
        'porcentajeVoluntarias',
        'primeraVez',
        'habituales',
        'aferesis',
        'pendientes',
      ] as const
    ).map((k): [string, number | null] => [k, p[k]]),
    ...p.porGrupo.map((g): [string, number | null] => [`grupo ${g.abo}|${g.rh}`, g.cantidad]),
    ...p.serologia.flatMap((s): [string, number | null][] => [
      [`${s.marcador} analizadas`, s.analizadas],
      [`${s.marcador} reactivas`, s.reactivas],
      [`${s.marcador} pendientes`, s.pendientes],
      [`${s.marcador} %`, s.porcentaje],
    ]),
    ['temporales', p.exclusiones.temporales],
    ['definitivas', p.exclusiones.definitivas],
    ['reacciones', p.reacciones.total],
    ['reacciones por mil', p.reacciones.porMil],
    ...p.reacciones.porTipo.map((t): [string, number | null] => [`reacciones ${t.tipo}`, t.cantidad]),
    ...p.serie.flatMap((s): [string, number | null][] => [
      [`${s.periodo} donaciones`, s.donaciones],
      [`${s.periodo} voluntarias`, s.voluntarias],
      [`${s.periodo} reposicion`, s.reposicion],
    ]),
  ];
}

describe('a cell with 1 to 4 donations', () => {
  it.each([1, 2, 3, 4])('%i: every figure is suppressed, and which groups it had is not told', (n) => {
    const dia = celda(
      donaciones(n, { grupo: 'AB|NEGATIVO', serologia: [true, false, false, false, false, false, false] }),
      ['2026-11-10'],
      { noAptos: 1, diferidos: 1 },
    );
    const { total } = publicarIndicadores(dia);
    expect(cifras(total).filter(([, v]) => v !== null)).toEqual([]);
    expect(total.porGrupo).toEqual([]);
    expect(total.suprimido).toBe(true);
    expect(total.serologia.every((s) => s.suprimido)).toBe(true);
    expect(total.exclusiones.suprimido).toBe(true);
    expect(total.serie).toEqual([
      { periodo: '2026-11-10', donaciones: null, voluntarias: null, reposicion: null, suprimido: true },
    ]);
    // The servicio's own staff read it exact.
    expect(cifrasExactas(dia)).toMatchObject({
      suprimido: false,
      donaciones: n,
      porGrupo: [{ abo: 'AB', rh: 'NEGATIVO', cantidad: n, suprimido: false }],
    });
  });

  it('five donations by four donors are suppressed too (fewer than 5 donors)', () => {
    const ds = [...donaciones(4), { ...base, donante: 0 }];
    expect(publicarIndicadores(celda(ds, ['2026']))).toMatchObject({
      total: { donaciones: null, donantesDistintos: null, suprimido: true },
    });
  });
});

describe('donor reactions per 1,000 donations', () => {
  const reacciones = { HEMATOMA: 6, VASOVAGAL_SIN_PERDIDA_CONCIENCIA: 2 };

  it('are counted exact by the servicio, per kind, per 1,000 donations', () => {
    const r = cifrasExactas(celda(donaciones(20), ['2026'], { reacciones })).reacciones;
    expect(r).toMatchObject({ total: 8, porMil: 400, suprimido: false });
    expect(r.porTipo.map((t) => [t.tipo, t.cantidad])).toEqual(
      TIPOS_REACCION.map((t) => [t, t === 'HEMATOMA' ? 6 : t === 'VASOVAGAL_SIN_PERDIDA_CONCIENCIA' ? 2 : 0]),
    );
  });

  it('outside the servicio: a kind with 1 to 4 is suppressed with another, the total and the rate stay', () => {
    const { total } = publicarIndicadores(celda(donaciones(20), ['2026'], { reacciones }));
    expect(total.reacciones).toMatchObject({ total: 8, porMil: 400, suprimido: true });
    const porTipo = Object.fromEntries(total.reacciones.porTipo.map((t) => [t.tipo, t.cantidad]));
    expect(porTipo).toMatchObject({ HEMATOMA: null, VASOVAGAL_SIN_PERDIDA_CONCIENCIA: null, OTRA: 0 });
  });

  it('outside the servicio: 1 to 4 reactions, or a period of 1 to 4 donations, are not published', () => {
    const pocas = publicarIndicadores(celda(donaciones(20), ['2026'], { reacciones: { HEMATOMA: 3 } })).total;
    expect(pocas.reacciones).toMatchObject({ total: null, porMil: null, suprimido: true });
    const dia = publicarIndicadores(celda(donaciones(4), ['2026'], { reacciones: { HEMATOMA: 1 } })).total;
    expect(dia.reacciones.total).toBeNull();
    expect(dia.reacciones.porTipo.every((t) => t.cantidad === null)).toBe(true);
  });
});

describe('a published cell', () => {
  // 20 donations: 17 voluntary and 3 replacement, 2 of them AB-, 1 HIV-reactive, in two months
  // (18 in March, 2 in April); 3 'No apto' visits.
  const ds = [
    ...donaciones(15, { grupo: 'A|POSITIVO' }),
    ...donaciones(
      1,
      { grupo: 'O|POSITIVO', serologia: [true, false, false, false, false, false, false] },
      15,
    ),
    ...donaciones(2, { grupo: 'AB|NEGATIVO', voluntaria: false, periodo: 1 }, 16),
    ...donaciones(1, { voluntaria: false, primera: true }, 18),
    ...donaciones(1, { primera: true }, 19),
  ];
  const exacta = celda(ds, ['2026-03', '2026-04'], { noAptos: 3 });
  const { total: p } = publicarIndicadores(exacta);

  it('suppresses each count from 1 to 4, and a figure that would give one back', () => {
    expect(p).toMatchObject({
      donaciones: 20,
      donantesDistintos: 20,
      // 3 'No apto' visits: and atendidos, which is donaciones + noAptos.
      noAptos: null,
      atendidos: null,
      // 3 replacement donations: and the voluntary ones (20 - 3), and so their share.
      voluntarias: null,
      reposicion: null,
      porcentajeVoluntarias: null,
      // 2 first-time: and the habitual ones.
      primeraVez: null,
      habituales: null,
      aferesis: 0,
      suprimido: true,
    });
    // AB- (2) and O+ (3): the smallest other group goes with it, A+ stays.
    expect(p.porGrupo).toEqual([
      { abo: 'A', rh: 'POSITIVO', cantidad: 15, suprimido: false },
      { abo: 'AB', rh: 'NEGATIVO', cantidad: null, suprimido: true },
      { abo: 'O', rh: 'POSITIVO', cantidad: null, suprimido: true },
    ]);
    expect(p.serologia[0]).toEqual({
      marcador: 'hiv',
      analizadas: 20,
      reactivas: null,
      pendientes: 0,
      porcentaje: null,
      suprimido: true,
    });
    expect(p.serologia[1]).toEqual({
      marcador: 'hepB',
      analizadas: 20,
      reactivas: 0,
      pendientes: 0,
      porcentaje: 0,
      suprimido: false,
    });
    expect(p.pendientes).toBe(0);
    // April has 2 donations: a period of its own with fewer than 5, and March (20 - 2) with it.
    expect(p.serie.map((s) => [s.periodo, s.donaciones, s.suprimido])).toEqual([
      ['2026-03', null, true],
      ['2026-04', null, true],
    ]);
  });

  it('a marker not tested on 1 to 4 donations: its pending count, and its tested ones with it', () => {
    const sinChagas = [false, false, false, false, false, null, false];
    const conPendientes = [
      ...donaciones(17),
      ...donaciones(3, { serologia: sinChagas }, 17),
      ...donaciones(2, { serologia: null }, 20),
    ];
    const q = publicarIndicadores(celda(conPendientes, ['2026-03'])).total;
    // 5 donations without every marker tested: published; chagas: 5 not tested, 17 tested.
    expect(q.pendientes).toBe(5);
    expect(q.serologia[5]).toMatchObject({ analizadas: 17, pendientes: 5, reactivas: 0, porcentaje: 0 });
    // hiv: 2 not tested (suppressed), so 20 tested would give them back (22 - 20): suppressed too.
    expect(q.serologia[0]).toMatchObject({
      analizadas: null,
      pendientes: null,
      porcentaje: null,
      suprimido: true,
    });
    expect(cifrasExactas(celda(conPendientes, ['2026-03'])).serologia[0]).toMatchObject({
      analizadas: 20,
      pendientes: 2,
    });
  });

  it('is read exact by the servicio', () => {
    expect(cifras(cifrasExactas(exacta)).filter(([, v]) => v === null)).toEqual([]);
    expect(cifrasExactas(exacta)).toMatchObject({ noAptos: 3, reposicion: 3, porcentajeVoluntarias: 85 });
  });
});

/** A small seeded generator (mulberry32): a failing network is replayed by its seed. */
function generador(semilla: number) {
  let a = semilla >>> 0;
  const siguiente = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const entero = (n: number) => Math.floor(siguiente() * n);
  return { entero, si: (p: number) => siguiente() < p, de: <T>(xs: readonly T[]) => xs[entero(xs.length)] };
}

type Generador = ReturnType<typeof generador>;

function miembroAlAzar(r: Generador, periodos: string[]): CifrasIndicadores {
  // Mostly small servicios, some large: every kind of cell and count.
  const n = r.si(0.4) ? r.entero(8) : r.entero(60);
  const ds: Donacion[] = Array.from({ length: n }, () => ({
    periodo: r.entero(periodos.length),
    donante: r.entero(Math.max(1, Math.ceil(n * 0.9))),
    voluntaria: r.si(0.8),
    primera: r.si(0.3),
    aferesis: r.si(0.05),
    grupo: r.de(GRUPOS),
    // Most donations fully tested, some partly (a marker not tested yet), some not at all.
    serologia: r.si(0.8) ? MARCADORES.map(() => (r.si(0.1) ? null : r.si(0.04))) : null,
    exclusion: r.si(0.05) ? 'Temporal' : r.si(0.02) ? 'Definitiva' : null,
  }));
  return celda(ds, periodos, { noAptos: r.entero(6), diferidos: r.entero(2) });
}

type Familia = { nombre: string; total: number | null; partes: (number | null)[] };

/**
 * The sums an outside reader knows hold between the figures it was given (null: not given), rebuilt
 * from the answers alone. A member's group it does not list is a zero it knows, unless the member's
 * whole cell is suppressed (no group listed): then it does not know it.
 */
function familias(total: IndicadoresPublicados, miembros: IndicadoresPublicados[]): Familia[] {
  const dentro = (c: IndicadoresPublicados, quien: string): Familia[] => [
    { nombre: `${quien} voluntarias+reposicion`, total: c.donaciones, partes: [c.voluntarias, c.reposicion] },
    { nombre: `${quien} primeraVez+habituales`, total: c.donaciones, partes: [c.primeraVez, c.habituales] },
    { nombre: `${quien} donaciones+noAptos`, total: c.atendidos, partes: [c.donaciones, c.noAptos] },
    // Which groups a suppressed cell had is not told: nothing to subtract.
    ...(c.porGrupo.length > 0
      ? [{ nombre: `${quien} grupos`, total: c.donaciones, partes: c.porGrupo.map((g) => g.cantidad) }]
      : []),
    ...c.serologia.map((s) => ({
      nombre: `${quien} ${s.marcador} analizadas+pendientes`,
      total: c.donaciones,
      partes: [s.analizadas, s.pendientes],
    })),
    ...(['donaciones', 'voluntarias', 'reposicion'] as const).map((k) => ({
      nombre: `${quien} serie ${k}`,
      total: c[k],
      partes: c.serie.map((s) => s[k]),
    })),
    ...c.serie.map((s) => ({
      nombre: `${quien} ${s.periodo}`,
      total: s.donaciones,
      partes: [s.voluntarias, s.reposicion],
    })),
  ];
  const entre = (nombre: string, f: (c: IndicadoresPublicados) => number | null | undefined): Familia => ({
    nombre,
    total: f(total) as number | null,
    partes: miembros.map(f).filter((x): x is number | null => x !== undefined),
  });
  const escalares = [
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
  const claves = new Set(
    [...total.porGrupo, ...miembros.flatMap((m) => m.porGrupo)].map((g) => `${g.abo}|${g.rh}`),
  );
  return [
    ...dentro(total, 'red'),
    ...miembros.flatMap((m, k) => dentro(m, `miembro ${k}`)),
    ...(miembros.length === 0
      ? []
      : [
          ...escalares.map((k) => entre(`red ${k}`, (c) => c[k])),
          ...[...claves].map((g) =>
            entre(`red grupo ${g}`, (c) => {
              if (c.porGrupo.length === 0 && c.donaciones === null) return null;
              const grupo = c.porGrupo.find((h) => `${h.abo}|${h.rh}` === g);
              // Not listed: a zero the reader knows (a part of no sum), or the total's zero.
              return grupo ? grupo.cantidad : c === total ? 0 : undefined;
            }),
          ),
          ...MARCADORES.map((m, i) => entre(`red ${m} analizadas`, (c) => c.serologia[i].analizadas)),
          ...MARCADORES.map((m, i) => entre(`red ${m}`, (c) => c.serologia[i].reactivas)),
          ...MARCADORES.map((m, i) => entre(`red ${m} pendientes`, (c) => c.serologia[i].pendientes)),
          entre('red temporales', (c) => c.exclusiones.temporales),
          entre('red definitivas', (c) => c.exclusiones.definitivas),
          ...total.serie.flatMap((s, p) =>
            (['donaciones', 'voluntarias', 'reposicion'] as const).map((k) =>
              entre(`red ${s.periodo} ${k}`, (c) => c.serie[p][k]),
            ),
          ),
        ]),
  ];
}

/**
 * The figures a subtraction gives back: in a family, a total minus its given parts, or a part as
 * the total minus the other parts, wherever it is the only one not given.
 */
function deducibles(fs: Familia[]): string[] {
  return fs.flatMap((f) => {
    const todas = [f.total, ...f.partes];
    return todas.filter((x) => x === null).length === 1 ? [f.nombre] : [];
  });
}

/** A share, not a count. */
const esTasa = (nombre: string) => nombre === 'porcentajeVoluntarias' || nombre.endsWith('%');

/** Every rule an answer must keep, against the exact figures it came from. */
function comprobar(exacta: CifrasIndicadores, p: IndicadoresPublicados, quien: string): string[] {
  const fallas: string[] = [];
  const e = cifras(cifrasExactas(exacta));
  const dadas = new Map(cifras(p));
  const minimo = INDICADORES_MINIMO_PUBLICABLE;
  const celdaChica = exacta.donaciones < minimo || exacta.donantesDistintos < minimo;
  if (celdaChica && [...dadas.values()].some((v) => v !== null))
    fallas.push(`${quien}: celda chica publicada`);
  for (const [nombre, valor] of e) {
    const dada = dadas.get(nombre);
    if (dada === undefined) {
      if (!celdaChica) fallas.push(`${quien}: falta ${nombre}`);
      continue;
    }
    if (dada !== null && dada !== valor) fallas.push(`${quien}: ${nombre} ${dada} en vez de ${valor}`);
    if (dada !== null && !esTasa(nombre) && (valor ?? 0) > 0 && (valor ?? 0) < minimo) {
      fallas.push(`${quien}: ${nombre} = ${valor} publicada`);
    }
  }
  for (const s of exacta.serie) {
    if (s.donaciones < minimo && dadas.get(`${s.periodo} donaciones`) !== null) {
      fallas.push(`${quien}: período ${s.periodo} con ${s.donaciones} publicado`);
    }
  }
  // A share from a suppressed figure is suppressed.
  const tasa = (v: number | null, parte: number | null, tot: number | null, exactas: [number, number]) =>
    (parte === null || tot === null ? v === null : v === porcentaje(...exactas)) ? [] : ['tasa'];
  fallas.push(
    ...tasa(p.porcentajeVoluntarias, p.voluntarias, p.donaciones, [exacta.voluntarias, exacta.donaciones]),
    ...p.serologia.flatMap((s, m) =>
      tasa(s.porcentaje, s.reactivas, s.analizadas, [
        exacta.serologia[m].reactivas,
        exacta.serologia[m].analizadas,
      ]),
    ),
  );
  // Each object says whether it holds a suppressed figure.
  const nulo = (...xs: (number | null)[]) => xs.some((x) => x === null);
  if (p.exclusiones.suprimido !== nulo(p.exclusiones.temporales, p.exclusiones.definitivas))
    fallas.push('flag');
  if (p.serie.some((s) => s.suprimido !== nulo(s.donaciones, s.voluntarias, s.reposicion)))
    fallas.push('flag');
  if (p.porGrupo.some((g) => g.suprimido !== (g.cantidad === null))) fallas.push('flag');
  if (p.serologia.some((s) => s.suprimido !== nulo(s.analizadas, s.reactivas, s.pendientes)))
    fallas.push('flag');
  return fallas;
}

describe('random networks, every figure against the rule', () => {
  const PERIODOS = ['2026-01', '2026-02', '2026-03', '2026-04'];

  it.each(Array.from({ length: 300 }, (_, k) => k + 1))('seed %i', (semilla) => {
    const r = generador(semilla);
    const periodos = PERIODOS.slice(0, 1 + r.entero(PERIODOS.length));
    const exactas = Array.from({ length: r.entero(7) }, () => miembroAlAzar(r, periodos));
    const total = sumarCifras(exactas, periodos, MARCADORES);
    const publicadas = publicarIndicadores(total, exactas);
    expect({
      fallas: [
        ...comprobar(total, publicadas.total, 'red'),
        ...exactas.flatMap((m, k) => comprobar(m, publicadas.miembros[k], `miembro ${k}`)),
      ],
      deducibles: deducibles(familias(publicadas.total, publicadas.miembros)),
    }).toEqual({ fallas: [], deducibles: [] });
    // One servicio alone (an API key) keeps the same rules.
    if (exactas.length > 0) {
      const solo = publicarIndicadores(exactas[0]).total;
      expect([...comprobar(exactas[0], solo, 'solo'), ...deducibles(familias(solo, []))]).toEqual([]);
    }
  });
});

describe('components outside the servicio', () => {
  const MOTIVOS = ['SEROLOGIA_REACTIVA', 'VENCIMIENTO', 'OTRO'];
  const DESTINOS = ['HOSPITAL', 'MIEMBRO_RED', 'SERVICIO_PROPIO'];
  const tipo = (
    t: string,
    producidos: number,
    liberados: number,
    motivos: number[],
    despacho: { destinos?: number[]; transfundidos?: number; devueltos?: number; stockFinal?: number } = {},
  ) => ({
    tipo: t,
    producidos,
    liberados,
    descartados: motivos.reduce((a, b) => a + b, 0),
    porMotivo: MOTIVOS.map((motivo, j) => ({ motivo, cantidad: motivos[j] })),
    despachados: (despacho.destinos ?? [0, 0, 0]).reduce((a, b) => a + b, 0),
    porDestino: DESTINOS.map((destino, j) => ({ destino, cantidad: despacho.destinos?.[j] ?? 0 })),
    transfundidos: despacho.transfundidos ?? 0,
    devueltos: despacho.devueltos ?? 0,
    stockFinal: despacho.stockFinal ?? 0,
  });
  const conComponentes = (n: number, componentes: ReturnType<typeof tipo>[]): CifrasIndicadores => ({
    ...celda(donaciones(n), ['2026-01']),
    componentes,
  });

  it('a cell with too few donations publishes no component figure', () => {
    const p = publicarIndicadores(conComponentes(3, [tipo('GLOBULOS_ROJOS', 30, 20, [6, 0, 0])])).total;
    expect(p.componentes).toEqual([
      {
        tipo: 'GLOBULOS_ROJOS',
        producidos: null,
        liberados: null,
        descartados: null,
        porMotivo: MOTIVOS.map((motivo) => ({ motivo, cantidad: null, suprimido: true })),
        despachados: null,
        porDestino: DESTINOS.map((destino) => ({ destino, cantidad: null, suprimido: true })),
        transfundidos: null,
        devueltos: null,
        vencidos: null,
        stockFinal: null,
        suprimido: true,
      },
    ]);
  });

  it('dispatched by destination kind: a small count is suppressed with a complement, the rest is exact', () => {
    const p = publicarIndicadores(
      conComponentes(20, [
        tipo('GLOBULOS_ROJOS', 20, 18, [0, 7, 0], {
          destinos: [9, 2, 6],
          transfundidos: 8,
          devueltos: 3,
          stockFinal: 12,
        }),
      ]),
    ).total;
    const [gr] = p.componentes;
    // 2 to another member is suppressed, and the smallest other kind with it: 17 - 9 - 6 would give it back.
    expect(gr.porDestino.map((d) => d.cantidad)).toEqual([9, null, null]);
    expect(gr.despachados).toBe(17);
    expect([gr.transfundidos, gr.devueltos, gr.stockFinal]).toEqual([8, null, 12]);
    // The expired are the discarded by expiry: the same figure.
    expect(gr.vencidos).toBe(7);
    expect(gr.porMotivo[1].cantidad).toBe(7);
    expect(gr.suprimido).toBe(true);
  });

  it('a network member’s dispatch figures are not the total minus the other members', () => {
    const a = conComponentes(8, [tipo('PLAQUETAS', 8, 8, [0, 0, 0], { destinos: [3, 0, 0], stockFinal: 6 })]);
    const b = conComponentes(9, [tipo('PLAQUETAS', 9, 9, [0, 0, 0], { destinos: [7, 0, 0], stockFinal: 9 })]);
    const suma = sumarCifras([a, b], ['2026-01'], MARCADORES);
    expect(suma.componentes?.[0]).toMatchObject({ despachados: 10, stockFinal: 15 });
    const red = publicarIndicadores(suma, [a, b]);
    expect(red.miembros[0].componentes[0].despachados).toBeNull();
    // A's 3 is suppressed, so B's 7 goes with it (10 - 7 would give it back), or the total does.
    const deB = red.miembros[1].componentes[0].despachados;
    const delTotal = red.total.componentes[0].despachados;
    expect(deB === null || delTotal === null).toBe(true);
    expect(cifrasExactas(a).componentes[0]).toMatchObject({ despachados: 3, stockFinal: 6, vencidos: 0 });
  });

  it('a count of 1 to 4 is suppressed, and so is a figure that would give it back by subtraction', () => {
    const p = publicarIndicadores(conComponentes(20, [tipo('PLAQUETAS', 20, 12, [2, 6, 0])])).total;
    const [pq] = p.componentes;
    expect([pq.producidos, pq.liberados]).toEqual([20, 12]);
    // 2 (reactive) is suppressed, and the smallest other reason with it: 8 - 6 would give it back.
    expect(pq.porMotivo.map((m) => m.cantidad)).toEqual([null, null, 0]);
    expect(pq.descartados).toBe(8);
    expect(pq.suprimido).toBe(true);
  });

  it("the servicio's own staff read every figure; several servicios add up", () => {
    const a = conComponentes(6, [tipo('GLOBULOS_ROJOS', 6, 5, [1, 0, 0])]);
    const b = conComponentes(7, [tipo('GLOBULOS_ROJOS', 7, 7, [0, 0, 2])]);
    expect(cifrasExactas(a).componentes[0]).toMatchObject({
      producidos: 6,
      descartados: 1,
      suprimido: false,
    });
    const suma = sumarCifras([a, b], ['2026-01'], MARCADORES);
    expect(suma.componentes).toEqual([tipo('GLOBULOS_ROJOS', 13, 12, [1, 0, 2])]);
    // In a network, a member's lone suppressed figure is not the total minus the other member's.
    const red = publicarIndicadores(suma, [a, b]);
    const delTotal = red.total.componentes[0].porMotivo[0].cantidad;
    const deB = red.miembros[1].componentes[0].porMotivo[0].cantidad;
    expect(delTotal === null || deB === null).toBe(true);
  });
});

describe('a flat table of counts (the network stock and look-backs)', () => {
  it('suppresses 1 to 4, keeps 0 and 5 or more, and judges by the donors a count rests on', () => {
    expect(publicarCuentas([{ valor: 0 }, { valor: 1 }, { valor: 4 }, { valor: 5 }, { valor: 12 }])).toEqual([
      0,
      null,
      null,
      5,
      12,
    ]);
    // Eight units from three donors (fractions): it rests on three.
    expect(
      publicarCuentas([
        { valor: 8, base: 3 },
        { valor: 8, base: 6 },
      ]),
    ).toEqual([null, 8]);
  });

  it('no total minus the others gives a suppressed count back', () => {
    const publicadas = publicarCuentas(
      [{ valor: 20 }, { valor: 2 }, { valor: 8 }, { valor: 10 }],
      [{ total: 0, partes: [1, 2, 3] }],
    );
    expect(publicadas).toEqual([20, null, null, 10]);
    expect(publicarCuentas([{ valor: 3 }, { valor: 3 }], [{ total: 0, partes: [1] }])).toEqual([null, null]);
  });
});
