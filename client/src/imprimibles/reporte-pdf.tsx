import { Canvas, Document, Page, Text, View, type Styles } from '@react-pdf/renderer';
import { formatDate, formatDateTime } from '@domain/dates';
import { FONT, FONT_BOLD, INK, LIGHT, RULE } from './pdf-styles';
import { mm } from './format';
import {
  agrupacionLabel,
  cifrasPrincipales,
  compactarSerie,
  formatNumero,
  formatPorcentaje,
  grupoLabel,
  marcadorLabel,
  periodoTexto,
} from './reporte-format';
import type { ReportePdfData } from './types';

/*
 * The indicators report for the provincial programme: one A4 portrait page, whatever the period.
 * Every part has a bounded size: 12 headline figures, at most 9 blood groups and 7 markers, and
 * the series as a table of at most SERIE_FILAS_MAX rows (a longer series is merged into runs of
 * consecutive periods, nothing left out) under a bar drawing of every point. The page does not
 * wrap, so it stays one sheet.
 */

/** Rows of the series table: two columns of 15. */
export const SERIE_FILAS_MAX = 30;
const FILAS_POR_COLUMNA = SERIE_FILAS_MAX / 2;

/** Dark for voluntary, light for replacement donations: told apart on a black-and-white printer too. */
const COLOR_VOLUNTARIAS = '#176575';
const COLOR_REPOSICION = '#a9d6dc';
const BAND = '#eef2f4';

const SIZE = { body: 8.5, small: 7.5, head: 7.5, title: 15, section: 10, figure: 14 };
const ROW_H = 12;

type Style = Styles[string];

const s = {
  page: {
    fontFamily: FONT,
    fontSize: SIZE.body,
    color: INK,
    paddingTop: mm(14),
    paddingBottom: mm(16),
    paddingHorizontal: mm(15),
  },
  bold: { fontFamily: FONT_BOLD },
  section: { marginTop: 12 },
  sectionTitle: { fontFamily: FONT_BOLD, fontSize: SIZE.section, marginBottom: 5 },
  row: { flexDirection: 'row' },
  headRow: { flexDirection: 'row', borderBottomWidth: 0.75, borderBottomColor: INK, paddingBottom: 2 },
  cell: { height: ROW_H, paddingTop: 2.5 },
  num: { textAlign: 'right' },
} satisfies Record<string, Style>;

const tituloDe = (data: ReportePdfData) => data.titulo ?? 'Reporte de indicadores';

function Header({ data }: { data: ReportePdfData }) {
  const { servicio, indicadores } = data;
  const contacto = [servicio.direccion, servicio.telefono ? `Tel. ${servicio.telefono}` : null].filter(
    Boolean,
  );
  return (
    <View
      style={{
        flexDirection: 'row',
        justifyContent: 'space-between',
        borderBottomWidth: 1.5,
        borderBottomColor: INK,
        paddingBottom: 8,
      }}
    >
      <View style={{ maxWidth: '55%' }}>
        <Text style={{ ...s.bold, fontSize: 11 }}>{servicio.nombre}</Text>
        {contacto.map((line) => (
          <Text key={line} style={{ fontSize: SIZE.small, marginTop: 2 }}>
            {line}
          </Text>
        ))}
      </View>
      <View style={{ alignItems: 'flex-end', maxWidth: '45%' }}>
        <Text style={{ ...s.bold, fontSize: SIZE.title, textAlign: 'right' }}>{tituloDe(data)}</Text>
        <Text style={{ marginTop: 3 }}>{periodoTexto(indicadores.desde, indicadores.hasta)}</Text>
        <Text style={{ fontSize: SIZE.small, marginTop: 2 }}>
          {`Serie agrupada por ${agrupacionLabel(indicadores.agrupacion).toLowerCase()}`}
        </Text>
      </View>
    </View>
  );
}

