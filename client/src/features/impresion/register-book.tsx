import type { ReactNode } from 'react';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  SEROLOGIA_KEYS,
  chunk,
  formatBookDate,
  formatBookTime,
  formatDomicilio,
  formatRh,
  formatSigno,
  formatTension,
  formatLugarNacimiento,
  mm,
  registerBookFileName,
  tipoDonante,
} from './format';
import { FONT, FONT_BOLD, RULE } from './pdf-styles';
import type { DonacionImprimible, SerologiaKey, ServicioImprimible } from './types';

export { registerBookFileName as fileName };

/** 9 donors per sheet; each sheet is a pair of pages (identity, then clinical data). */
export const DONORS_PER_SHEET = 9;

/** Column widths in millimetres (the spec fixes name 90, address 60, birth 40). */
export const COLUMNS_PAGE1 = { numero: 32, fechaHora: 45, nombre: 90, domicilio: 60, nacimiento: 40 };
export const COLUMNS_PAGE2 = {
  numero: 20,
  tipo: 33,
  ta: 17,
  fc: 12,
  peso: 12,
  temp: 12,
  htoHb: 22,
  aboRh: 22,
  anticuerpos: 22,
  autoexclusion: 21.5,
  serologia: 10.5,
};

const MARGIN_LEFT = 18; // binding side
const MARGIN_RIGHT = 12;
const MARGIN_V = 9;
const HEADER_H = 13;
const COLUMN_HEAD_H = 13;
const ROW_H = 17;

const SEROLOGIA_HEADS: Record<SerologiaKey, string> = {
  hiv: 'HIV',
  hepB: 'HBV',
  hepC: 'HCV',
  vdrl: 'VDRL sífilis',
  brucelosis: 'Bruce- losis',
  chagas: 'Chagas',
  htlv: 'HTLV',
};

const styles = StyleSheet.create({
  page: {
    fontFamily: FONT,
    fontSize: 8,
    paddingTop: mm(MARGIN_V),
    paddingBottom: mm(MARGIN_V),
    paddingLeft: mm(MARGIN_LEFT),
    paddingRight: mm(MARGIN_RIGHT),
  },
  header: { height: mm(HEADER_H), flexDirection: 'row', justifyContent: 'space-between' },
  title: { fontFamily: FONT_BOLD, fontSize: 13 },
  subtitle: { fontSize: 8, marginTop: 2 },
  headRow: { flexDirection: 'row', height: mm(COLUMN_HEAD_H), borderTopWidth: 1, borderLeftWidth: 1 },
  row: { flexDirection: 'row', height: mm(ROW_H), borderLeftWidth: 1 },
  headCell: {
    borderRightWidth: 1,
    borderBottomWidth: 1,
    padding: 2,
    fontFamily: FONT_BOLD,
    fontSize: 7.5,
    textAlign: 'center',
    justifyContent: 'center',
  },
  cell: { borderRightWidth: 1, borderBottomWidth: 0.5, borderColor: RULE, padding: 3, fontSize: 8.5 },
  cellCenter: { alignItems: 'center', justifyContent: 'center', textAlign: 'center' },
  strong: { fontFamily: FONT_BOLD },
  small: { fontSize: 7.5 },
  mark: { fontFamily: FONT_BOLD, fontSize: 12 },
  groupHead: { borderRightWidth: 1, borderBottomWidth: 1 },
  groupTitle: {
    fontFamily: FONT_BOLD,
    fontSize: 7.5,
    textAlign: 'center',
    padding: 1,
    borderBottomWidth: 0.5,
  },
  footer: {
    position: 'absolute',
    bottom: mm(4),
    left: mm(MARGIN_LEFT),
    right: mm(MARGIN_RIGHT),
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7.5,
  },
});

function Cell({ w, children, center }: { w: number; children?: ReactNode; center?: boolean }) {
  return <View style={[styles.cell, { width: mm(w) }, center ? styles.cellCenter : {}]}>{children}</View>;
}

function Head({ w, children }: { w: number; children: ReactNode }) {
  return (
    <View style={[styles.headCell, { width: mm(w) }]}>
      <Text>{children}</Text>
    </View>
  );
}

