import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { codigoEtiquetaImpreso } from '@domain/etiquetas';
import { pngBarcodeMaker, safeBarcode, type BarcodeImage, type BarcodeMaker } from './barcode';
import { etiquetasFileName, mm } from './format';
import { FONT, FONT_BOLD, LIGHT } from './pdf-styles';
import type { EtiquetasPdfData } from './types';

/** 6 labels: 3 columns x 2 rows on an A4 landscape sheet (99 x 105 mm each), or 6 pages on a label printer. */
export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 2;
export const LABELS_PER_SHEET = LABEL_COLUMNS * LABEL_ROWS;

const PAGE_W = mm(297);
const PAGE_H = mm(210);
const LABEL_W = PAGE_W / LABEL_COLUMNS;
const LABEL_H = PAGE_H / LABEL_ROWS;
const BARCODE_W = mm(84);
const BARCODE_H = mm(30);

const styles = StyleSheet.create({
  page: { flexDirection: 'row', flexWrap: 'wrap', fontFamily: FONT },
  label: {
    width: LABEL_W,
    height: LABEL_H,
    padding: mm(5),
    alignItems: 'center',
    justifyContent: 'space-between',
    borderWidth: 0.5,
    borderStyle: 'dashed',
    borderColor: LIGHT,
  },
  servicio: { fontFamily: FONT_BOLD, fontSize: 12, textAlign: 'center' },
  caption: { fontSize: 9, marginTop: mm(2) },
  barcode: { width: BARCODE_W, height: BARCODE_H },
  numeros: { flexDirection: 'row', alignItems: 'center', marginTop: mm(1) },
  numero: { fontFamily: FONT_BOLD, fontSize: 18, letterSpacing: 1 },
  fallback: { fontFamily: FONT_BOLD, fontSize: 34, letterSpacing: 1, textAlign: 'center' },
  // The code (number + check character) in a box, as ISBT 128 prints its check character, the
  // character set apart by a hyphen ('39-8'): a digit there is never read as one more digit of
  // the number. The word before it keeps the code one run of text, whole when copied or searched.
  codigo: {
    fontFamily: FONT_BOLD,
    fontSize: 13,
    borderWidth: 1,
    borderColor: '#000',
    paddingHorizontal: mm(1.5),
    paddingTop: mm(0.8),
  },
  codigoAlLado: { marginLeft: mm(4) },
  codigoDebajo: { marginTop: mm(2) },
  fecha: { fontSize: 11 },
  middle: { alignItems: 'center' },
});

export type EtiquetasPdfProps = {
  data: EtiquetasPdfData;
  /** Injectable so tests can make it fail (the plain-text fallback). */
  barcodeMaker?: BarcodeMaker;
};

/**
 * 'Generar Etiquetas': the servicio's format (data.formato, Opciones > Numeración). The A4 sheet of
 * 6 labels by default; for a label printer, the same 6 labels one per page at the printer's size.
 */
export function EtiquetasPdf({ data, barcodeMaker = pngBarcodeMaker }: EtiquetasPdfProps) {
  const barcode = safeBarcode(barcodeMaker, data.numero);
  const codigo = codigoEtiquetaImpreso(data.codigo);
  const labels = Array.from({ length: LABELS_PER_SHEET }, (_, i) => i);
  if (data.formato?.formato === 'IMPRESORA') {
    const { anchoMm, altoMm } = data.formato;
    return (
      <Document title={etiquetasFileName(data.numero)} language="es">
        {labels.map((i) => (
          <EtiquetaImpresora
            key={i}
            data={data}
            codigo={codigo}
            barcode={barcode}
            anchoMm={anchoMm}
            altoMm={altoMm}
          />
        ))}
      </Document>
    );
  }
  return (
    // The tab showing it is titled with the name the file is saved under.
    <Document title={etiquetasFileName(data.numero)} language="es">
      <Page size="A4" orientation="landscape" style={styles.page}>
        {labels.map((i) => (
          <View key={i} style={styles.label} wrap={false}>
            <View style={styles.middle}>
              <Text style={styles.servicio}>{data.servicio.nombre}</Text>
              <Text style={styles.caption}>Donación N°</Text>
            </View>
            {barcode ? (
              <View style={styles.middle}>
                {/* The image carries its own white quiet zones (>= 10 modules each side). */}
                <Image src={barcode.src} style={styles.barcode} />
                <View style={styles.numeros}>
                  <Text style={styles.numero}>{data.numero}</Text>
                  <Text style={[styles.codigo, styles.codigoAlLado]}>{`Código ${codigo}`}</Text>
                </View>
              </View>
            ) : (
              // 34 pt leaves no room beside the number: the code goes under it.
              <View style={styles.middle}>
                <Text style={styles.fallback}>{data.numero}</Text>
                <Text style={[styles.codigo, styles.codigoDebajo]}>{`Código ${codigo}`}</Text>
              </View>
            )}
            <Text style={styles.fecha}>{`Fecha: ${formatDate(data.fecha)}`}</Text>
          </View>
        ))}
      </Page>
    </Document>
  );
}

