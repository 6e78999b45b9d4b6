/**
 * The boxed fields of the INCUCAI CPH registry form, once: how many character boxes each has,
 * its label and the value it prints. The PDF (cph-pdf.tsx) draws them from here and the /cph
 * screen warns from here about values the boxes will cut. No @react-pdf import: screens use it.
 */
import { formatDate, parseIsoDate } from '@domain/dates';
import type { CphContacto, CphPdfData, CphPage } from './types';

/** Character boxes per kind of field of the form: longer values are cut. */
export const CPH_BOXES = {
  apellido: 33,
  nombre: 27,
  dni: 9,
  fechaNacimiento: 8,
  nacionalidad: 20,
  lugarNacimiento: 24,
  provincia: 24,
  domicilio: 25,
  altura: 5,
  piso: 3,
  depto: 3,
  localidad: 24,
  codPostal: 8,
  telefono: 20,
  email: 33,
  ocupacion: 24,
  establecimiento: 33,
  relacion: 20,
  matricula: 10,
  servicio: 33,
} as const;

export type CphBoxField = keyof typeof CPH_BOXES;

/** The characters a value takes in the boxes: trimmed and upper-case ('Ñ' is one box). */
function boxChars(value: string | null | undefined): string[] {
  return Array.from((value ?? '').trim().toLocaleUpperCase('es-AR'));
}

/** Upper-case and cut to the box count (by character, so 'Ñ' takes one box). */
export function fitBoxes(value: string | null | undefined, boxes: number): string[] {
  return boxChars(value).slice(0, boxes);
}

/** One boxed field as printed: its label on the form, the boxes it has and the value it takes. */
export type CphCampo = {
  pagina: CphPage;
  /** The form's section, to tell apart fields with the same label (the donor's, a contact's). */
  seccion: string;
  etiqueta: string;
  cajas: CphBoxField;
  valor: (data: CphPdfData) => string | null | undefined;
};

/** fechaNacimiento as DDMMYYYY in 8 boxes. */
function fechaBoxes(date: string | null): string {
  if (!date || !parseIsoDate(date)) return '';
  return formatDate(date).replaceAll('/', '');
}

const campo = (
  pagina: CphPage,
  seccion: string,
  etiqueta: string,
  cajas: CphBoxField,
  valor: CphCampo['valor'],
): CphCampo => ({ pagina, seccion, etiqueta, cajas, valor });

const contacto = (n: 1 | 2) => {
  const seccion = `Contacto ${n}`;
  const de = (data: CphPdfData): CphContacto | null =>
    (n === 1 ? data.donante.cph?.contacto1 : data.donante.cph?.contacto2) ?? null;
  return {
    apellido: campo(2, seccion, 'Apellido/s', 'apellido', (d) => de(d)?.apellido),
    nombre: campo(2, seccion, 'Nombre/s', 'nombre', (d) => de(d)?.nombre),
    telefono: campo(2, seccion, 'Teléfono', 'telefono', (d) => de(d)?.telefono),
    relacion: campo(2, seccion, 'Relación con el donante', 'relacion', (d) => de(d)?.relacion),
    email: campo(2, seccion, 'Correo electrónico', 'email', (d) => de(d)?.email),
  };
};

const PERSONALES = 'Datos personales';
const DOMICILIO = 'Domicilio actual';
const LABORALES = 'Datos laborales';
const AGENTE = 'Agente de captación';