function Footer({ servicio }: { servicio: ServicioImprimible }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{servicio.nombre}</Text>
      <Text render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`} />
    </View>
  );
}

function SheetHeader({
  servicio,
  hoja,
  hojas,
  parte,
}: {
  servicio: ServicioImprimible;
  hoja: number;
  hojas: number;
  parte: string;
}) {
  return (
    <View style={styles.header}>
      <View>
        <Text style={styles.title}>Libro de registro de donaciones</Text>
        <Text style={styles.subtitle}>{parte}</Text>
      </View>
      <View style={{ alignItems: 'flex-end' }}>
        <Text style={styles.strong}>{servicio.nombre}</Text>
        <Text style={styles.subtitle}>{`Hoja ${hoja} de ${hojas}`}</Text>
      </View>
    </View>
  );
}

function IdentityPage({ rows, servicio, hoja, hojas }: PageProps) {
  const c = COLUMNS_PAGE1;
  return (
    <Page size="A4" orientation="landscape" style={styles.page}>
      <SheetHeader servicio={servicio} hoja={hoja} hojas={hojas} parte="Datos del donante" />
      <View style={styles.headRow}>
        <Head w={c.numero}>N°</Head>
        <Head w={c.fechaHora}>Fecha y hora</Head>
        <Head w={c.nombre}>Apellido y nombre - DNI</Head>
        <Head w={c.domicilio}>Domicilio y teléfono</Head>
        <Head w={c.nacimiento}>Fecha y lugar de nacimiento</Head>
      </View>
      {rows.map((d, i) => {
        const donante = d?.donante;
        return (
          <View key={i} style={styles.row} wrap={false}>
            <Cell w={c.numero} center>
              <Text style={styles.strong}>{d?.numero ?? ''}</Text>
            </Cell>
            <Cell w={c.fechaHora} center>
              <Text>{d ? formatBookDate(d.fecha) : ''}</Text>
              <Text>{d ? formatBookTime(d.hora) : ''}</Text>
            </Cell>
            <Cell w={c.nombre}>
              <Text style={styles.strong}>{donante ? `${donante.apellido}, ${donante.nombre}` : ''}</Text>
              <Text>{donante ? `DNI ${donante.dni}` : ''}</Text>
            </Cell>
            <Cell w={c.domicilio}>
              <Text>
                {donante
                  ? [formatDomicilio(donante), donante.localidadActual].filter(Boolean).join(' - ')
                  : ''}
              </Text>
              <Text>{donante?.telefono ? `Tel. ${donante.telefono}` : ''}</Text>
            </Cell>
            <Cell w={c.nacimiento}>
              <Text>{donante ? formatBookDate(donante.fechaNacimiento) : ''}</Text>
              <Text style={styles.small}>{donante ? formatLugarNacimiento(donante) : ''}</Text>
            </Cell>
          </View>
        );
      })}
      <Footer servicio={servicio} />
    </Page>
  );
}

function ClinicalPage({ rows, servicio, hoja, hojas }: PageProps) {
  const c = COLUMNS_PAGE2;
  const serologiaW = c.serologia * SEROLOGIA_KEYS.length;
  const signosW = c.ta + c.fc + c.peso + c.temp;
  return (
    <Page size="A4" orientation="landscape" style={styles.page}>
      <SheetHeader servicio={servicio} hoja={hoja} hojas={hojas} parte="Datos clínicos e inmunohematología" />
      <View style={styles.headRow}>
        <Head w={c.numero}>N°</Head>
        <Head w={c.tipo}>Tipo de donante</Head>
        <View style={[styles.groupHead, { width: mm(signosW) }]}>
          <Text style={styles.groupTitle}>Signos clínicos</Text>
          <View style={{ flexDirection: 'row', flexGrow: 1 }}>
            {(
              [
                ['TA', c.ta],
                ['FC', c.fc],
                ['Peso', c.peso],
                ['Temp.', c.temp],
              ] as const
            ).map(([label, w], i) => (
              <View
                key={label}
                style={{
                  width: mm(w) - (i === 3 ? 1 : 0),
                  borderRightWidth: i === 3 ? 0 : 0.5,
                  justifyContent: 'center',
                }}
              >
                <Text style={[styles.strong, { fontSize: 7, textAlign: 'center' }]}>{label}</Text>
              </View>
            ))}
          </View>
        </View>
        <Head w={c.htoHb}>Hematocrito y hemoglobina</Head>
        <Head w={c.aboRh}>ABO y Rh</Head>
        <Head w={c.anticuerpos}>Anticuerpos irregulares</Head>
        <Head w={c.autoexclusion}>Autoexclusión</Head>
        <View style={[styles.groupHead, { width: mm(serologiaW) }]}>
          <Text style={styles.groupTitle}>Serología reactiva</Text>
          <View style={{ flexDirection: 'row', flexGrow: 1 }}>
            {SEROLOGIA_KEYS.map((key, i) => (
              <View
                key={key}
                style={{
                  width: mm(c.serologia) - (i === SEROLOGIA_KEYS.length - 1 ? 1 : 0),
                  borderRightWidth: i === SEROLOGIA_KEYS.length - 1 ? 0 : 0.5,
                  justifyContent: 'center',
                }}
              >
                <Text style={[styles.strong, { fontSize: 6.5, textAlign: 'center' }]}>
                  {SEROLOGIA_HEADS[key]}
                </Text>
              </View>
            ))}
          </View>
        </View>
      </View>
      {rows.map((d, i) => {
        const tipo = d ? tipoDonante(d.donante) : null;
        const s = d?.signos;
        return (
          <View key={i} style={styles.row} wrap={false}>
            <Cell w={c.numero} center>
              <Text style={styles.strong}>{d?.numero ?? ''}</Text>
            </Cell>
            <Cell w={c.tipo}>
              <Text>{tipo ? (tipo.voluntario ? 'Voluntario' : 'Reposición') : ''}</Text>
              <Text style={styles.small}>
                {tipo ? (tipo.habitual ? 'Habitual / esporádico' : 'Primera vez') : ''}
              </Text>
            </Cell>
            <Cell w={c.ta} center>
              <Text>{s ? formatTension(s) : ''}</Text>
            </Cell>
            <Cell w={c.fc} center>
              <Text>{formatSigno(s?.fc)}</Text>
            </Cell>
            <Cell w={c.peso} center>
              <Text>{formatSigno(s?.peso)}</Text>
            </Cell>
            <Cell w={c.temp} center>
              <Text>{formatSigno(s?.temp)}</Text>
            </Cell>
            <Cell w={c.htoHb} center>
              <Text>{s && formatSigno(s.hto) ? `Hto ${formatSigno(s.hto)} %` : ''}</Text>
              <Text>{s && formatSigno(s.hb) ? `Hb ${formatSigno(s.hb)} g/dL` : ''}</Text>
            </Cell>
            <Cell w={c.aboRh} center>
              <Text style={styles.strong}>{d?.abo ?? ''}</Text>
              <Text>{d ? formatRh(d.rh) : ''}</Text>
            </Cell>
            <Cell w={c.anticuerpos} center>
              <Text>{d?.anticuerposIrregulares ?? ''}</Text>
            </Cell>
            <Cell w={c.autoexclusion} center>
              <Text>{d?.autoexclusion === true ? 'Sí' : d?.autoexclusion === false ? 'No' : ''}</Text>
            </Cell>
            {SEROLOGIA_KEYS.map((key) => (
              <Cell key={key} w={c.serologia} center>
                <Text style={styles.mark}>{d?.serologia?.[key] === true ? 'X' : ''}</Text>
              </Cell>
            ))}
          </View>
        );
      })}
      <Footer servicio={servicio} />
    </Page>
  );
}

type PageProps = {
  rows: (DonacionImprimible | null)[];
  servicio: ServicioImprimible;
  hoja: number;
  hojas: number;
};

export type RegisterBookProps = { donaciones: DonacionImprimible[]; servicio: ServicioImprimible };

/** The caller must not print an empty list (there is nothing to register). */
export function RegisterBook({ donaciones, servicio }: RegisterBookProps) {
  const sheets = chunk(donaciones, DONORS_PER_SHEET);
  return (
    <Document title="Libro de registro de donaciones" language="es">
      {sheets.flatMap((sheet, i) => {
        // Empty ruled rows keep every sheet the same height, like the paper book.
        const rows: (DonacionImprimible | null)[] = [
          ...sheet,
          ...Array(DONORS_PER_SHEET - sheet.length).fill(null),
        ];
        return [
          <IdentityPage key={`a${i}`} rows={rows} servicio={servicio} hoja={i + 1} hojas={sheets.length} />,
          <ClinicalPage key={`b${i}`} rows={rows} servicio={servicio} hoja={i + 1} hojas={sheets.length} />,
        ];
      })}
    </Document>
  );
}
