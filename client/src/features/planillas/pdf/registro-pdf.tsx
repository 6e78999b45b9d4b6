import { Document, Page, Text, View } from '@react-pdf/renderer';
import { formatDateTime } from '@domain/dates';
import { mm } from '@/imprimibles/format';
import { FONT, FONT_BOLD, INK, LIGHT, RULE } from '@/imprimibles/pdf-styles';
import {
  columnasDe,
  filasDe,
  periodoRegistro,
  registroFileName,
  SIN_FILAS,
  TITULO_REGISTRO,
  type RegistroPdfData,
} from '../registros-format';

const SIZE = { body: 7.5, head: 7.5, title: 13 };

/**
 * A period's register (discarded units, or dispatches), A4 landscape like the register book: on
 * every sheet the servicio, the register's name, the period, 'Hoja X de Y' and the column heads;
 * then one row per unit, a row never split between sheets (a long detail wraps inside its cell).
 * The dispatch register prints each dispatch's own cells on its first unit's row.
 */
export function RegistroPdf({ data }: { data: RegistroPdfData }) {
  const columnas = columnasDe(data.clave);
  const filas = filasDe(data, true);
  const titulo = TITULO_REGISTRO[data.clave];
  const contacto = [data.servicio.direccion, data.servicio.telefono ? `Tel. ${data.servicio.telefono}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Document
      title={registroFileName(data.clave, data.desde, data.hasta, 'pdf')}
      author={data.servicio.nombre}
      language="es"
    >
      <Page
        size="A4"
        orientation="landscape"
        style={{
          fontFamily: FONT,
          fontSize: SIZE.body,
          color: INK,
          paddingTop: mm(10),
          paddingBottom: mm(14),
          paddingHorizontal: mm(10),
        }}
      >
        <View
          fixed
          style={{
            flexDirection: 'row',
            justifyContent: 'space-between',
            borderBottomWidth: 1.2,
            borderBottomColor: INK,
            paddingBottom: 5,
          }}
        >
          <View style={{ maxWidth: '55%' }}>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: 10 }}>{data.servicio.nombre}</Text>
            {contacto !== '' && <Text style={{ marginTop: 2 }}>{contacto}</Text>}
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: SIZE.title }}>{titulo}</Text>
            <Text style={{ marginTop: 2 }}>{periodoRegistro(data.desde, data.hasta)}</Text>
            <Text
              style={{ marginTop: 2 }}
              render={({ pageNumber, totalPages }) => `Hoja ${pageNumber} de ${totalPages}`}
            />
          </View>
        </View>
        <View
          fixed
          style={{
            flexDirection: 'row',
            borderBottomWidth: 0.75,
            borderBottomColor: INK,
            paddingVertical: 3,
          }}
        >
          {columnas.map((c) => (
            <Text
              key={c.head}
              style={{
                fontFamily: FONT_BOLD,
                fontSize: SIZE.head,
                width: mm(c.mm),
                paddingRight: 3,
                textAlign: c.num ? 'right' : 'left',
              }}
            >
              {c.head}
            </Text>
          ))}
        </View>
        {filas.length === 0 ? (
          <Text style={{ marginTop: 6 }}>{SIN_FILAS[data.clave]}</Text>
        ) : (
          filas.map((fila, i) => (
            <View
              key={i}
              wrap={false}
              style={{
                flexDirection: 'row',
                borderBottomWidth: 0.4,
                // A new dispatch starts with a darker rule.
                borderBottomColor:
                  data.clave === 'despachos' && filas[i + 1] && filas[i + 1][0] !== '' ? RULE : LIGHT,
                paddingVertical: 2.5,
              }}
            >
              {fila.map((valor, j) => (
                <Text
                  key={j}
                  style={{
                    width: mm(columnas[j].mm),
                    paddingRight: 3,
                    textAlign: columnas[j].num ? 'right' : 'left',
                  }}
                >
                  {String(valor)}
                </Text>
              ))}
            </View>
          ))
        )}
        <Text
          fixed
          style={{ position: 'absolute', bottom: mm(7), left: mm(10), fontSize: 7, color: RULE }}
        >{`Generado el ${formatDateTime(data.generado)} · ${titulo}`}</Text>
      </Page>
    </Document>
  );
}
