/**
 * Laboratory results as a laboratory records them: one result per marker of the servicio's panel
 * (the national mandatory screening, plus NAT where the servicio runs it), each with a state, the
 * technique, the date and who recorded it; a reactive or indeterminate screening is repeated in
 * duplicate, a repeatedly reactive one awaits a confirmatory test.
 *
 * The spec's `serologia` JSON of seven booleans is a view of these results (serologiaDeResultados),
 * and a boolean written through it is a screening result of today (resultadosDeSerologia).
 */
import { isValidIsoDate, type IsoDate } from './dates';
import { SEROLOGIA_KEYS, type Serologia, type SerologiaKey } from './donacion';

export {
  ANTICUERPO_MAX,
  ANTICUERPOS_IRREGULARES,
  ANTICUERPOS_IRREGULARES_LABELS,
  anticuerposTexto,
  type AnticuerposIrregulares,
} from './donacion';
import { type FieldError, MSG } from './messages';
import { ErrorList } from './validation';

/** The national mandatory screening, in the order the screens list it. */
export const MARCADORES_NACIONALES = [
  'HIV',
  'HBSAG',
  'ANTI_HBC',
  'HCV',
  'HTLV',
  'CHAGAS',
  'SIFILIS',
  'BRUCELOSIS',
] as const;
/** Nucleic-acid tests a servicio may add to its panel. */
export const MARCADORES_NAT = ['NAT_HIV', 'NAT_HCV', 'NAT_HBV'] as const;
export const MARCADORES = [...MARCADORES_NACIONALES, ...MARCADORES_NAT] as const;
export type Marcador = (typeof MARCADORES)[number];

export const MARCADOR_LABELS: Record<Marcador, string> = {
  HIV: 'HIV 1/2',
  HBSAG: 'HBsAg',
  ANTI_HBC: 'Anti-HBc',
  HCV: 'HCV',
  HTLV: 'HTLV I/II',
  CHAGAS: 'Chagas',
  SIFILIS: 'Sífilis (VDRL)',
  BRUCELOSIS: 'Brucelosis',
  NAT_HIV: 'NAT HIV',
  NAT_HCV: 'NAT HCV',
  NAT_HBV: 'NAT HBV',
};

export const isMarcador = (value: unknown): value is Marcador =>
  typeof value === 'string' && (MARCADORES as readonly string[]).includes(value);

/**
 * The spec's seven markers and the tests each reads: `hepB` is HBsAg and anti-HBc together. A NAT
 * test makes its marker reactive too, but is not needed for it to count as tested.
 */
export const MARCADORES_DE_CLAVE: Record<SerologiaKey, { tamizaje: Marcador[]; nat: Marcador[] }> = {
  hiv: { tamizaje: ['HIV'], nat: ['NAT_HIV'] },
  hepB: { tamizaje: ['HBSAG', 'ANTI_HBC'], nat: ['NAT_HBV'] },
  hepC: { tamizaje: ['HCV'], nat: ['NAT_HCV'] },
  vdrl: { tamizaje: ['SIFILIS'], nat: [] },
  brucelosis: { tamizaje: ['BRUCELOSIS'], nat: [] },
  chagas: { tamizaje: ['CHAGAS'], nat: [] },
  htlv: { tamizaje: ['HTLV'], nat: [] },
};

/** A servicio's panel: the national screening always, and the NAT tests it chose, in MARCADORES order. */
export function panelDeServicio(adicionales: readonly string[] | null | undefined): Marcador[] {
  const extra = new Set(adicionales ?? []);
  return MARCADORES.filter((m) => (MARCADORES_NACIONALES as readonly string[]).includes(m) || extra.has(m));
}

/** The markers a servicio may add to its panel: the NAT tests, defined once here. */
export const MARCADORES_ADICIONALES = MARCADORES_NAT;
export type MarcadorAdicional = (typeof MARCADORES_ADICIONALES)[number];
export const isMarcadorAdicional = (value: unknown): value is MarcadorAdicional =>
  typeof value === 'string' && (MARCADORES_ADICIONALES as readonly string[]).includes(value);

/**
 * The additional markers a servicio chooses: a list (none: the national screening alone), each
 * one of MARCADORES_ADICIONALES (a repeat is harmless). The error names the allowed ones.
 */
