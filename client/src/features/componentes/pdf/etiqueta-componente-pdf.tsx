import { Document, Image, Page, Text, View } from '@react-pdf/renderer';
import { pngBarcodeMaker, safeBarcode, type BarcodeImage, type BarcodeMaker } from '@/imprimibles/barcode';
import { chunk, mm } from '@/imprimibles/format';
import { FONT, FONT_BOLD, LIGHT } from '@/imprimibles/pdf-styles';
import {
  NOMBRE_PRODUCTO,
  advertenciaEtiqueta,
  agruparIdentificador,
  etiquetasComponentesFileName,
  formatFecha,
  formatRhD,
  formatVencimiento,
} from '../componentes-format';
import type { ComponenteEtiqueta, EtiquetasComponentesData, ServicioEtiquetaComponente } from './types';

/** The A4 sheet: 3 columns by 2 rows of 99 x 105 mm on a landscape page, as the bag labels. */
export const COLUMNAS_HOJA = 3;
export const FILAS_HOJA = 2;
export const ETIQUETAS_POR_HOJA = COLUMNAS_HOJA * FILAS_HOJA;
const HOJA_ANCHO_MM = 297;
const HOJA_ALTO_MM = 210;

export type EtiquetaComponentePdfProps = {
  data: EtiquetasComponentesData;
  /** Injectable so tests can make it fail (the plain-text fallback). */
  barcodeMaker?: BarcodeMaker;
};

/**
 * The unit labels of blood components, one per component: on the A4 sheet (six a page) or, when
 * the servicio prints labels on a label printer (Opciones > Numeración), one per page at its size.
 * A unit that may not be transfused (in quarantine, expired, discarded) says so across the top.
 */
export function EtiquetaComponentePdf({ data, barcodeMaker = pngBarcodeMaker }: EtiquetaComponentePdfProps) {
  const title = etiquetasComponentesFileName(data.componentes.map((c) => c.codigo));
  const barcodes = data.componentes.map((c) => safeBarcode(barcodeMaker, c.codigo));
  if (data.formato?.formato === 'IMPRESORA') {
    const { anchoMm, altoMm } = data.formato;
    return (
      <Document title={title} language="es">
        {data.componentes.map((c, i) => (
          <Page key={c.codigo} size={[mm(anchoMm), mm(altoMm)]} wrap={false} style={{ fontFamily: FONT }}>
            <Etiqueta
              componente={c}
              servicio={data.servicio}
              barcode={barcodes[i]}
              anchoMm={anchoMm}
              altoMm={altoMm}
            />
          </Page>
        ))}
      </Document>
    );
  }
  const anchoMm = HOJA_ANCHO_MM / COLUMNAS_HOJA;
  const altoMm = HOJA_ALTO_MM / FILAS_HOJA;
  const indices = data.componentes.map((_, i) => i);
  return (
    <Document title={title} language="es">
      {chunk(indices, ETIQUETAS_POR_HOJA).map((hoja) => (
        <Page
          key={hoja[0]}
          size="A4"
          orientation="landscape"
          wrap={false}
          style={{ fontFamily: FONT, flexDirection: 'row', flexWrap: 'wrap' }}
        >
          {hoja.map((i) => (
            <Etiqueta
              key={data.componentes[i].codigo}
              componente={data.componentes[i]}
              servicio={data.servicio}
              barcode={barcodes[i]}
              anchoMm={anchoMm}
              altoMm={altoMm}
              recorte
            />
          ))}
        </Page>
      ))}
    </Document>
  );
}

/**
 * One label of anchoMm x altoMm: the warning (if any), the servicio and its facility code, the
 * barcode of the identifier and the identifier grouped for reading, then the product, volume and
 * dates beside the group in large type. Type sizes follow the label: the height shares out the
 * lines, the width caps them so the identifier fits on one line.
 */
