/**
 * Donation (donacion) rules shared by the server and the client: value lists,
 * vital-sign checks, the donation-interval rule text, serology and vital-sign parsing for
 * the REST JSON strings, and the donor-type derivation.
 */
import { isValidIsoDate, IsoDate } from './dates';
import { isNumeroEtiqueta, leerNumeroEtiqueta } from './etiquetas';
import { SV_LIMITES, UMBRAL_HB, UMBRAL_HTO } from './limites';
import { FieldError, MSG } from './messages';
import { ErrorList, isBlank, type ParseResult } from './validation';

export const TIPOS_BOLSA = ['Bolsa Doble', 'Bolsa Triple'] as const;
export type TipoBolsa = (typeof TIPOS_BOLSA)[number];
export const TIPO_BOLSA_DEFAULT: TipoBolsa = 'Bolsa Doble';

/** '' = not yet determined. */
export const ABO = ['', 'A', 'B', 'AB', 'O'] as const;
type Abo = (typeof ABO)[number];

/** '' = not yet determined. */
export const RH = ['', 'POSITIVO', 'NEGATIVO'] as const;
export type Rh = (typeof RH)[number];
const RH_SIGNO: Record<Rh, string> = { '': '', POSITIVO: '+', NEGATIVO: '-' };

/** 'A' + 'POSITIVO' -> 'A+'; empty when nothing is determined. */
export function grupoYFactor(abo: string | null | undefined, rh: string | null | undefined): string {
  return `${abo ?? ''}${RH_SIGNO[(rh ?? '') as Rh] ?? ''}`;
}

export const SEROLOGIA_KEYS = ['hiv', 'hepB', 'hepC', 'vdrl', 'brucelosis', 'chagas', 'htlv'] as const;
export type SerologiaKey = (typeof SEROLOGIA_KEYS)[number];
export type Serologia = Record<SerologiaKey, boolean>;
export const SEROLOGIA_LABELS: Record<SerologiaKey, string> = {
  hiv: 'HIV',
  hepB: 'Hepatitis B',
  hepC: 'Hepatitis C',
  vdrl: 'VDRL',
  brucelosis: 'Brucelosis',
  chagas: 'Chagas',
  htlv: 'HTLV',
};

export function serologiaVacia(): Serologia {
  return { hiv: false, hepB: false, hepC: false, vdrl: false, brucelosis: false, chagas: false, htlv: false };
}

// Irregular antibody screening

export const ANTICUERPOS_IRREGULARES = ['', 'NEGATIVO', 'POSITIVO'] as const;
export type AnticuerposIrregulares = (typeof ANTICUERPOS_IRREGULARES)[number];
export const ANTICUERPOS_IRREGULARES_LABELS: Record<AnticuerposIrregulares, string> = {
  '': 'Sin realizar',
  NEGATIVO: 'Negativo',
  POSITIVO: 'Positivo',
};
export const ANTICUERPO_MAX = 100;

/** 'Negativo', 'Positivo (anti-K)', 'Sin realizar'. */
export function anticuerposTexto(
  estado: string | null | undefined,
  anticuerpo: string | null | undefined,
): string {
  const label = ANTICUERPOS_IRREGULARES_LABELS[(estado ?? '') as AnticuerposIrregulares] ?? '';
  return estado === 'POSITIVO' && anticuerpo ? `${label} (${anticuerpo})` : label;
}

export const EXCLUSION_TIPOS = ['Definitiva', 'Temporal'] as const;
export type ExclusionTipo = (typeof EXCLUSION_TIPOS)[number];
/** Days; 365 is shown as one year. */
export const EXCLUSION_TIEMPOS = [0, 15, 30, 90, 180, 365] as const;
export const EXCLUSION_TIEMPO_LABELS: Record<number, string> = {
  0: '0 días',
  15: '15 días',
  30: '30 días',
  90: '90 días',
  180: '180 días',
  365: '1 año',
};
const EXCLUSION_CODIGO_MAX = 50;
const LOTE_BOLSA_MAX = 50;

// ---------------------------------------------------------------------------
// Vital signs

/** Each sign is optional: null means "not measured" (never 0). */
export type SignosVitales = {
  tas: number | null;
  tad: number | null;
  fc: number | null;
  peso: number | null;
  temp: number | null;
  hb: number | null;
  hto: number | null;
};
export type SignoVitalKey = keyof SignosVitales;
export const SIGNOS_VITALES_KEYS: SignoVitalKey[] = ['tas', 'tad', 'fc', 'peso', 'temp', 'hb', 'hto'];