/** Every boxed field of pages 1, 2 and 3, grouped as the form lays them out. */
export const CPH_CAMPOS = {
  donante: {
    apellido: campo(1, PERSONALES, 'Apellido/s', 'apellido', (d) => d.donante.apellido),
    nombre: campo(1, PERSONALES, 'Nombre/s', 'nombre', (d) => d.donante.nombre),
    dni: campo(1, PERSONALES, 'DNI', 'dni', (d) => d.donante.dni),
    fechaNacimiento: campo(1, PERSONALES, 'Fecha de nacimiento (DD MM AAAA)', 'fechaNacimiento', (d) =>
      fechaBoxes(d.donante.fechaNacimiento),
    ),
    nacionalidad: campo(1, PERSONALES, 'Nacionalidad', 'nacionalidad', (d) => d.donante.nacionalidad),
    lugarNacimiento: campo(
      1,
      PERSONALES,
      'Lugar de nacimiento',
      'lugarNacimiento',
      (d) => d.donante.lugarNacimiento,
    ),
    provinciaNacimiento: campo(
      1,
      PERSONALES,
      'Provincia de nacimiento',
      'provincia',
      (d) => d.donante.ProvinciaNacimiento,
    ),
    ocupacion: campo(1, PERSONALES, 'Ocupación', 'ocupacion', (d) => d.donante.ocupacion),
    calle: campo(1, DOMICILIO, 'Calle', 'domicilio', (d) => d.donante.domActual),
    altura: campo(1, DOMICILIO, 'Número', 'altura', (d) => d.donante.domActualAltura),
    piso: campo(1, DOMICILIO, 'Piso', 'piso', (d) => d.donante.domActualPiso),
    depto: campo(1, DOMICILIO, 'Depto.', 'depto', (d) => d.donante.domActualDepto),
    codPostal: campo(1, DOMICILIO, 'Código postal', 'codPostal', (d) => d.donante.codPostal),
    localidad: campo(1, DOMICILIO, 'Localidad', 'localidad', (d) => d.donante.localidadActual),
    provincia: campo(1, DOMICILIO, 'Provincia', 'provincia', (d) => d.donante.ProvinciaActual),
    telefono: campo(1, DOMICILIO, 'Teléfono', 'telefono', (d) => d.donante.telefono),
    telefono2: campo(1, DOMICILIO, 'Teléfono alternativo', 'telefono', (d) => d.donante.telefono2),
    email: campo(1, DOMICILIO, 'Correo electrónico', 'email', (d) => d.donante.email),
  },
  contacto1: contacto(1),
  contacto2: contacto(2),
  laborales: {
    establecimiento: campo(
      2,
      LABORALES,
      'Establecimiento laboral',
      'establecimiento',
      (d) => d.donante.cph?.establecimientoLaboral,
    ),
    telefono: campo(2, LABORALES, 'Teléfono laboral', 'telefono', (d) => d.donante.cph?.telefonoLaboral),
    email: campo(2, LABORALES, 'Correo electrónico laboral', 'email', (d) => d.donante.cph?.emailLaboral),
  },
  agente: {
    apellido: campo(3, AGENTE, 'Apellido/s', 'apellido', (d) => d.agente?.apellido),
    nombre: campo(3, AGENTE, 'Nombre/s', 'nombre', (d) => d.agente?.nombre),
    matricula: campo(3, AGENTE, 'Matrícula', 'matricula', (d) => d.agente?.matricula),
    servicio: campo(3, AGENTE, 'Servicio / centro de captación', 'servicio', (d) => d.servicio.nombre),
  },
} as const;

/** A field whose value has more characters than the form has boxes for it. */
export type CampoCortado = { campo: CphCampo; caracteres: number; cajas: number };

/** The fields of the given pages (all three by default) that the form will cut, in form order. */
export function camposCortados(data: CphPdfData, paginas: readonly CphPage[] = [1, 2, 3]): CampoCortado[] {
  const todos = Object.values(CPH_CAMPOS).flatMap((grupo) => Object.values(grupo) as CphCampo[]);
  return todos
    .filter((c) => paginas.includes(c.pagina))
    .map((c) => ({ campo: c, caracteres: boxChars(c.valor(data)).length, cajas: CPH_BOXES[c.cajas] }))
    .filter((c) => c.caracteres > c.cajas);
}

/** The warning for one cut field, in Spanish, naming the field and its box count. */
export function avisoCorte({ campo: c, caracteres, cajas }: CampoCortado): string {
  return (
    `${c.etiqueta} (${c.seccion}, página ${c.pagina}): tiene ${caracteres} caracteres y el formulario ` +
    `tiene ${cajas} casilleros; se imprimirán solo los primeros ${cajas}.`
  );
}