function Etiqueta({
  componente: c,
  servicio,
  barcode,
  anchoMm,
  altoMm,
  recorte = false,
}: {
  componente: ComponenteEtiqueta;
  servicio: ServicioEtiquetaComponente;
  barcode: BarcodeImage | null;
  anchoMm: number;
  altoMm: number;
  /** A dashed line to cut along (the A4 sheet). */
  recorte?: boolean;
}) {
  // Thermal printers leave a small unprinted edge.
  const margen = Math.min(4, Math.max(1.5, Math.min(anchoMm, altoMm) * 0.06));
  const ancho = mm(anchoMm - 2 * margen);
  const alto = mm(altoMm - 2 * margen);
  // A label taller than wide stacks the group under the product; a wide one sets it beside.
  const vertical = altoMm > anchoMm;
  // About 15 lines of text and the barcode share the height; the width caps the type so that the
  // identifier (21 characters in bold), the warning and the product beside the group fit.
  const f = Math.max(4.5, Math.min(alto / 15.5, ancho / (vertical ? 15 : 21), 12));
  const advertencia = advertenciaEtiqueta(c);
  const grupo = c.abo || '—';
  const rh = formatRhD(c.rh);
  const identificador = agruparIdentificador(c.codigo);
  const una = { maxLines: 1, textOverflow: 'ellipsis' } as const;
  return (
    <View
      style={{
        width: mm(anchoMm),
        height: mm(altoMm),
        padding: mm(margen),
        justifyContent: 'space-between',
        ...(recorte ? { borderWidth: 0.5, borderStyle: 'dashed', borderColor: LIGHT } : {}),
      }}
    >
      {advertencia && (
        <Text
          style={{
            fontFamily: FONT_BOLD,
            fontSize: f * 1.1,
            color: '#ffffff',
            backgroundColor: '#000000',
            textAlign: 'center',
            paddingTop: f * 0.25,
            paddingBottom: f * 0.1,
          }}
        >
          {advertencia}
        </Text>
      )}
      <View>
        {/* A long name is cut with an ellipsis rather than pushing the rest off the label. */}
        <Text style={{ fontFamily: FONT_BOLD, fontSize: f * 0.85, width: '100%', ...una }}>
          {servicio.nombre}
        </Text>
        <Text style={{ fontSize: f * 0.85 }}>{`Instalación ${servicio.codigoInstalacion}`}</Text>
      </View>
      <View style={{ alignItems: 'center' }}>
        {barcode && (
          // The image carries its own white quiet zones (>= 10 modules each side).
          <Image src={barcode.src} style={{ width: ancho, height: Math.max(alto * 0.2, mm(6)) }} />
        )}
        <Text
          style={{
            width: '100%',
            textAlign: 'center',
            fontFamily: FONT_BOLD,
            fontSize: barcode ? f * 1.15 : f * 1.5,
          }}
        >
          {identificador}
        </Text>
      </View>
      <View
        style={{
          flexDirection: vertical ? 'column' : 'row',
          justifyContent: 'space-between',
          alignItems: vertical ? 'stretch' : 'flex-end',
        }}
      >
        <View style={{ flexShrink: 1 }}>
          <Text style={{ fontFamily: FONT_BOLD, fontSize: f, ...una }}>{NOMBRE_PRODUCTO[c.tipo]}</Text>
          <Text style={{ fontSize: f * 0.9 }}>{`Volumen: ${c.volumen} ml`}</Text>
          <Text style={{ fontSize: f * 0.9 }}>{`Producción: ${formatFecha(c.producidoEn)}`}</Text>
          <Text style={{ fontFamily: FONT_BOLD, fontSize: f * 0.9 }}>
            {`Vence: ${formatVencimiento(c.tipo, c.venceEn)}`}
          </Text>
        </View>
        <View
          style={{
            alignItems: 'center',
            marginLeft: vertical ? 0 : f * 0.5,
            marginTop: vertical ? f * 0.5 : 0,
          }}
        >
          <Text style={{ fontFamily: FONT_BOLD, fontSize: f * 3.2, lineHeight: 1 }}>{grupo}</Text>
          {rh !== '' && <Text style={{ fontFamily: FONT_BOLD, fontSize: f }}>{rh}</Text>}
        </View>
      </View>
    </View>
  );
}