function signosVitalesVacios(): SignosVitales {
  return { tas: null, tad: null, fc: null, peso: null, temp: null, hb: null, hto: null };
}

/** Physically possible ranges; outside them the value is a typing mistake. */
const SV_POSIBLE: Record<SignoVitalKey, { min: number; max: number }> = {
  tas: { min: 1, max: 300 },
  tad: { min: 1, max: 200 },
  fc: { min: 1, max: 300 },
  peso: { min: 1, max: 400 },
  temp: { min: 30, max: 45 },
  hb: { min: 1, max: 30 },
  hto: { min: 1, max: 100 },
};

/** The form field (and GraphQL input path) of each sign. */
const svField = (key: SignoVitalKey): string => `sv.${key}`;

/**
 * Errors for measured signs that no person can have (a typing mistake); unmeasured (null/undefined)
 * signs are accepted. A 'No apto' visit records out-of-bounds signs with this check alone.
 */
export function validateSignosPosibles(sv: Partial<SignosVitales> | null | undefined): FieldError[] {
  const list = new ErrorList();
  if (!sv) return list.errors;
  for (const key of SIGNOS_VITALES_KEYS) {
    const value = sv[key];
    if (value === null || value === undefined) continue;
    const possible = SV_POSIBLE[key];
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < possible.min ||
      value > possible.max
    ) {
      list.add(svField(key), MSG.valorNoPermitido);
    }
  }
  return list.errors;
}

// ---------------------------------------------------------------------------
// Screening thresholds (Opciones): stricter minimums by sex, upper bounds for Hb and Hto

/** Null: the spec's bound (SV_LIMITES); a servicio may only ask more of the donor. */
export type UmbralesTamizaje = {
  hbMinMujer: number | null;
  hbMinHombre: number | null;
  hbMax: number | null;
  hctoMinMujer: number | null;
  hctoMinHombre: number | null;
  hctoMax: number | null;
};
export type UmbralTamizajeKey = keyof UmbralesTamizaje;
export const UMBRALES_TAMIZAJE_KEYS: UmbralTamizajeKey[] = [
  'hbMinMujer',
  'hbMinHombre',
  'hbMax',
  'hctoMinMujer',
  'hctoMinHombre',
  'hctoMax',
];

export const UMBRALES_SPEC: UmbralesTamizaje = {
  hbMinMujer: null,
  hbMinHombre: null,
  hbMax: null,
  hctoMinMujer: null,
  hctoMinHombre: null,
  hctoMax: null,
};

/** At most one decimal: 12.5 g/dl, 38 %. */
const unDecimal = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;

/**
 * The thresholds a servicio may set: each minimum at or over the spec's bound (a looser one is
 * refused with that bound), each upper bound over both minimums; null keeps the spec's bound.
 */
export function validateUmbrales(data: Partial<Record<UmbralTamizajeKey, unknown>>): FieldError[] {
  const list = new ErrorList();
  const leer = (key: UmbralTamizajeKey, rango: { min: number; max: number }): number | null => {
    const value = data[key];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || !unDecimal(value)) {
      list.add(key, MSG.umbralEntre(rango.min, rango.max));
      return null;
    }
    if (value < rango.min) list.add(key, MSG.umbralMenorQueNorma(rango.min));
    else if (value > rango.max) list.add(key, MSG.umbralEntre(rango.min, rango.max));
    return value;
  };
  const maximo = (
    key: UmbralTamizajeKey,
    rango: { min: number; max: number },
    minimos: (number | null)[],
  ) => {
    const value = leer(key, rango);
    if (value !== null && minimos.some((m) => (m ?? rango.min) >= value)) list.add(key, MSG.umbralMaximoBajo);
  };
  const hb = [leer('hbMinMujer', UMBRAL_HB), leer('hbMinHombre', UMBRAL_HB)];
  maximo('hbMax', UMBRAL_HB, hb);
  const hto = [leer('hctoMinMujer', UMBRAL_HTO), leer('hctoMinHombre', UMBRAL_HTO)];
  maximo('hctoMax', UMBRAL_HTO, hto);
  return list.errors;
}

/**
 * The bounds a donor is screened against: the spec's, made stricter by the servicio's thresholds
 * for the donor's sex ('Masculino', 'Femenino'; unknown: the stricter of both).
 */