/** A size scaled with the label, never below what a thermal printer still prints legibly. */
const pt = (base: number, escala: number, minimo: number) => Math.max(minimo, base * escala);

/**
 * One label on a page of the label printer's size (anchoMm x altoMm): the servicio, the barcode
 * (the number alone, with its quiet zones), the number and its code, and the date, one under the
 * other. The sizes follow the label: a 100 x 50 mm label is the reference, a smaller one scales
 * down to the smallest type a 203 dpi printer renders cleanly, a larger one up to 1.5 times.
 */
function EtiquetaImpresora({
  data,
  codigo,
  barcode,
  anchoMm,
  altoMm,
}: {
  data: EtiquetasPdfData;
  codigo: string;
  barcode: BarcodeImage | null;
  anchoMm: number;
  altoMm: number;
}) {
  const escala = Math.min(anchoMm / 100, altoMm / 50, 1.5);
  // Thermal printers leave a small unprinted edge.
  const margen = Math.min(4, Math.max(1.5, Math.min(anchoMm, altoMm) * 0.06));
  const anchoUtil = anchoMm - 2 * margen;
  const altoUtil = altoMm - 2 * margen;
  const pequena = altoMm < 40;
  const numero = pt(14, escala, 7);
  return (
    <Page size={[mm(anchoMm), mm(altoMm)]} style={{ fontFamily: FONT, padding: mm(margen) }}>
      <View style={{ flexGrow: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <View style={{ alignItems: 'center', width: '100%' }}>
          {/* A long name is cut with an ellipsis rather than pushing the barcode off the label. */}
          <Text
            style={{
              fontFamily: FONT_BOLD,
              fontSize: pt(9, escala, 5),
              textAlign: 'center',
              maxLines: pequena ? 1 : 2,
              textOverflow: 'ellipsis',
            }}
          >
            {data.servicio.nombre}
          </Text>
          {!pequena && <Text style={{ fontSize: pt(7, escala, 5) }}>Donación N°</Text>}
        </View>
        {barcode ? (
          <View style={{ alignItems: 'center' }}>
            <Image
              src={barcode.src}
              style={{
                width: mm(anchoUtil * 0.95),
                height: mm(Math.min(altoUtil * 0.36, anchoUtil * 0.35)),
              }}
            />
            <View style={{ flexDirection: 'row', alignItems: 'center', marginTop: mm(0.5) }}>
              <Text style={{ fontFamily: FONT_BOLD, fontSize: numero }}>{data.numero}</Text>
              <Text
                style={{
                  fontFamily: FONT_BOLD,
                  fontSize: pt(10, escala, 6),
                  borderWidth: 0.75,
                  borderColor: '#000',
                  paddingHorizontal: mm(1),
                  paddingTop: mm(0.4),
                  marginLeft: mm(Math.max(1.5, 3 * escala)),
                }}
              >{`Código ${codigo}`}</Text>
            </View>
          </View>
        ) : (
          <View style={{ alignItems: 'center' }}>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: pt(26, escala, 12) }}>{data.numero}</Text>
            <Text
              style={{
                fontFamily: FONT_BOLD,
                fontSize: pt(10, escala, 6),
                borderWidth: 0.75,
                borderColor: '#000',
                paddingHorizontal: mm(1),
                paddingTop: mm(0.4),
                marginTop: mm(0.5),
              }}
            >{`Código ${codigo}`}</Text>
          </View>
        )}
        <Text style={{ fontSize: pt(8, escala, 5) }}>{`Fecha: ${formatDate(data.fecha)}`}</Text>
      </View>
    </Page>
  );
}
