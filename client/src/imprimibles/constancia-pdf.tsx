import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { constanciaFileName, mm, nombreCompleto } from './format';
import { huellaDonaciones } from './huella';
import { FONT, FONT_BOLD } from './pdf-styles';
import type { ConstanciaPdfData, MedicoFirmante } from './types';

/** The leave a donation entitles (Ley 22.990, art. 47), as the certificate states it. */
export const LICENCIA_LEY_22990 =
  'Conforme al artículo 47 de la Ley 22.990, el donante tiene derecho a justificar su inasistencia laboral ' +
  'por 24 horas, incluido el día de la donación.';

/** 'Sangre entera' or 'Aféresis': the kind of donation, as printed. */
export const tipoDonacionTexto = (aferesis: boolean): string => (aferesis ? 'Aféresis' : 'Sangre entera');

const styles = StyleSheet.create({
  page: { fontFamily: FONT, fontSize: 10.5, padding: mm(14), lineHeight: 1.4 },
  header: { borderBottomWidth: 1.5, paddingBottom: 5, marginBottom: 12 },
  servicio: { fontFamily: FONT_BOLD, fontSize: 12 },
  muted: { fontSize: 8.5, color: '#333333' },
  title: { fontFamily: FONT_BOLD, fontSize: 16, textAlign: 'center', marginBottom: 12, letterSpacing: 0.5 },
  row: { flexDirection: 'row', marginBottom: 4 },
  label: { fontFamily: FONT_BOLD, marginRight: 4 },
  paragraph: { marginTop: 8, textAlign: 'justify' },
  leave: { marginTop: 10, borderWidth: 1.5, padding: 6, fontFamily: FONT_BOLD },
  signature: { marginTop: 36, alignSelf: 'flex-end', width: mm(70), borderTopWidth: 1, paddingTop: 3 },
  center: { textAlign: 'center' },
  footer: {
    position: 'absolute',
    bottom: mm(8),
    left: mm(14),
    right: mm(14),
    fontSize: 7.5,
    color: '#555555',
  },
});

function Field({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row}>
      <Text style={styles.label}>{label}:</Text>
      <Text>{value}</Text>
    </View>
  );
}

/** 'Dra. Ana Gómez' is left to the person: the name as recorded, then the licence. */
const nombreMedico = (m: MedicoFirmante) => [m.nombre, m.apellido].filter(Boolean).join(' ');

export type ConstanciaPdfProps = { data: ConstanciaPdfData };

/**
 * The certificate of a donation (A5): the servicio, the donor's name and DNI, the date and time,
 * the kind, the justified absence of Ley 22.990 art. 47, the signing doctor and licence, and the
 * donation's register book fingerprint (huella.ts) to check a copy against the records. A 'No apto'
 * visit's states attendance only: no donation, no leave, no fingerprint.
 */
export function ConstanciaPdf({ data }: ConstanciaPdfProps) {
  const { servicio, donante, medico } = data;
  const donacion = data.tipo === 'donacion' ? data.donacion : null;
  const cuando = donacion ?? (data.tipo === 'asistencia' ? data.visita : null)!;
  const nombre = `${donante.nombre.trim()} ${donante.apellido.trim()}`;
  return (
    <Document title={constanciaFileName(donante.dni, cuando.fecha)} language="es">
      <Page size="A5" style={styles.page}>
        <View style={styles.header}>
          <Text style={styles.servicio}>{servicio.nombre}</Text>
          {servicio.direccion ? <Text style={styles.muted}>{servicio.direccion}</Text> : null}
          {servicio.telefono ? <Text style={styles.muted}>{`Tel.: ${servicio.telefono}`}</Text> : null}
        </View>
        <Text style={styles.title}>{donacion ? 'Constancia de donación' : 'Constancia de asistencia'}</Text>

        <Field label="Donante" value={nombreCompleto(donante)} />
        <Field label="DNI" value={donante.dni} />
        <Field label="Fecha" value={formatDate(cuando.fecha)} />
        <Field label="Hora" value={cuando.hora} />
        {donacion ? (
          <>
            <Field label="Tipo de donación" value={tipoDonacionTexto(donacion.aferesis)} />
            <Field label="Donación N°" value={String(donacion.numero)} />
            <Text style={styles.paragraph}>
              {`Se deja constancia de que ${nombre}, DNI ${donante.dni}, donó sangre (${tipoDonacionTexto(donacion.aferesis).toLowerCase()}) en este servicio el ${formatDate(donacion.fecha)} a las ${donacion.hora}.`}
            </Text>
            <Text style={styles.leave}>{LICENCIA_LEY_22990}</Text>
          </>
        ) : (
          <Text style={styles.paragraph}>
            {`Se deja constancia de que ${nombre}, DNI ${donante.dni}, concurrió a este servicio el ${formatDate(cuando.fecha)} a las ${cuando.hora}. Se extiende la presente constancia de asistencia.`}
          </Text>
        )}

        <View style={styles.signature}>
          <Text style={styles.center}>{nombreMedico(medico)}</Text>
          <Text style={styles.center}>{`Médico - Matrícula ${medico.matricula ?? 'sin registrar'}`}</Text>
        </View>

        <View style={styles.footer} fixed>
          {donacion ? (
            <Text>{`Huella: ${huellaDonaciones([donacion])} (la de la donación N° ${donacion.numero} en el libro de registro, para verificar esta copia)`}</Text>
          ) : null}
          <Text>{`Emitida el ${formatDate(isoDia(data.emitida))}`}</Text>
        </View>
      </Page>
    </Document>
  );
}

/** A date as 'YYYY-MM-DD' in local time (when the certificate was printed). */
function isoDia(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