export function limitesDelDonante(
  sexo: string | null | undefined,
  umbrales: Partial<UmbralesTamizaje> | null | undefined,
): { hbMin: number; hbMax: number | null; htoMin: number; htoMax: number | null } {
  const u = umbrales ?? {};
  const min = (spec: number, mujer: number | null | undefined, hombre: number | null | undefined) => {
    const propios = sexo === 'Masculino' ? [hombre] : sexo === 'Femenino' ? [mujer] : [mujer, hombre];
    return Math.max(spec, ...propios.map((v) => v ?? spec));
  };
  return {
    hbMin: min(SV_LIMITES.hb.min, u.hbMinMujer, u.hbMinHombre),
    hbMax: u.hbMax ?? null,
    htoMin: min(SV_LIMITES.hto.min, u.hctoMinMujer, u.hctoMinHombre),
    htoMax: u.hctoMax ?? null,
  };
}

/** Whom the signs are checked for: the donor's sex and the servicio's thresholds (none: the spec's bounds). */
export type CriterioTamizaje = {
  sexo?: string | null;
  umbrales?: Partial<UmbralesTamizaje> | null;
};

/**
 * Errors for the measured signs: impossible values, and values outside the normal bounds. The one
 * place the bounds are applied: the spec's (SV_LIMITES), or stricter ones by the donor's sex when
 * the servicio set them (`criterio`); the messages are the spec's ('Hemoglobina baja'...).
 */
export function validateSignosVitales(
  sv: Partial<SignosVitales> | null | undefined,
  criterio: CriterioTamizaje = {},
): FieldError[] {
  const list = new ErrorList();
  if (!sv) return list.errors;
  for (const error of validateSignosPosibles(sv)) list.add(error.field, error.msg);
  const check = (key: SignoVitalKey, bad: (v: number) => boolean, msg: string) => {
    const value = sv[key];
    if (typeof value === 'number' && Number.isFinite(value) && bad(value)) list.add(svField(key), msg);
  };
  const limites = limitesDelDonante(criterio.sexo, criterio.umbrales);
  check('fc', (v) => v < SV_LIMITES.fc.min, MSG.fcBaja);
  check('fc', (v) => v > SV_LIMITES.fc.max, MSG.fcAlta);
  check('hto', (v) => v < limites.htoMin, MSG.htoBajo);
  check('hto', (v) => limites.htoMax !== null && v > limites.htoMax, MSG.htoAlto);
  check('tas', (v) => v < SV_LIMITES.tas.min, MSG.tasBaja);
  check('tas', (v) => v > SV_LIMITES.tas.max, MSG.tasAlta);
  check('tad', (v) => v < SV_LIMITES.tad.min, MSG.tadBaja);
  check('tad', (v) => v > SV_LIMITES.tad.max, MSG.tadAlta);
  check('peso', (v) => v < SV_LIMITES.peso.min, MSG.pesoBajo);
  check('hb', (v) => v < limites.hbMin, MSG.hemoglobinaBaja);
  check('hb', (v) => limites.hbMax !== null && v > limites.hbMax, MSG.hemoglobinaAlta);
  return list.errors;
}

// ---------------------------------------------------------------------------
// Donation

export type DonacionData = {
  /** The label number; as text (a form field, the REST body) it may also be a code (leerNumeroEtiqueta). */
  numero?: number | string | null;
  fecha?: string | null;
  hora?: string | null;
  tipoBolsa?: string | null;
  loteBolsa?: string | null;
  sv?: Partial<SignosVitales> | null;
};

const HORA_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isHora(value: unknown): value is string {
  return typeof value === 'string' && HORA_RE.test(value);
}

/**
 * The new-donation form and the server's create check, without the rules that need the database;
 * `criterio`: the donor's sex and the servicio's thresholds, when known.
 */
