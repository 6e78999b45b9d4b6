import type { ReactNode } from 'react';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate, parseIsoDate } from '@domain/dates';
import { mm } from './format';
import { FONT, FONT_BOLD } from './pdf-styles';
import type { CphContacto, CphFormData, CphPage } from './types';

/** Character boxes per field of the INCUCAI CPH registry form: longer values are cut. */
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

/** Upper-case and cut to the box count (by character, so 'Ñ' takes one box). */
export function fitBoxes(value: string | null | undefined, boxes: number): string[] {
  const chars = Array.from((value ?? '').trim().toLocaleUpperCase('es-AR'));
  return chars.slice(0, boxes);
}

const BOX_W = 14.5;
const BOX_H = 17;
const BOX_BORDER = 0.75;
/** Distance between neighbouring boxes (they share a border). */
export const CPH_BOX_STEP = BOX_W - BOX_BORDER;

const styles = StyleSheet.create({
  page: { fontFamily: FONT, fontSize: 9, paddingVertical: mm(12), paddingHorizontal: mm(15) },
  header: { borderWidth: 1.5, padding: 6, marginBottom: 8, alignItems: 'center' },
  h1: { fontFamily: FONT_BOLD, fontSize: 12, textAlign: 'center' },
  h2: { fontSize: 9, textAlign: 'center', marginTop: 2 },
  section: {
    fontFamily: FONT_BOLD,
    fontSize: 10,
    backgroundColor: '#e6e6e6',
    paddingVertical: 2,
    paddingHorizontal: 4,
    marginTop: 8,
    marginBottom: 4,
  },
  field: { marginBottom: 5 },
  label: { fontSize: 7.5, marginBottom: 1.5 },
  boxes: { flexDirection: 'row' },
  box: {
    width: BOX_W,
    height: BOX_H,
    borderWidth: BOX_BORDER,
    marginRight: -BOX_BORDER,
    alignItems: 'center',
    justifyContent: 'center',
  },
  char: { fontFamily: FONT_BOLD, fontSize: 10 },
  // a gap of one and a half boxes keeps neighbouring fields visibly apart
  inline: { flexDirection: 'row', gap: CPH_BOX_STEP * 1.5 },
  paragraph: { fontSize: 9, lineHeight: 1.4, marginBottom: 6, textAlign: 'justify' },
  check: {
    width: 11,
    height: 11,
    borderWidth: 1,
    alignItems: 'center',
    justifyContent: 'center',
    marginRight: 4,
  },
  signRow: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 36 },
  sign: { width: mm(70), borderTopWidth: 1, paddingTop: 3, textAlign: 'center', fontSize: 8.5 },
  footer: {
    position: 'absolute',
    bottom: mm(6),
    left: mm(15),
    right: mm(15),
    fontSize: 7.5,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

function Boxes({
  label,
  field,
  value,
}: {
  label: string;
  field: CphBoxField;
  value: string | null | undefined;
}) {
  const count = CPH_BOXES[field];
  const chars = fitBoxes(value, count);
  return (
    <View style={styles.field}>
      <Text style={styles.label}>{label}</Text>
      <View style={styles.boxes}>
        {Array.from({ length: count }, (_, i) => (
          <View key={i} style={styles.box}>
            <Text style={styles.char}>{chars[i] ?? ''}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

function Check({ checked, children }: { checked: boolean; children: ReactNode }) {
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', marginRight: 14 }}>
      <View style={styles.check}>
        <Text style={{ fontFamily: FONT_BOLD, fontSize: 9 }}>{checked ? 'X' : ''}</Text>
      </View>
      <Text>{children}</Text>
    </View>
  );
}

function Header({ pagina }: { pagina: CphPage }) {
  return (
    <View style={styles.header}>
      <Text style={styles.h1}>
        INCUCAI - Registro Nacional de Donantes de Células Progenitoras Hematopoyéticas
      </Text>
      <Text style={styles.h2}>{`Formulario de inscripción del donante - Página ${pagina} de 3`}</Text>
      <Text style={[styles.h2, { fontSize: 7.5 }]}>
        Completar en letra de imprenta mayúscula, un carácter por casillero
      </Text>
    </View>
  );
}

function Footer({ data }: { data: CphFormData }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{`DNI del donante: ${data.donante.dni}`}</Text>
      <Text>{data.servicio.nombre}</Text>
    </View>
  );
}

/** fechaNacimiento as DDMMYYYY in 8 boxes. */
function fechaBoxes(date: string | null): string {
  if (!date || !parseIsoDate(date)) return '';
  return formatDate(date).replaceAll('/', '');
}

function PersonalPage({ data }: { data: CphFormData }) {
  const d = data.donante;
  return (
    <Page size="A4" style={styles.page}>
      <Header pagina={1} />
      <Text style={styles.section}>1. Datos personales</Text>
      <Boxes label="Apellido/s" field="apellido" value={d.apellido} />
      <Boxes label="Nombre/s" field="nombre" value={d.nombre} />
      <View style={styles.inline}>
        <Boxes label="DNI" field="dni" value={d.dni} />
        <Boxes
          label="Fecha de nacimiento (DD MM AAAA)"
          field="fechaNacimiento"
          value={fechaBoxes(d.fechaNacimiento)}
        />
      </View>
      <View style={[styles.field, { flexDirection: 'row', alignItems: 'center' }]}>
        <Text style={[styles.label, { marginRight: 8, marginBottom: 0 }]}>Sexo</Text>
        <Check checked={d.sexo === 'Femenino'}>Femenino</Check>
        <Check checked={d.sexo === 'Masculino'}>Masculino</Check>
      </View>
      <Boxes label="Nacionalidad" field="nacionalidad" value={d.nacionalidad} />
      <Boxes label="Lugar de nacimiento" field="lugarNacimiento" value={d.lugarNacimiento} />
      <Boxes label="Provincia de nacimiento" field="provincia" value={d.ProvinciaNacimiento} />
      <Boxes label="Ocupación" field="ocupacion" value={d.ocupacion} />
      <Text style={styles.section}>2. Domicilio actual</Text>
      <Boxes label="Calle" field="domicilio" value={d.domActual} />
      <View style={styles.inline}>
        <Boxes label="Número" field="altura" value={d.domActualAltura} />
        <Boxes label="Piso" field="piso" value={d.domActualPiso} />
        <Boxes label="Depto." field="depto" value={d.domActualDepto} />
        <Boxes label="Código postal" field="codPostal" value={d.codPostal} />
      </View>
      <Boxes label="Localidad" field="localidad" value={d.localidadActual} />
      <Boxes label="Provincia" field="provincia" value={d.ProvinciaActual} />
      <View style={styles.inline}>
        <Boxes label="Teléfono" field="telefono" value={d.telefono} />
        <Boxes label="Teléfono alternativo" field="telefono" value={d.telefono2} />
      </View>
      <Boxes label="Correo electrónico" field="email" value={d.email} />
      <Footer data={data} />
    </Page>
  );
}

function Contacto({ titulo, contacto }: { titulo: string; contacto: CphContacto | null }) {
  return (
    <View>
      <Text style={styles.section}>{titulo}</Text>
      <Boxes label="Apellido/s" field="apellido" value={contacto?.apellido} />
      <Boxes label="Nombre/s" field="nombre" value={contacto?.nombre} />
      <View style={styles.inline}>
        <Boxes label="Teléfono" field="telefono" value={contacto?.telefono} />
        <Boxes label="Relación con el donante" field="relacion" value={contacto?.relacion} />
      </View>
      <Boxes label="Correo electrónico" field="email" value={contacto?.email} />
    </View>
  );
}

function ContactsPage({ data }: { data: CphFormData }) {
  const cph = data.donante.cph;
  return (
    <Page size="A4" style={styles.page}>
      <Header pagina={2} />
      <Text style={[styles.paragraph, { marginTop: 4 }]}>
        Personas de contacto que no vivan con el donante, para ubicarlo si cambiara sus datos.
      </Text>
      <Contacto titulo="3. Contacto 1" contacto={cph?.contacto1 ?? null} />
      <Contacto titulo="4. Contacto 2" contacto={cph?.contacto2 ?? null} />
      <Text style={styles.section}>5. Datos laborales</Text>
      <Boxes label="Establecimiento laboral" field="establecimiento" value={cph?.establecimientoLaboral} />
      <Boxes label="Teléfono laboral" field="telefono" value={cph?.telefonoLaboral} />
      <Boxes label="Correo electrónico laboral" field="email" value={cph?.emailLaboral} />
      <Footer data={data} />
    </Page>
  );
}

function ConsentPage({ data }: { data: CphFormData }) {
  const d = data.donante;
  const agente = data.agente;
  return (
    <Page size="A4" style={styles.page}>
      <Header pagina={3} />
      <Text style={styles.section}>6. Consentimiento informado</Text>
      <Text style={styles.paragraph}>
        {`Yo, ${d.apellido}, ${d.nombre}, DNI ${d.dni}, declaro que he sido informado/a sobre el Registro Nacional de ` +
          'Donantes de Células Progenitoras Hematopoyéticas, sus fines y el procedimiento de donación, y que presto mi ' +
          'consentimiento para ser inscripto/a en él, para que se tome una muestra de sangre destinada a la tipificación ' +
          'HLA y para que mis datos sean incorporados al registro y utilizados con la confidencialidad que establece la ley.'}
      </Text>
      <Text style={styles.paragraph}>
        Me comprometo a informar cualquier cambio de domicilio o de teléfono. Sé que puedo retirarme del
        registro en cualquier momento comunicándolo al INCUCAI.
      </Text>
      <View style={styles.signRow}>
        <Text style={styles.sign}>Firma del donante</Text>
        <Text style={styles.sign}>Aclaración</Text>
      </View>
      <Text
        style={[styles.paragraph, { marginTop: 10 }]}
      >{`Lugar y fecha: ____________________, ${formatDate(data.fecha)}`}</Text>
      <Text style={styles.section}>7. Agente de captación</Text>
      <Boxes label="Apellido/s" field="apellido" value={agente?.apellido} />
      <Boxes label="Nombre/s" field="nombre" value={agente?.nombre} />
      <Boxes label="Matrícula" field="matricula" value={agente?.matricula} />
      <Boxes label="Servicio / centro de captación" field="servicio" value={data.servicio.nombre} />
      <View style={styles.signRow}>
        <Text style={styles.sign}>Firma y sello del agente de captación</Text>
      </View>
      <Footer data={data} />
    </Page>
  );
}

export type CphFormsProps = { data: CphFormData; pages?: CphPage[] };

/** Pages 1, 2 and 3 of the CPH registry form (all three by default). */
export function CphForms({ data, pages = [1, 2, 3] }: CphFormsProps) {
  return (
    <Document title={`Registro CPH ${data.donante.dni}`} language="es">
      {pages.includes(1) ? <PersonalPage data={data} /> : null}
      {pages.includes(2) ? <ContactsPage data={data} /> : null}
      {pages.includes(3) ? <ConsentPage data={data} /> : null}
    </Document>
  );
}