export function validatePanelAdicional(marcadores: unknown): FieldError[] {
  if (!Array.isArray(marcadores)) return [{ field: 'marcadores', msg: MSG.requerido }];
  if (marcadores.every(isMarcadorAdicional)) return [];
  const permitidos = MARCADORES_ADICIONALES.map((m) => MARCADOR_LABELS[m]).join(', ');
  return [{ field: 'marcadores', msg: MSG.marcadorAdicionalNoPermitido(permitidos) }];
}

/** The chosen additional markers without repeats, in MARCADORES order (as the column keeps them). */
export const panelAdicional = (marcadores: readonly MarcadorAdicional[]): MarcadorAdicional[] =>
  MARCADORES_ADICIONALES.filter((m) => marcadores.includes(m));

/** A panel's additional markers in words, for the audit trail: 'NAT HIV, NAT HCV' or 'Ninguna'. */
export const panelAdicionalTexto = (marcadores: readonly string[]): string =>
  marcadores.length ? marcadores.map((m) => (isMarcador(m) ? MARCADOR_LABELS[m] : m)).join(', ') : 'Ninguna';

/** A screening (or repeat) result. */
export const ESTADOS_RESULTADO = ['NO_REALIZADO', 'NO_REACTIVO', 'REACTIVO', 'INDETERMINADO'] as const;
export type EstadoResultado = (typeof ESTADOS_RESULTADO)[number];
export const ESTADO_RESULTADO_LABELS: Record<EstadoResultado, string> = {
  NO_REALIZADO: 'Sin realizar',
  NO_REACTIVO: 'No reactivo',
  REACTIVO: 'Reactivo',
  INDETERMINADO: 'Indeterminado',
};
/** What a repeat in duplicate may find. */
export const ESTADOS_REPETICION = ['NO_REACTIVO', 'REACTIVO', 'INDETERMINADO'] as const;
export type EstadoRepeticion = (typeof ESTADOS_REPETICION)[number];

export const RESULTADOS_CONFIRMATORIO = ['POSITIVO', 'NEGATIVO'] as const;
export type ResultadoConfirmatorio = (typeof RESULTADOS_CONFIRMATORIO)[number];

/** One marker's result of a donation; a marker without a row is 'NO_REALIZADO'. */
export type ResultadoMarcador = {
  marcador: Marcador;
  estado: EstadoResultado;
  tecnica?: string | null;
  fecha?: IsoDate | null;
  registradoPor?: string | null;
  repeticion1?: EstadoRepeticion | null;
  repeticion2?: EstadoRepeticion | null;
  repeticionTecnica?: string | null;
  repeticionFecha?: IsoDate | null;
  repeticionPor?: string | null;
  confirmatorioResultado?: ResultadoConfirmatorio | null;
  confirmatorioTecnica?: string | null;
  confirmatorioFecha?: IsoDate | null;
  confirmatorioLaboratorio?: string | null;
  confirmatorioPor?: string | null;
};

export const sinRealizar = (marcador: Marcador): ResultadoMarcador => ({ marcador, estado: 'NO_REALIZADO' });

/** Where a marker's result stands: the step it awaits, or its outcome. */
export const ETAPAS = [
  'SIN_REALIZAR',
  'NO_REACTIVO',
  'REPETIR',
  'REPETIDAMENTE_REACTIVO',
  'CONFIRMADO_POSITIVO',
  'CONFIRMADO_NEGATIVO',
] as const;
export type Etapa = (typeof ETAPAS)[number];
export const ETAPA_LABELS: Record<Etapa, string> = {
  SIN_REALIZAR: 'Sin realizar',
  NO_REACTIVO: 'No reactivo',
  REPETIR: 'Repetir por duplicado',
  REPETIDAMENTE_REACTIVO: 'Repetidamente reactivo: espera la prueba confirmatoria',
  CONFIRMADO_POSITIVO: 'Confirmatorio positivo',
  CONFIRMADO_NEGATIVO: 'Confirmatorio negativo',
};

export function etapaResultado(r: ResultadoMarcador | null | undefined): Etapa {
  if (!r || r.estado === 'NO_REALIZADO') return 'SIN_REALIZAR';
  if (r.estado === 'NO_REACTIVO') return 'NO_REACTIVO';
  if (!r.repeticion1 || !r.repeticion2) return 'REPETIR';
  if (r.repeticion1 === 'NO_REACTIVO' && r.repeticion2 === 'NO_REACTIVO') return 'NO_REACTIVO';
  if (r.confirmatorioResultado === 'POSITIVO') return 'CONFIRMADO_POSITIVO';
  if (r.confirmatorioResultado === 'NEGATIVO') return 'CONFIRMADO_NEGATIVO';
  return 'REPETIDAMENTE_REACTIVO';
}