export function validateDonacion(
  data: DonacionData,
  today?: IsoDate,
  criterio?: CriterioTamizaje,
): FieldError[] {
  const list = new ErrorList();
  const leido = typeof data.numero === 'string' ? leerNumeroEtiqueta(data.numero) : null;
  const numero = leido ? (leido.ok ? leido.value : undefined) : data.numero;
  if (leido && !leido.ok) {
    list.add('numero', leido.error);
  } else if (numero === null || numero === undefined) {
    list.add('numero', MSG.requerido);
  } else if (!isNumeroEtiqueta(numero)) {
    // Whether the servicio issued it is checked by the server, in the creating transaction.
    list.add('numero', MSG.numeroEtiquetaFueraDeRango);
  }
  if (isBlank(data.fecha)) list.add('fecha', MSG.requerido);
  else if (!isValidIsoDate(data.fecha)) list.add('fecha', MSG.fechaInvalida);
  else if (today && data.fecha! > today) list.add('fecha', MSG.fechaFutura);
  if (isBlank(data.hora)) list.add('hora', MSG.requerido);
  else if (!isHora(data.hora)) list.add('hora', MSG.horaInvalida);
  if (isBlank(data.loteBolsa)) list.add('loteBolsa', MSG.requerido);
  else if (String(data.loteBolsa).trim().length > LOTE_BOLSA_MAX) {
    list.add('loteBolsa', MSG.textoDemasiadoLargo(LOTE_BOLSA_MAX));
  }
  if (!TIPOS_BOLSA.includes(data.tipoBolsa as TipoBolsa)) list.add('tipoBolsa', MSG.valorNoPermitido);
  for (const error of validateSignosVitales(data.sv, criterio)) list.add(error.field, error.msg);
  return list.errors;
}

export type ResultadosData = {
  abo?: string | null;
  rh?: string | null;
  serologia?: Partial<Record<SerologiaKey, unknown>> | null;
  exclusionDefinitiva?: string | null;
  exclusionTiempo?: number | null;
  exclusionCodigo?: string | null;
  /** Irregular antibody screening: '' not tested, 'NEGATIVO', 'POSITIVO' with `anticuerpo`. */
  anticuerposIrregulares?: string | null;
  anticuerpo?: string | null;
  /** A blood group that differs from the donor's history, confirmed (ROL_MEDICO, ROL_TECNICO) with this reason. */
  confirmarGrupo?: boolean | null;
  motivoGrupo?: string | null;
  /**
   * Why a doctor or the service administrator makes the donation's deferral milder: required
   * exactly then, and recorded as a lift (domain/elegibilidad.ts cambioDeResultado).
   */
  motivo?: string | null;
};

/** The results form (blood group, Rh, serology, exclusion). */
export function validateResultados(data: ResultadosData): FieldError[] {
  const list = new ErrorList();
  if (!ABO.includes((data.abo ?? '') as Abo)) list.add('abo', MSG.valorNoPermitido);
  if (!RH.includes((data.rh ?? '') as Rh)) list.add('rh', MSG.valorNoPermitido);
  if (data.serologia) {
    for (const key of Object.keys(data.serologia)) {
      const value = data.serologia[key as SerologiaKey];
      if (!SEROLOGIA_KEYS.includes(key as SerologiaKey) || typeof value !== 'boolean') {
        list.add(`serologia.${key}`, MSG.valorNoPermitido);
      }
    }
  }
  const tipo = data.exclusionDefinitiva ?? '';
  if (tipo !== '' && !EXCLUSION_TIPOS.includes(tipo as ExclusionTipo)) {
    list.add('exclusionDefinitiva', MSG.valorNoPermitido);
  }
  const tiempo = data.exclusionTiempo;
  if (tiempo !== null && tiempo !== undefined && !(EXCLUSION_TIEMPOS as readonly number[]).includes(tiempo)) {
    list.add('exclusionTiempo', MSG.valorNoPermitido);
  }
  if ((data.exclusionCodigo ?? '').trim().length > EXCLUSION_CODIGO_MAX) {
    list.add('exclusionCodigo', MSG.textoDemasiadoLargo(EXCLUSION_CODIGO_MAX));
  }
  if (data.anticuerposIrregulares !== undefined) {
    const estado = data.anticuerposIrregulares ?? '';
    const anticuerpo = (data.anticuerpo ?? '').trim();
    if (!ANTICUERPOS_IRREGULARES.includes(estado as AnticuerposIrregulares)) {
      list.add('anticuerposIrregulares', MSG.valorNoPermitido);
    } else if (estado === 'POSITIVO' && anticuerpo === '') list.add('anticuerpo', MSG.anticuerpoRequerido);
    if (anticuerpo.length > ANTICUERPO_MAX) list.add('anticuerpo', MSG.textoDemasiadoLargo(ANTICUERPO_MAX));
  }
  return list.errors;
}

/** The donor's last donation once `fecha` is recorded: it, unless one of `otras` is later. */
export function ultimaDonacion(fecha: IsoDate, otras: IsoDate[]): IsoDate {
  return otras.reduce((max, o) => (o > max ? o : max), fecha);
}

