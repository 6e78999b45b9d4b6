import { formatDate, IsoDate, isValidIsoDate, parseIsoDate, yearsBetween } from './dates';
import { EDAD_CPH_MAX, EDAD_CPH_MIN, EDAD_DONANTE_MAX, EDAD_DONANTE_MIN } from './limites';
import { validateDni } from './dni';
import { FieldError, MSG } from './messages';
import { ErrorList, isBlank, isEmail } from './validation';

/**
 * Provinces offered in the donor form. The specification says "23 provinces
 * (Buenos Aires, CABA and 21 others)" but Argentina has 24 jurisdictions (23
 * provinces plus CABA); all of them are offered so that no donor's address
 * is refused.
 */
export const PROVINCIAS = [
  'Buenos Aires',
  'CABA',
  'Catamarca',
  'Chaco',
  'Chubut',
  'Córdoba',
  'Corrientes',
  'Entre Ríos',
  'Formosa',
  'Jujuy',
  'La Pampa',
  'La Rioja',
  'Mendoza',
  'Misiones',
  'Neuquén',
  'Río Negro',
  'Salta',
  'San Juan',
  'San Luis',
  'Santa Cruz',
  'Santa Fe',
  'Santiago del Estero',
  'Tierra del Fuego',
  'Tucumán',
] as const;
export type Provincia = (typeof PROVINCIAS)[number];

export const SEXOS = ['Masculino', 'Femenino'] as const;
export type Sexo = (typeof SEXOS)[number];

export const ES_VOLUNTARIO = ['Si', 'No'] as const;
type EsVoluntario = (typeof ES_VOLUNTARIO)[number];

/** Defaults of a new donor (SPEC section 4). */
export const DONANTE_DEFAULTS = {
  ProvinciaActual: 'Buenos Aires',
  nacionalidad: 'Argentina',
  sexo: 'Masculino',
  esVoluntario: 'Si',
} as const satisfies {
  ProvinciaActual: Provincia;
  nacionalidad: string;
  sexo: Sexo;
  esVoluntario: EsVoluntario;
};

export { EDAD_CPH_MAX, EDAD_CPH_MIN } from './limites';

/** Longest value each text field accepts. */
const DONANTE_MAX = {
  nombre: 100,
  apellido: 100,
  domActual: 200,
  domActualAltura: 20,
  domActualPiso: 10,
  domActualDepto: 10,
  localidadActual: 100,
  domDni: 200,
  localidadDni: 100,
  codPostal: 20,
  telefono: 50,
  telefono2: 50,
  email: 254,
  lugarNacimiento: 100,
  nacionalidad: 100,
  ocupacion: 100,
  cph: 100,
} as const;

export type DonanteCphContacto = {
  Nombre: string;
  Apellido: string;
  Telefono: string;
  Relacion: string;
  Email: string;
};

/** The CPH (registro de células progenitoras hematopoyéticas) data of a donor: a fixed shape. */
export type DonanteCphData = {
  establecimientoLaboral: string;
  telefonoLaboral: string;
  emailLaboral: string;
  contacto1: DonanteCphContacto;
  contacto2: DonanteCphContacto;
};

export const CPH_CONTACTO_FIELDS = ['Nombre', 'Apellido', 'Telefono', 'Relacion', 'Email'] as const;
export const CPH_FIELDS = ['establecimientoLaboral', 'telefonoLaboral', 'emailLaboral'] as const;
const CPH_CONTACTOS = ['contacto1', 'contacto2'] as const;

function emptyCphContacto(): DonanteCphContacto {
  return { Nombre: '', Apellido: '', Telefono: '', Relacion: '', Email: '' };
}

export function emptyCph(): DonanteCphData {
  return {
    establecimientoLaboral: '',
    telefonoLaboral: '',
    emailLaboral: '',
    contacto1: emptyCphContacto(),
    contacto2: emptyCphContacto(),
  };
}

/** The donor as the form and the APIs send it; every field may be missing or wrong. */
export type DonanteData = {
  nombre?: string | null;
  apellido?: string | null;
  dni?: string | null;
  fechaNacimiento?: string | null;
  sexo?: string | null;
  domActual?: string | null;
  domActualAltura?: string | null;
  domActualPiso?: string | null;
  domActualDepto?: string | null;
  localidadActual?: string | null;
  ProvinciaActual?: string | null;
  domDni?: string | null;
  localidadDni?: string | null;
  codPostal?: string | null;
  telefono?: string | null;
  telefono2?: string | null;
  email?: string | null;
  lugarNacimiento?: string | null;
  ProvinciaNacimiento?: string | null;
  nacionalidad?: string | null;
  ocupacion?: string | null;
  convocado?: boolean | null;
  donacionAferesis?: boolean | null;
  donacionAnterior?: boolean | null;
  esVoluntario?: string | null;
  cph?: unknown;
};

