import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { codigoEtiquetaImpreso } from '@domain/etiquetas';
import { pngBarcodeMaker, safeBarcode, type BarcodeMaker } from './barcode';
import { etiquetasFileName, mm } from './format';
import { FONT, FONT_BOLD, LIGHT } from './pdf-styles';
import type { EtiquetasPdfData } from './types';

/** 6 labels: 3 columns x 2 rows on an A4 landscape sheet (99 x 105 mm each). */
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

export function EtiquetasPdf({ data, barcodeMaker = pngBarcodeMaker }: EtiquetasPdfProps) {
  const barcode = safeBarcode(barcodeMaker, data.numero);
  const codigo = codigoEtiquetaImpreso(data.codigo);
  const labels = Array.from({ length: LABELS_PER_SHEET }, (_, i) => i);
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