// ---------------------------------------------------------------------------
// Serology

export const serologiaSigno = (positivo: boolean | null | undefined): string => (positivo ? '(+)' : '(-)');

/** 'HIV (-) · Hepatitis B (+) · ...' */
export function serologiaResumen(s: Partial<Serologia> | null | undefined): string {
  if (!s) return MSG.sinDatos;
  return SEROLOGIA_KEYS.map((k) => `${SEROLOGIA_LABELS[k]} ${serologiaSigno(s[k])}`).join(' · ');
}

/** The REST JSON string of booleans; missing keys are negative. Anything else: 'Error al leer serología'. */
export function parseSerologia(json: string | null | undefined): ParseResult<Serologia> {
  const fail = { ok: false as const, error: MSG.errorLeerSerologia };
  if (json === null || json === undefined || json === '') return { ok: true, value: serologiaVacia() };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return fail;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail;
  const value = serologiaVacia();
  for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!SEROLOGIA_KEYS.includes(key as SerologiaKey)) return fail;
    if (typeof v === 'boolean') value[key as SerologiaKey] = v;
    else if (v === 'true' || v === 'false') value[key as SerologiaKey] = v === 'true';
    else return fail;
  }
  return { ok: true, value };
}

export function serializeSerologia(s: Partial<Serologia> | null | undefined): string {
  const value = serologiaVacia();
  for (const key of SEROLOGIA_KEYS) value[key] = Boolean(s?.[key]);
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------
// Vital signs as the REST JSON string: { ta: '120/80', fc, peso, temp, hb, hto }
// Blank or underscore-only values (the input mask) mean "not measured".

/** '12_' -> 12, '___' -> null, '36,5' -> 36.5; NaN when it is not a number. */
export function parseMedida(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  const text = value.replace(/[_\s]/g, '').replace(',', '.');
  if (text === '' || text === '.') return null;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
}

export function parseSignosVitales(json: string | null | undefined): ParseResult<SignosVitales> {
  const fail = { ok: false as const, error: MSG.datosInvalidos };
  const sv = signosVitalesVacios();
  if (json === null || json === undefined || json === '') return { ok: true, value: sv };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return fail;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail;
  const obj = raw as Record<string, unknown>;
  if (obj.ta !== undefined && obj.ta !== null) {
    if (typeof obj.ta !== 'string') return fail;
    const [tas, tad, ...rest] = obj.ta.split('/');
    if (rest.length) return fail;
    sv.tas = parseMedida(tas);
    sv.tad = parseMedida(tad ?? '');
  }
  for (const key of ['tas', 'tad', 'fc', 'peso', 'temp', 'hb', 'hto'] as const) {
    if (obj[key] !== undefined) sv[key] = parseMedida(obj[key]);
  }
  if (SIGNOS_VITALES_KEYS.some((k) => Number.isNaN(sv[k]))) return fail;
  return { ok: true, value: sv };
}

/** For printing: a measured value as text, an unmeasured one as ''. */
export const medidaTexto = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export function serializeSignosVitales(sv: Partial<SignosVitales> | null | undefined): string {
  const m = (k: SignoVitalKey) => medidaTexto(sv?.[k]);
  const ta = sv?.tas == null && sv?.tad == null ? '' : `${m('tas')}/${m('tad')}`;
  return JSON.stringify({ ta, fc: m('fc'), peso: m('peso'), temp: m('temp'), hb: m('hb'), hto: m('hto') });
}

// ---------------------------------------------------------------------------
// Donor type (register book, donation sheet)

export type TipoDonante =
  | 'Voluntario primera vez'
  | 'Voluntario habitual/esporádico'
  | 'Reposición primera vez'
  | 'Reposición habitual/esporádico';

/**
 * 'primera vez' or 'habitual/esporádico': habitual when the donor said so ('Donó anteriormente')
 * or the service recorded an earlier donation of the person (`donacionesPrevias`).
 */
export function tipoDonante(
  esVoluntario: string | boolean | null | undefined,
  donacionAnterior: boolean | null | undefined,
  donacionesPrevias = 0,
): TipoDonante {
  const voluntario = esVoluntario === true || esVoluntario === 'Si';
  const habitual = Boolean(donacionAnterior) || donacionesPrevias > 0;
  if (voluntario) return habitual ? 'Voluntario habitual/esporádico' : 'Voluntario primera vez';
  return habitual ? 'Reposición habitual/esporádico' : 'Reposición primera vez';
}