// ---------------------------------------------------------------------------
// Field-level validators: (value) => message | undefined. The client form uses
// them one per field; validateDonante runs them all on the server.

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function validateRequerido(value: unknown): string | undefined {
  return isBlank(value) ? MSG.requerido : undefined;
}

function validateMaxLength(max: number) {
  return (value: unknown): string | undefined =>
    str(value).trim().length > max ? MSG.textoDemasiadoLargo(max) : undefined;
}

/** nombre, apellido: required, with a length limit. */
function validateRequeridoMax(max: number) {
  const tooLong = validateMaxLength(max);
  return (value: unknown): string | undefined => validateRequerido(value) ?? tooLong(value);
}

/** An optional email: empty is fine, otherwise it must look like an address. */
function validateEmailOpcional(value: unknown): string | undefined {
  const text = str(value).trim();
  if (text === '') return undefined;
  return isEmail(text) ? undefined : MSG.emailNoValido;
}

/** A value from a fixed list; empty is allowed only when `optional`. */
function validateEnum(list: readonly string[], optional = false) {
  return (value: unknown): string | undefined => {
    const text = str(value);
    if (optional && text === '') return undefined;
    return list.includes(text) ? undefined : MSG.valorNoPermitido;
  };
}

/**
 * A typed date: 'YYYY-MM-DD' (the API, <input type="date">) or 'DD/MM/YYYY'
 * (what people type). Returns the ISO day, or null if it is not a real day.
 */
export function parseFecha(value: unknown): IsoDate | null {
  const text = str(value).trim();
  if (isValidIsoDate(text)) return text;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return parseIsoDate(iso) ? iso : null;
}

/** Whether a donor born on `fechaNacimiento` may join the CPH registry on `today` (EDAD_CPH_MIN..MAX). */
export function cumpleEdadCph(fechaNacimiento: IsoDate | null | undefined, today: IsoDate): boolean {
  if (!fechaNacimiento) return false;
  const age = yearsBetween(fechaNacimiento, today);
  return age >= EDAD_CPH_MIN && age <= EDAD_CPH_MAX;
}

/** Age in whole years on `today` within EDAD_DONANTE_MIN..EDAD_DONANTE_MAX. */
function edadPermitida(fechaNacimiento: IsoDate, today: IsoDate): boolean {
  const age = yearsBetween(fechaNacimiento, today);
  return age >= EDAD_DONANTE_MIN && age <= EDAD_DONANTE_MAX;
}

/** Required, a real day, and an age of 16 to 65 today unless it is the stored one, unchanged. */
export function validateFechaNacimiento(
  value: unknown,
  today: IsoDate,
  anterior: IsoDate | null = null,
): string | undefined {
  if (isBlank(value)) return MSG.fechaNacimientoRequerida;
  const iso = parseFecha(value);
  if (!iso) return MSG.fechaInvalida;
  if (anterior !== null && iso === anterior) return undefined;
  return edadPermitida(iso, today) ? undefined : MSG.edadDonante;
}

const nombreRule = validateRequeridoMax(DONANTE_MAX.nombre);
const apellidoRule = validateRequeridoMax(DONANTE_MAX.apellido);
const sexoRule = validateEnum(SEXOS);
const esVoluntarioRule = validateEnum(ES_VOLUNTARIO);
const provinciaActualRule = validateEnum(PROVINCIAS);
const provinciaNacimientoRule = validateEnum(PROVINCIAS, true);
const emailRule = (value: unknown) =>
  validateMaxLength(DONANTE_MAX.email)(value) ?? validateEmailOpcional(value);

/** Every donor field that travels as plain text (the REST shim maps them one to one). */
export const DONANTE_TEXT_FIELDS = [
  'nombre',
  'apellido',
  'dni',
  'sexo',
  'domActual',
  'domActualAltura',
  'domActualPiso',
  'domActualDepto',
  'localidadActual',
  'ProvinciaActual',
  'domDni',
  'localidadDni',
  'codPostal',
  'telefono',
  'telefono2',
  'email',
  'lugarNacimiento',
  'ProvinciaNacimiento',
  'nacionalidad',
  'ocupacion',
] as const;

/** The text fields without a rule of their own: only a length limit. */
const FREE_TEXT = [
  'domActual',
  'domActualAltura',
  'domActualPiso',
  'domActualDepto',
  'localidadActual',
  'domDni',
  'localidadDni',
  'codPostal',
  'telefono',
  'telefono2',
  'lugarNacimiento',
  'nacionalidad',
  'ocupacion',
] as const;

/** One validator per donor field, the same on the server and in the form. */
export const DONANTE_VALIDATORS: Record<string, (value: unknown, today: IsoDate) => string | undefined> = {
  nombre: nombreRule,
  apellido: apellidoRule,
  dni: validateDni,
  fechaNacimiento: validateFechaNacimiento,
  sexo: sexoRule,
  ProvinciaActual: provinciaActualRule,
  ProvinciaNacimiento: provinciaNacimientoRule,
  email: emailRule,
  esVoluntario: esVoluntarioRule,
  ...Object.fromEntries(FREE_TEXT.map((f) => [f, validateMaxLength(DONANTE_MAX[f])])),
};

