import type { ReactNode } from 'react';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { CPH_BOXES, CPH_CAMPOS, fitBoxes, type CphCampo } from './cph-campos';
import { cphFileName, mm } from './format';
import { FONT, FONT_BOLD } from './pdf-styles';
import type { CphPdfData, CphPage } from './types';

export { CPH_BOXES, fitBoxes, type CphBoxField } from './cph-campos';

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
  mark: { fontFamily: FONT_BOLD, fontSize: 9, lineHeight: 1 },
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

/** A field's label over its row of boxes, one character each (CPH_CAMPOS says which and how many). */
function Boxes({ campo, data }: { campo: CphCampo; data: CphPdfData }) {
  const count = CPH_BOXES[campo.cajas];
  const chars = fitBoxes(campo.valor(data), count);
  return (
    <View style={styles.field}>
      <Text style={styles.label}>{campo.etiqueta}</Text>
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
        {/* A line as tall as the box or less: a taller one would not fit inside it and not be drawn. */}
        <Text style={styles.mark}>{checked ? 'X' : ''}</Text>
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

function Footer({ data }: { data: CphPdfData }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{`DNI del donante: ${data.donante.dni}`}</Text>
      <Text>{data.servicio.nombre}</Text>
    </View>
  );
}

function PersonalPage({ data }: { data: CphPdfData }) {
  const d = data.donante;
  const c = CPH_CAMPOS.donante;
  return (
    <Page size="A4" style={styles.page}>
      <Header pagina={1} />
      <Text style={styles.section}>1. Datos personales</Text>
      <Boxes campo={c.apellido} data={data} />
      <Boxes campo={c.nombre} data={data} />
      <View style={styles.inline}>
        <Boxes campo={c.dni} data={data} />
        <Boxes campo={c.fechaNacimiento} data={data} />
      </View>
      <View style={[styles.field, { flexDirection: 'row', alignItems: 'center' }]}>
        <Text style={[styles.label, { marginRight: 8, marginBottom: 0 }]}>Sexo</Text>
        <Check checked={d.sexo === 'Femenino'}>Femenino</Check>
        <Check checked={d.sexo === 'Masculino'}>Masculino</Check>
      </View>
      <Boxes campo={c.nacionalidad} data={data} />
      <Boxes campo={c.lugarNacimiento} data={data} />
      <Boxes campo={c.provinciaNacimiento} data={data} />
      <Boxes campo={c.ocupacion} data={data} />
      <Text style={styles.section}>2. Domicilio actual</Text>
      <Boxes campo={c.calle} data={data} />
      <View style={styles.inline}>
        <Boxes campo={c.altura} data={data} />
        <Boxes campo={c.piso} data={data} />
        <Boxes campo={c.depto} data={data} />
        <Boxes campo={c.codPostal} data={data} />
      </View>
      <Boxes campo={c.localidad} data={data} />
      <Boxes campo={c.provincia} data={data} />
      <View style={styles.inline}>
        <Boxes campo={c.telefono} data={data} />
        <Boxes campo={c.telefono2} data={data} />
      </View>
      <Boxes campo={c.email} data={data} />
      <Footer data={data} />
    </Page>
  );
}

function Contacto({
  titulo,
  campos: c,
  data,
}: {
  titulo: string;
  campos: typeof CPH_CAMPOS.contacto1;
  data: CphPdfData;
}) {
  return (
    <View>
      <Text style={styles.section}>{titulo}</Text>
      <Boxes campo={c.apellido} data={data} />
      <Boxes campo={c.nombre} data={data} />
      <View style={styles.inline}>
        <Boxes campo={c.telefono} data={data} />
        <Boxes campo={c.relacion} data={data} />
      </View>
      <Boxes campo={c.email} data={data} />
    </View>
  );
}

function ContactsPage({ data }: { data: CphPdfData }) {
  const c = CPH_CAMPOS.laborales;
  return (
    <Page size="A4" style={styles.page}>
      <Header pagina={2} />
      <Text style={[styles.paragraph, { marginTop: 4 }]}>
        Personas de contacto que no vivan con el donante, para ubicarlo si cambiara sus datos.
      </Text>
      <Contacto titulo="3. Contacto 1" campos={CPH_CAMPOS.contacto1} data={data} />
      <Contacto titulo="4. Contacto 2" campos={CPH_CAMPOS.contacto2} data={data} />
      <Text style={styles.section}>5. Datos laborales</Text>
      <Boxes campo={c.establecimiento} data={data} />
      <Boxes campo={c.telefono} data={data} />
      <Boxes campo={c.email} data={data} />
      <Footer data={data} />
    </Page>
  );
}

function ConsentPage({ data }: { data: CphPdfData }) {
  const d = data.donante;
  const c = CPH_CAMPOS.agente;
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
      <Boxes campo={c.apellido} data={data} />
      <Boxes campo={c.nombre} data={data} />
      <Boxes campo={c.matricula} data={data} />
      <Boxes campo={c.servicio} data={data} />
      <View style={styles.signRow}>
        <Text style={styles.sign}>Firma y sello del agente de captación</Text>
      </View>
      <Footer data={data} />
    </Page>
  );
}

export type CphPdfProps = { data: CphPdfData; pages?: CphPage[] };

/** Pages 1, 2 and 3 of the CPH registry form (all three by default). */
export function CphPdf({ data, pages = [1, 2, 3] }: CphPdfProps) {
  return (
    // The tab showing it is titled with the name the file is saved under.
    <Document title={cphFileName(data.donante.dni, pages.length === 1 ? pages[0] : undefined)} language="es">
      {pages.includes(1) ? <PersonalPage data={data} /> : null}
      {pages.includes(2) ? <ContactsPage data={data} /> : null}
      {pages.includes(3) ? <ConsentPage data={data} /> : null}
    </Document>
  );
}
