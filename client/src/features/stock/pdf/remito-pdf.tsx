import { Document, Image, Page, Text, View } from '@react-pdf/renderer';
import { TIPO_DESTINO_LABELS } from '@domain/despacho';
import { pngBarcodeMaker, safeBarcode, type BarcodeMaker } from '@/imprimibles/barcode';
import { mm } from '@/imprimibles/format';
import { FONT, FONT_BOLD, LIGHT, RULE } from '@/imprimibles/pdf-styles';
import { NOMBRE_PRODUCTO, grupoTexto, identificadorLegible } from '@/lib/componentes';
import { fechaTexto } from '../stock-format';
import { fechaHora, numeroDespacho, remitoFileName } from '../remito-format';
import type { RemitoData } from './types';

export type RemitoPdfProps = {
  data: RemitoData;
  /** Injectable so tests can make it fail (the identifier still prints). */
  barcodeMaker?: BarcodeMaker;
};

const COLS = { unidad: '36%', producto: '30%', grupo: '12%', volumen: '9%', vence: '13%' } as const;

/**
 * The dispatch note (remito), A4: the servicio and its facility code, the dispatch's number, date
 * and time, who dispatched and the destination; then one row per unit with its barcode (CODE128
 * of the identifier) and the identifier grouped for reading, product, ABO/Rh, volume and expiry;
 * the count and a line for whoever receives it.
 */
export function RemitoPdf({ data, barcodeMaker = pngBarcodeMaker }: RemitoPdfProps) {
  const tipo = TIPO_DESTINO_LABELS[data.destinoTipo];
  const destino = data.destinoNombre && data.destinoNombre !== tipo ? `${tipo}: ${data.destinoNombre}` : tipo;
  const celda = { fontSize: 9, paddingRight: 4 } as const;
  return (
    <Document title={remitoFileName(data.id)} language="es">
      <Page size="A4" style={{ fontFamily: FONT, fontSize: 10, padding: mm(15), paddingBottom: mm(18) }}>
        <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginBottom: 8 }}>
          <View style={{ flexShrink: 1 }}>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: 12 }}>{data.servicio.nombre}</Text>
            <Text>{`Instalación ${data.servicio.codigoInstalacion}`}</Text>
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: 14 }}>Remito de despacho</Text>
            <Text>{`N° ${numeroDespacho(data.id)}`}</Text>
          </View>
        </View>
        <View style={{ borderTopWidth: 1, borderBottomWidth: 1, borderColor: RULE, paddingVertical: 6 }}>
          <Text>{`Fecha y hora: ${fechaHora(data.despachadoEn)}`}</Text>
          <Text>{`Despachó: ${data.despachadoPor}`}</Text>
          <Text>{`Destino: ${destino}`}</Text>
          {data.destinoReferencia && <Text>{`Referencia: ${data.destinoReferencia}`}</Text>}
        </View>
        <View
          fixed
          style={{
            flexDirection: 'row',
            borderBottomWidth: 0.5,
            borderColor: RULE,
            paddingVertical: 4,
            marginTop: 6,
          }}
        >
          <Text style={{ ...celda, width: COLS.unidad, fontFamily: FONT_BOLD }}>Unidad</Text>
          <Text style={{ ...celda, width: COLS.producto, fontFamily: FONT_BOLD }}>Componente</Text>
          <Text style={{ ...celda, width: COLS.grupo, fontFamily: FONT_BOLD }}>Grupo</Text>
          <Text style={{ ...celda, width: COLS.volumen, fontFamily: FONT_BOLD }}>Volumen</Text>
          <Text style={{ ...celda, width: COLS.vence, fontFamily: FONT_BOLD }}>Vence</Text>
        </View>
        {data.unidades.map((u) => {
          const barcode = safeBarcode(barcodeMaker, u.codigo);
          return (
            <View
              key={u.codigo}
              wrap={false}
              style={{
                flexDirection: 'row',
                alignItems: 'center',
                borderBottomWidth: 0.5,
                borderColor: LIGHT,
                paddingVertical: 4,
              }}
            >
              <View style={{ width: COLS.unidad, paddingRight: 6 }}>
                {barcode && <Image src={barcode.src} style={{ width: mm(60), height: mm(9) }} />}
                <Text style={{ fontFamily: FONT_BOLD, fontSize: 9 }}>{identificadorLegible(u.codigo)}</Text>
              </View>
              <Text style={{ ...celda, width: COLS.producto }}>{NOMBRE_PRODUCTO[u.tipo]}</Text>
              <Text style={{ ...celda, width: COLS.grupo }}>{grupoTexto(u.abo, u.rh)}</Text>
              <Text style={{ ...celda, width: COLS.volumen }}>{`${u.volumen} ml`}</Text>
              <Text style={{ ...celda, width: COLS.vence }}>{fechaTexto(u.venceEn)}</Text>
            </View>
          );
        })}
        <Text style={{ marginTop: 8, fontFamily: FONT_BOLD }}>
          {`${data.unidades.length} ${data.unidades.length === 1 ? 'unidad' : 'unidades'}`}
        </Text>
        <View
          wrap={false}
          style={{ flexDirection: 'row', justifyContent: 'space-between', marginTop: mm(15) }}
        >
          <Text>Entregó: ______________________________</Text>
          <Text>Recibió: ______________________________</Text>
        </View>
        <Text
          fixed
          style={{
            position: 'absolute',
            bottom: mm(8),
            left: mm(15),
            right: mm(15),
            fontSize: 8,
            textAlign: 'right',
          }}
          render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`}
        />
      </Page>
    </Document>
  );
}