/** Not negative: reactive or indeterminate awaiting its repeat, repeatedly reactive, confirmed or not. */
export const noNegativo = (r: ResultadoMarcador | null | undefined): boolean => {
  const etapa = etapaResultado(r);
  return etapa !== 'SIN_REALIZAR' && etapa !== 'NO_REACTIVO';
};

/** How a marker prints in the lists and the sheet: '(+)', '(-)', 'sin realizar' or 'indeterminado'. */
export function signoResultado(r: ResultadoMarcador | null | undefined): string {
  const etapa = etapaResultado(r);
  if (etapa === 'SIN_REALIZAR') return 'sin realizar';
  if (etapa === 'NO_REACTIVO') return '(-)';
  if (etapa === 'REPETIR' && r?.estado === 'INDETERMINADO') return 'indeterminado';
  return '(+)';
}

const porMarcador = (resultados: readonly ResultadoMarcador[]) =>
  new Map(resultados.map((r) => [r.marcador, r] as const));

/** A spec marker's view: true reactive (not negative), false non-reactive, null not tested yet. */
export function claveDeResultados(
  clave: SerologiaKey,
  resultados: readonly ResultadoMarcador[],
): boolean | null {
  const de = porMarcador(resultados);
  const { tamizaje, nat } = MARCADORES_DE_CLAVE[clave];
  if ([...tamizaje, ...nat].some((m) => noNegativo(de.get(m)))) return true;
  return tamizaje.every((m) => etapaResultado(de.get(m)) === 'NO_REACTIVO') ? false : null;
}

/**
 * The spec's seven booleans: null while no test of the donation was recorded; a marker not
 * tested yet reads false there (the detailed results keep it apart).
 */
export function serologiaDeResultados(resultados: readonly ResultadoMarcador[]): Serologia | null {
  if (!resultados.some((r) => r.estado !== 'NO_REALIZADO')) return null;
  const s = {} as Serologia;
  for (const k of SEROLOGIA_KEYS) s[k] = claveDeResultados(k, resultados) === true;
  return s;
}

/** The spec's markers actually tested (reactive or non-reactive), SEROLOGIA_KEYS order. */
export function serologiaRealizada(resultados: readonly ResultadoMarcador[]): SerologiaKey[] {
  return SEROLOGIA_KEYS.filter((k) => claveDeResultados(k, resultados) !== null);
}

/**
 * What the reports count of some donations' serology, the one definition of 'analizada': a spec
 * marker is analizada where serologiaRealizada lists it (the roll-up counts the column that
 * function writes, migration 1764420000000), reactive among those where its view is true;
 * a donation's results are complete when all seven are analizadas, pending otherwise. A deleted
 * donation counts nowhere.
 */
export function cuentaSerologia(
  donaciones: readonly { resultados: readonly ResultadoMarcador[]; eliminada?: boolean }[],
): {
  donaciones: number;
  analizadas: number;
  pendientes: number;
  marcadores: { marcador: SerologiaKey; analizadas: number; reactivas: number; pendientes: number }[];
} {
  const vivas = donaciones.filter((d) => !d.eliminada).map((d) => d.resultados);
  const realizadas = vivas.map((r) => serologiaRealizada(r));
  const completas = realizadas.filter((r) => r.length === SEROLOGIA_KEYS.length).length;
  return {
    donaciones: vivas.length,
    analizadas: completas,
    pendientes: vivas.length - completas,
    marcadores: SEROLOGIA_KEYS.map((marcador) => {
      const analizadas = realizadas.filter((r) => r.includes(marcador)).length;
      return {
        marcador,
        analizadas,
        reactivas: vivas.filter((r) => claveDeResultados(marcador, r) === true).length,
        pendientes: vivas.length - analizadas,
      };
    }),
  };
}

/** A marker confirmed positive: the donor's deferral is definitive. */
export const confirmadoPositivo = (resultados: readonly ResultadoMarcador[]): boolean =>
  resultados.some((r) => etapaResultado(r) === 'CONFIRMADO_POSITIVO');

