import { Document, Page, Text, View } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { MSG } from '@domain/messages';
import { mm } from '@/imprimibles/format';
import { FONT, FONT_BOLD, RULE } from '@/imprimibles/pdf-styles';
import { entrevistaFileName } from '../entrevista-format';
import type { EntrevistaPdfData } from './types';

/** An answer as printed: Sí / No, the value, or blank (to be written by hand). */
export function valorImpreso(r: EntrevistaPdfData['respuestas'][number]): string {
  if (r.valor === null) return r.confidencial ? MSG.respuestaConfidencial : '';
  if (r.valor === 'SI') return 'Sí';
  if (r.valor === 'NO') return 'No';
  return r.valor;
}

const CONSENTIMIENTO = [
  'Fui informado/a en forma clara sobre la donación de sangre, sus beneficios y sus posibles efectos adversos (dolor o hematoma en la punción, mareos, desmayo), y pude hacer preguntas.',
  'Respondí con la verdad la entrevista predonación, que tiene carácter de declaración jurada.',
  'Acepto que mi sangre sea estudiada para detectar HIV, hepatitis B y C, HTLV I/II, sífilis, enfermedad de Chagas y brucelosis, y para determinar grupo ABO y factor Rh (Ley 22.990). Si algún resultado no es normal seré citado/a en forma personal y confidencial.',
  'Mi donación es voluntaria, altruista y no remunerada. Puedo interrumpirla en cualquier momento.',
];

function Firmas({ items }: { items: string[] }) {
  return (
    <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginTop: 28 }}>
      {items.map((i) => (
        <View key={i} style={{ width: '30%', borderTopWidth: 0.75, borderColor: '#000000', paddingTop: 2 }}>
          <Text style={{ fontSize: 8, textAlign: 'center' }}>{i}</Text>
        </View>
      ))}
    </View>
  );
}

/**
 * The visit's interview and the consent, A4, to be signed on paper: the servicio, the donor's
 * data, the date and time of the visit, every question as it was asked with its answer, the
 * sworn declaration and the consent, each with the donor's and the witness's signature lines.
 */
export function EntrevistaPdf({ data }: { data: EntrevistaPdfData }) {
  const d = data.donante;
  return (
    <Document title={entrevistaFileName(d.dni, data.visita.fecha)} language="es">
      <Page size="A4" style={{ fontFamily: FONT, fontSize: 9, padding: mm(14) }}>
        <Text style={{ fontFamily: FONT_BOLD, fontSize: 12 }}>{data.servicio.nombre}</Text>
        <Text style={{ fontFamily: FONT_BOLD, fontSize: 14, marginTop: 4 }}>Entrevista predonación</Text>
        <Text>Cuestionario de selección del donante · Declaración jurada · Información confidencial</Text>
        <View
          style={{
            borderTopWidth: 1,
            borderBottomWidth: 1,
            borderColor: RULE,
            paddingVertical: 4,
            marginTop: 6,
          }}
        >
          <Text>{`Donante: ${d.apellido}, ${d.nombre} · DNI ${d.dni}`}</Text>
          <Text>
            {`Fecha de nacimiento: ${d.fechaNacimiento ? formatDate(d.fechaNacimiento) : '—'} · Sexo: ${d.sexo ?? '—'}`}
          </Text>
          <Text>{`Visita del ${formatDate(data.visita.fecha)} a las ${data.visita.hora}`}</Text>
        </View>
        <View style={{ marginTop: 6 }}>
          {data.respuestas.map((r) => (
            <View
              key={r.orden}
              wrap={false}
              style={{ flexDirection: 'row', borderBottomWidth: 0.5, borderColor: RULE, paddingVertical: 2 }}
            >
              <Text style={{ width: 18 }}>{r.orden}</Text>
              <Text style={{ flex: 1, paddingRight: 6 }}>{r.texto}</Text>
              <Text style={{ width: 70, fontFamily: FONT_BOLD }}>{valorImpreso(r)}</Text>
            </View>
          ))}
        </View>
        <View wrap={false} style={{ marginTop: 8 }}>
          <Text style={{ fontFamily: FONT_BOLD }}>DECLARACIÓN JURADA</Text>
          <Text>
            Declaro bajo juramento que respondí con la verdad, que comprendí las preguntas y que no tengo
            motivos para pensar que mi sangre pueda perjudicar a otra persona.
          </Text>
          <Firmas items={['Firma del donante', 'Aclaración y DNI', 'Firma del testigo']} />
        </View>
        <View wrap={false} style={{ marginTop: 12 }}>
          <Text style={{ fontFamily: FONT_BOLD }}>CONSENTIMIENTO INFORMADO</Text>
          {CONSENTIMIENTO.map((c) => (
            <Text key={c} style={{ marginTop: 2 }}>{`• ${c}`}</Text>
          ))}
          <Firmas items={['Firma del donante', 'Aclaración y DNI', 'Firma del testigo']} />
        </View>
      </Page>
    </Document>
  );
}