function Cifras({ data }: { data: ReportePdfData }) {
  return (
    <View style={s.section}>
      <Text style={s.sectionTitle}>Cifras principales</Text>
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', marginHorizontal: -2 }}>
        {cifrasPrincipales(data.indicadores).map((c) => (
          <View key={c.label} style={{ width: '25%', padding: 2 }}>
            <View style={{ backgroundColor: BAND, paddingVertical: 5, paddingHorizontal: 6, height: 38 }}>
              <Text style={{ fontSize: SIZE.small }}>{c.label}</Text>
              <Text style={{ ...s.bold, fontSize: SIZE.figure, marginTop: 3 }}>{c.valor}</Text>
            </View>
          </View>
        ))}
      </View>
    </View>
  );
}

type Columna = { head: string; width: string; num?: boolean };

/** A plain ruled table: a bold head with a black rule, thin grey rules between rows. */
function Tabla({ columnas, filas, style }: { columnas: Columna[]; filas: string[][]; style?: Style }) {
  return (
    <View style={style}>
      <View style={s.headRow}>
        {columnas.map((c) => (
          <Text
            key={c.head}
            style={{ ...s.bold, fontSize: SIZE.head, width: c.width, ...(c.num ? s.num : {}) }}
          >
            {c.head}
          </Text>
        ))}
      </View>
      {filas.map((fila, i) => (
        <View key={i} style={{ ...s.row, borderBottomWidth: 0.4, borderBottomColor: LIGHT }}>
          {fila.map((value, j) => (
            <Text key={j} style={{ ...s.cell, width: columnas[j].width, ...(columnas[j].num ? s.num : {}) }}>
              {value}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

function GruposYSerologia({ data }: { data: ReportePdfData }) {
  const { porGrupo, serologia } = data.indicadores;
  return (
    <View style={{ ...s.section, flexDirection: 'row', justifyContent: 'space-between' }}>
      <View style={{ width: '40%' }}>
        <Text style={s.sectionTitle}>Grupo ABO y factor Rh</Text>
        {porGrupo.length === 0 ? (
          <Text>Sin donaciones en el período.</Text>
        ) : (
          <Tabla
            columnas={[
              { head: 'Grupo y factor', width: '65%' },
              { head: 'Donaciones', width: '35%', num: true },
            ]}
            filas={porGrupo.map((g) => [grupoLabel(g.abo, g.rh), formatNumero(g.cantidad)])}
          />
        )}
      </View>
      <View style={{ width: '54%' }}>
        <Text style={s.sectionTitle}>Serología</Text>
        <Tabla
          columnas={[
            { head: 'Marcador', width: '34%' },
            { head: 'Analizadas', width: '22%', num: true },
            { head: 'Reactivas', width: '22%', num: true },
            { head: '% reactivas', width: '22%', num: true },
          ]}
          filas={serologia.map((m) => [
            marcadorLabel(m.marcador),
            formatNumero(m.analizadas),
            formatNumero(m.reactivas),
            formatPorcentaje(m.porcentaje),
          ])}
        />
      </View>
    </View>
  );
}

/** The part of react-pdf's <Canvas> painter (pdfkit's drawing calls) the bars use. */
type Painter = {
  rect(x: number, y: number, w: number, h: number): Painter;
  fill(color: string): Painter;
  moveTo(x: number, y: number): Painter;
  lineTo(x: number, y: number): Painter;
  lineWidth(width: number): Painter;
  strokeColor(color: string): Painter;
  stroke(): Painter;
};

const BARRAS_H = 70;

/** Every point of the series as a stacked bar (voluntary below, replacement above), one Canvas node. */
function Barras({ data }: { data: ReportePdfData }) {
  const { serie } = data.indicadores;
  const max = Math.max(1, ...serie.map((p) => p.donaciones));
  const paint = (painter: Painter, width: number, height: number) => {
    const step = width / Math.max(1, serie.length);
    const gap = step > 4 ? Math.min(step * 0.25, 6) : 0;
    serie.forEach((p, i) => {
      const x = i * step + gap / 2;
      const w = Math.max(step - gap, 0.3);
      const hv = (p.voluntarias / max) * height;
      const hr = (p.reposicion / max) * height;
      if (hv > 0) painter.rect(x, height - hv, w, hv).fill(COLOR_VOLUNTARIAS);
      if (hr > 0) painter.rect(x, height - hv - hr, w, hr).fill(COLOR_REPOSICION);
    });
    painter.moveTo(0, height).lineTo(width, height).lineWidth(0.75).strokeColor(RULE).stroke();
    return null;
  };
  return (
    <View>
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginBottom: 3 }}>
        <Text style={{ fontSize: SIZE.small }}>{`Máximo: ${formatNumero(max)} donaciones por período`}</Text>
        <View style={{ flexDirection: 'row' }}>
          <Leyenda color={COLOR_VOLUNTARIAS} texto="Voluntarias" />
          <Leyenda color={COLOR_REPOSICION} texto="Reposición" />
        </View>
      </View>
      <Canvas style={{ width: '100%', height: BARRAS_H }} paint={paint} />
    </View>
  );
}

function Leyenda({ color, texto }: { color: string; texto: string }) {
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', marginLeft: 10 }}>
      <View style={{ width: 8, height: 8, backgroundColor: color, marginRight: 3 }} />
      <Text style={{ fontSize: SIZE.small }}>{texto}</Text>
    </View>
  );
}

function Serie({ data }: { data: ReportePdfData }) {
  const { indicadores } = data;
  const filas = compactarSerie(indicadores, SERIE_FILAS_MAX);
  const agrupada = filas.length < indicadores.serie.length;
  const columnas: Columna[] = [
    { head: 'Período', width: '43%' },
    { head: 'Donaciones', width: '19%', num: true },
    { head: 'Voluntarias', width: '19%', num: true },
    { head: 'Reposición', width: '19%', num: true },
  ];
  const texto = filas.map((f) => [
    f.periodo,
    formatNumero(f.donaciones),
    formatNumero(f.voluntarias),
    formatNumero(f.reposicion),
  ]);
  const mitades =
    texto.length > FILAS_POR_COLUMNA
      ? [texto.slice(0, Math.ceil(texto.length / 2)), texto.slice(Math.ceil(texto.length / 2))]
      : [texto];
  return (
    <View style={s.section}>
      <Text style={s.sectionTitle}>Donaciones por período</Text>
      <Barras data={data} />
      {agrupada && (
        <Text style={{ fontSize: SIZE.small, marginTop: 6 }}>
          {`La serie tiene ${formatNumero(indicadores.serie.length)} períodos: la tabla los suma en ${formatNumero(filas.length)} tramos consecutivos.`}
        </Text>
      )}
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginTop: 8 }}>
        {mitades.map((mitad, i) => (
          <Tabla
            key={i}
            columnas={columnas}
            filas={mitad}
            style={{ width: mitades.length > 1 ? '48%' : '60%' }}
          />
        ))}
      </View>
    </View>
  );
}

function Pie({ data }: { data: ReportePdfData }) {
  const style = { position: 'absolute', bottom: mm(8), fontSize: SIZE.small, color: RULE } as const;
  return (
    <>
      <Text style={{ ...style, left: mm(15) }}>{`Generado el ${formatDateTime(data.generado)}`}</Text>
      <Text style={{ ...style, right: mm(15) }}>{data.servicio.nombre}</Text>
    </>
  );
}

export type ReportePdfProps = { data: ReportePdfData };

/** The one-page report of /reportes ('Descargar PDF'). */
export function ReportePdf({ data }: ReportePdfProps) {
  const { desde, hasta } = data.indicadores;
  return (
    <Document
      title={`${tituloDe(data)} ${formatDate(desde)} - ${formatDate(hasta)}`}
      author={data.servicio.nombre}
      language="es"
    >
      <Page size="A4" style={s.page}>
        <Header data={data} />
        <Cifras data={data} />
        <GruposYSerologia data={data} />
        <Serie data={data} />
        <Pie data={data} />
      </Page>
    </Document>
  );
}