/**
 * The results after the spec's booleans are written: a key whose view does not change keeps its
 * tests; one that changes becomes a screening of `hoy` (reactive or non-reactive) of each test it
 * reads, recorded by `uid`. `null` clears every result (not tested).
 */
export function resultadosDeSerologia(
  antes: readonly ResultadoMarcador[],
  serologia: Partial<Record<SerologiaKey, boolean | null | undefined>> | null,
  hoy: IsoDate,
  uid: string | null,
): ResultadoMarcador[] {
  if (serologia === null) return [];
  const de = porMarcador(antes);
  for (const k of SEROLOGIA_KEYS) {
    const valor = serologia[k] === true;
    if (claveDeResultados(k, antes) === valor) continue;
    for (const m of MARCADORES_DE_CLAVE[k].tamizaje) {
      de.set(m, {
        marcador: m,
        estado: valor ? 'REACTIVO' : 'NO_REACTIVO',
        tecnica: null,
        fecha: hoy,
        registradoPor: uid,
      });
    }
    // Written negative: a reactive NAT of the marker would keep it reactive; it is cleared too.
    if (!valor) for (const m of MARCADORES_DE_CLAVE[k].nat) de.delete(m);
  }
  return MARCADORES.flatMap((m) => (de.has(m) ? [de.get(m)!] : []));
}

// ---------------------------------------------------------------------------
// The three steps a laboratory records, validated before anything is written

const TECNICA_MAX = 100;
const LABORATORIO_MAX = 100;

export type TamizajeData = {
  marcador?: string | null;
  estado?: string | null;
  tecnica?: string | null;
  fecha?: string | null;
};
export type RepeticionData = {
  marcador?: string | null;
  primera?: string | null;
  segunda?: string | null;
  tecnica?: string | null;
  fecha?: string | null;
};
export type ConfirmatorioData = {
  marcador?: string | null;
  resultado?: string | null;
  tecnica?: string | null;
  fecha?: string | null;
  laboratorio?: string | null;
};

function checkFecha(list: ErrorList, fecha: string | null | undefined, hoy: IsoDate, requerida: boolean) {
  if (fecha === null || fecha === undefined || fecha === '') {
    if (requerida) list.add('fecha', MSG.requerido);
  } else if (!isValidIsoDate(fecha)) list.add('fecha', MSG.fechaInvalida);
  else if (fecha > hoy) list.add('fecha', MSG.resultadoFechaFutura);
}

function checkTexto(
  list: ErrorList,
  field: string,
  value: string | null | undefined,
  max: number,
  requerido: boolean,
) {
  const texto = (value ?? '').trim();
  if (requerido && texto === '') list.add(field, MSG.requerido);
  else if (texto.length > max) list.add(field, MSG.textoDemasiadoLargo(max));
}

function checkMarcador(list: ErrorList, marcador: string | null | undefined, panel: readonly Marcador[]) {
  if (!isMarcador(marcador) || !panel.includes(marcador)) list.add('marcador', MSG.marcadorFueraDelPanel);
}

/** A screening result: any state; a technique and a date (not in the future) unless 'NO_REALIZADO'. */
export function validateTamizaje(
  data: TamizajeData,
  panel: readonly Marcador[],
  actual: ResultadoMarcador | null,
  hoy: IsoDate,
): FieldError[] {
  const list = new ErrorList();
  checkMarcador(list, data.marcador, panel);
  const estado = data.estado ?? '';
  if (!(ESTADOS_RESULTADO as readonly string[]).includes(estado)) list.add('estado', MSG.valorNoPermitido);
  const realizado = estado !== 'NO_REALIZADO';
  checkTexto(list, 'tecnica', data.tecnica, TECNICA_MAX, false);
  checkFecha(list, data.fecha, hoy, realizado);
  if (actual?.repeticion1 || actual?.repeticion2) list.add('estado', MSG.resultadoYaRepetido);
  return list.errors;
}

/** The repeat in duplicate: only of a reactive or indeterminate screening, both results at once. */
export function validateRepeticion(
  data: RepeticionData,
  panel: readonly Marcador[],
  actual: ResultadoMarcador | null,
  hoy: IsoDate,
): FieldError[] {
  const list = new ErrorList();
  checkMarcador(list, data.marcador, panel);
  for (const campo of ['primera', 'segunda'] as const) {
    if (!(ESTADOS_REPETICION as readonly string[]).includes(data[campo] ?? ''))
      list.add(campo, MSG.valorNoPermitido);
  }
  checkTexto(list, 'tecnica', data.tecnica, TECNICA_MAX, false);
  checkFecha(list, data.fecha, hoy, true);
  if (list.errors.length === 0 && etapaResultado(actual) !== 'REPETIR')
    list.add('marcador', MSG.repeticionNoCorresponde);
  return list.errors;
}