const cphText = validateMaxLength(DONANTE_MAX.cph);
const cphEmail = (value: unknown) => cphText(value) ?? validateEmailOpcional(value);

/** Validator of one CPH sub-field, by its name inside the shape ('emailLaboral', 'Email', ...). */
export function cphValidator(name: string): (value: unknown) => string | undefined {
  return name === 'emailLaboral' || name === 'Email' ? cphEmail : cphText;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** CPH errors, named 'cph.emailLaboral', 'cph.contacto1.Email', ...; unknown keys are refused. */
export function validateCph(cph: unknown): FieldError[] {
  const list = new ErrorList();
  if (cph === undefined || cph === null) return list.errors;
  if (!isPlainObject(cph)) {
    list.add('cph', MSG.valorNoPermitido);
    return list.errors;
  }
  const allowed = new Set<string>([...CPH_FIELDS, ...CPH_CONTACTOS]);
  for (const key of Object.keys(cph)) if (!allowed.has(key)) list.add(`cph.${key}`, MSG.valorNoPermitido);
  const checkText = (field: string, name: string, value: unknown) => {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      list.add(field, MSG.valorNoPermitido);
      return;
    }
    const err = cphValidator(name)(value);
    if (err) list.add(field, err);
  };
  for (const f of CPH_FIELDS) checkText(`cph.${f}`, f, cph[f]);
  for (const c of CPH_CONTACTOS) {
    const contacto = cph[c];
    if (contacto === undefined || contacto === null) continue;
    if (!isPlainObject(contacto)) {
      list.add(`cph.${c}`, MSG.valorNoPermitido);
      continue;
    }
    const allowedContacto = new Set<string>(CPH_CONTACTO_FIELDS);
    for (const key of Object.keys(contacto)) {
      if (!allowedContacto.has(key)) list.add(`cph.${c}.${key}`, MSG.valorNoPermitido);
    }
    for (const f of CPH_CONTACTO_FIELDS) checkText(`cph.${c}.${f}`, f, contacto[f]);
  }
  return list.errors;
}

/** Every donor rule; an empty list means the donor may be saved. */
/**
 * Every rule of a donor's data. `fechaNacimientoAnterior`: the stored birth date of a donor being
 * edited; the age bounds apply when the birth date is entered or changed (an older donor's phone
 * can still be edited), and the donation's day is checked by the eligibility rules.
 */
export function validateDonante(
  data: DonanteData,
  today: IsoDate,
  { fechaNacimientoAnterior = null }: { fechaNacimientoAnterior?: IsoDate | null } = {},
): FieldError[] {
  const list = new ErrorList();
  const record = data as Record<string, unknown>;
  for (const [field, rule] of Object.entries(DONANTE_VALIDATORS)) {
    const value = record[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      list.add(field, MSG.valorNoPermitido);
      continue;
    }
    const err =
      field === 'fechaNacimiento'
        ? validateFechaNacimiento(value, today, fechaNacimientoAnterior)
        : rule(value, today);
    if (err) list.add(field, err);
  }
  for (const field of ['convocado', 'donacionAferesis', 'donacionAnterior'] as const) {
    const value = data[field];
    if (value !== undefined && value !== null && typeof value !== 'boolean') {
      list.add(field, MSG.valorNoPermitido);
    }
  }
  for (const e of validateCph(data.cph)) list.add(e.field, e.msg);
  return list.errors;
}

/** The CPH data with every key present (missing ones empty), trimmed. Call after validateCph. */
export function normalizeCph(cph: unknown): DonanteCphData {
  const out = emptyCph();
  if (!isPlainObject(cph)) return out;
  for (const f of CPH_FIELDS) out[f] = str(cph[f]).trim();
  for (const c of CPH_CONTACTOS) {
    const contacto = cph[c];
    if (!isPlainObject(contacto)) continue;
    for (const f of CPH_CONTACTO_FIELDS) out[c][f] = str(contacto[f]).trim();
  }
  return out;
}

/** The duplicate-DNI error, naming the donor who already has it. */
export function donanteDuplicadoMsg(dni: string, apellido: string, nombre: string): string {
  return `Ya existe un donante con DNI ${dni}: ${apellido}, ${nombre}`;
}

/** What the search results show when the donor cannot donate yet. */
export function puedeDonarDesdeMsg(fecha: IsoDate): string {
  return `Puede donar a partir del ${formatDate(fecha)}`;
}

/** 'Pérez, Juan' */
export function nombreCompleto(d: { apellido?: string | null; nombre?: string | null }): string {
  return [d.apellido, d.nombre].filter((s) => s && s.trim()).join(', ');
}