/** The confirmatory test: only of a repeatedly reactive marker; technique, result, date and laboratory. */
export function validateConfirmatorio(
  data: ConfirmatorioData,
  panel: readonly Marcador[],
  actual: ResultadoMarcador | null,
  hoy: IsoDate,
): FieldError[] {
  const list = new ErrorList();
  checkMarcador(list, data.marcador, panel);
  if (!(RESULTADOS_CONFIRMATORIO as readonly string[]).includes(data.resultado ?? ''))
    list.add('resultado', MSG.valorNoPermitido);
  checkTexto(list, 'tecnica', data.tecnica, TECNICA_MAX, true);
  checkTexto(list, 'laboratorio', data.laboratorio, LABORATORIO_MAX, true);
  checkFecha(list, data.fecha, hoy, true);
  if (list.errors.length === 0 && etapaResultado(actual) !== 'REPETIDAMENTE_REACTIVO')
    list.add('marcador', MSG.confirmatorioNoCorresponde);
  return list.errors;
}

const fechaTexto = (f: string | null | undefined) => (f ? f.split('-').reverse().join('/') : '');
const entre = (...partes: (string | null | undefined)[]) => {
  const dichas = partes.filter((p): p is string => Boolean(p));
  return dichas.length ? ` (${dichas.join(', ')})` : '';
};

/** A marker's result in words, for the audit trail: 'HBsAg: Reactivo (ELISA, 26/11/2026) · Repetición: ...'. */
export function resultadoTexto(r: ResultadoMarcador): string {
  const partes = [
    `${MARCADOR_LABELS[r.marcador]}: ${ESTADO_RESULTADO_LABELS[r.estado]}${entre(r.tecnica, fechaTexto(r.fecha))}`,
  ];
  if (r.repeticion1 && r.repeticion2) {
    partes.push(
      `Repetición: ${ESTADO_RESULTADO_LABELS[r.repeticion1]}, ${ESTADO_RESULTADO_LABELS[r.repeticion2]}` +
        entre(r.repeticionTecnica, fechaTexto(r.repeticionFecha)),
    );
  }
  if (r.confirmatorioResultado) {
    partes.push(
      `Confirmatorio: ${r.confirmatorioResultado === 'POSITIVO' ? 'Positivo' : 'Negativo'}` +
        entre(r.confirmatorioTecnica, r.confirmatorioLaboratorio, fechaTexto(r.confirmatorioFecha)),
    );
  }
  return partes.join(' · ');
}

// ---------------------------------------------------------------------------
// Blood group against the donor's history

export type GrupoDeHistorial = {
  id: string;
  fecha: IsoDate;
  numero?: number;
  abo?: string | null;
  rh?: string | null;
  /** Another member's (by name): the message names only it and the date. */
  servicio?: string | null;
};

/** Who confirms a blood group that differs from the donor's history, and records the repeat typing. */
export const ROLES_GRUPO: readonly string[] = ['ROL_MEDICO', 'ROL_TECNICO'];
export const confirmaGrupo = (rol: string | null | undefined): boolean => ROLES_GRUPO.includes(rol ?? '');

/**
 * The latest earlier donation of the person (here or at another member) whose typed ABO or Rh
 * differs from `abo`/`rh`; null when they agree or either side is not typed. A mix-up of
 * samples until a repeat typing proves otherwise.
 */
export function grupoDiscordante(
  donacionId: string,
  abo: string | null | undefined,
  rh: string | null | undefined,
  historial: readonly GrupoDeHistorial[],
): GrupoDeHistorial | null {
  if (!abo && !rh) return null;
  const difiere = (h: GrupoDeHistorial) =>
    h.id !== donacionId && ((abo && h.abo && h.abo !== abo) || (rh && h.rh && h.rh !== rh));
  const otras = historial.filter(difiere).sort((a, b) => (a.fecha < b.fecha ? 1 : -1));
  return otras[0] ?? null;
}
