import { Canvas, Document, Page, Text, View, type Styles } from '@react-pdf/renderer';
import { formatDate, formatDateTime } from '@domain/dates';
import { MSG } from '@domain/messages';
import { FONT, FONT_BOLD, INK, LIGHT, RULE } from './pdf-styles';
import { mm } from './format';
import {
  agrupacionLabel,
  cifrasPrincipales,
  COLUMNAS_COMPONENTES,
  COLUMNAS_RED,
  componenteLabel,
  componentesDe,
  compactarSerie,
  descartesPorMotivo,
  formatCifra,
  formatNumero,
  formatPorcentaje,
  grupoLabel,
  haySuprimidas,
  marcadorLabel,
  motivoLabel,
  periodoTexto,
  redConSuprimidas,
  TOTAL_RED,
  valorTexto,
} from './reporte-format';
import type { ComponenteImprimible, ReportePdfData } from './types';

/*
 * The indicators report for the provincial programme: one A4 portrait page, whatever the period,
 * and a page for the blood components (Componentes) when the answer has them.
 * Every part has a bounded size: 12 headline figures, at most 9 blood groups and 7 markers, and
 * the series as a table of at most SERIE_FILAS_MAX rows (a longer series is merged into runs of
 * consecutive periods, nothing left out) under a bar drawing of every point. The page does not
 * wrap, so it stays one sheet.
 *
 * A network's report adds the table by servicio, closed by the network's total: under the series
 * when it fits there (redEnPrimeraPagina), else on pages of its own, with the heading and the
 * table's head repeated on each. A member's name wraps, never cut.
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
          // Five a row: the fifteen figures take three rows; a label that wraps makes its row taller.
          <View key={c.label} style={{ width: '20%', padding: 2 }}>
            <View style={{ backgroundColor: BAND, paddingVertical: 5, paddingHorizontal: 6, minHeight: 38 }}>
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

type TablaProps = {
  columnas: Columna[];
  filas: string[][];
  style?: Style;
  /** Rows grow with their text (a long name wraps) instead of one line each. */
  ajustable?: boolean;
  /** Rows in bold (a total). */
  destacadas?: number[];
  /** The head repeats at the top of every page the table runs over. */
  cabeceraFija?: boolean;
};

/** A plain ruled table: a bold head with a black rule, thin grey rules between rows. */
function Tabla({ columnas, filas, style, ajustable, destacadas = [], cabeceraFija = false }: TablaProps) {
  // The same 12 points a one-line row takes, growing by a line for each wrapped one.
  const celda = ajustable ? { minHeight: ROW_H, paddingTop: 2.5, paddingRight: 3 } : s.cell;
  return (
    <View style={style}>
      <View style={s.headRow} fixed={cabeceraFija}>
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
        <View key={i} wrap={false} style={{ ...s.row, borderBottomWidth: 0.4, borderBottomColor: LIGHT }}>
          {fila.map((value, j) => (
            <Text
              key={j}
              style={{
                ...celda,
                width: columnas[j].width,
                ...(columnas[j].num ? s.num : {}),
                ...(destacadas.includes(i) ? s.bold : {}),
              }}
            >
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
          <Text>
            {data.indicadores.donaciones === null
              ? `Todos los grupos: ${MSG.menosDeCinco}`
              : 'Sin donaciones en el período.'}
          </Text>
        ) : (
          <Tabla
            columnas={[
              { head: 'Grupo y factor', width: '65%' },
              { head: 'Donaciones', width: '35%', num: true },
            ]}
            filas={porGrupo.map((g) => [grupoLabel(g.abo, g.rh), formatCifra(g.cantidad)])}
          />
        )}
      </View>
      <View style={{ width: '54%' }}>
        <Text style={s.sectionTitle}>Serología</Text>
        <Tabla
          columnas={[
            { head: 'Marcador', width: '28%' },
            { head: 'Analizadas', width: '18%', num: true },
            { head: 'Sin analizar', width: '18%', num: true },
            { head: 'Reactivas', width: '18%', num: true },
            { head: '% reactivas', width: '18%', num: true },
          ]}
          filas={serologia.map((m) => [
            marcadorLabel(m.marcador),
            formatCifra(m.analizadas),
            formatCifra(m.pendientes),
            formatCifra(m.reactivas),
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

/**
 * Every point of the series as a stacked bar (voluntary below, replacement above), one Canvas node.
 * A point whose figures are not published ('menos de 5') has no bar, only a short mark under the
 * axis: never a bar of zero.
 */
function Barras({ data }: { data: ReportePdfData }) {
  const { serie } = data.indicadores;
  const suprimido = (p: (typeof serie)[number]) => p.voluntarias === null || p.reposicion === null;
  const max = Math.max(1, ...serie.map((p) => (suprimido(p) ? 0 : (p.donaciones ?? 0))));
  const paint = (painter: Painter, width: number, height: number) => {
    const step = width / Math.max(1, serie.length);
    const gap = step > 4 ? Math.min(step * 0.25, 6) : 0;
    serie.forEach((p, i) => {
      const x = i * step + gap / 2;
      const w = Math.max(step - gap, 0.3);
      if (suprimido(p)) {
        painter
          .moveTo(x, height - 3)
          .lineTo(x + w, height - 3)
          .lineWidth(0.75)
          .strokeColor(RULE)
          .stroke();
        return;
      }
      const hv = ((p.voluntarias ?? 0) / max) * height;
      const hr = ((p.reposicion ?? 0) / max) * height;
      if (hv > 0) painter.rect(x, height - hv, w, hv).fill(COLOR_VOLUNTARIAS);
      if (hr > 0) painter.rect(x, height - hv - hr, w, hr).fill(COLOR_REPOSICION);
    });
    painter.moveTo(0, height).lineTo(width, height).lineWidth(0.75).strokeColor(RULE).stroke();
    return null;
  };
  const texto = `Máximo: ${formatNumero(max)} donaciones por período`;
  return (
    <View>
      <View style={{ flexDirection: 'row', justifyContent: 'space-between', marginBottom: 3 }}>
        <Text style={{ fontSize: SIZE.small }}>
          {serie.some(suprimido) ? `${texto}; sin barra: ${MSG.menosDeCinco}` : texto}
        </Text>
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
    formatCifra(f.donaciones),
    formatCifra(f.voluntarias),
    formatCifra(f.reposicion),
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

/*
 * Where the network's table goes. Measured at the fullest first page (9 blood groups, a series
 * table of 15 rows a column and the note on merged periods): RED_LINEAS_BASE lines of the table
 * fit under it, its head included (one member and the total); each row the series or the groups
 * leave free adds one. A name counts a line per NOMBRE_CARACTERES_POR_LINEA characters (fewer
 * than its column holds), so the estimate errs towards a page of its own.
 */
const RED_LINEAS_BASE = 2;
const GRUPOS_MAX = 9;
const NOMBRE_CARACTERES_POR_LINEA = 30;
const RED_SERVICIO_ANCHO = 31;

/** Whether the network's table by servicio fits under the series on the first page. */
export function redEnPrimeraPagina(data: ReportePdfData): boolean {
  const porServicio = data.porServicio ?? [];
  const serie = compactarSerie(data.indicadores, SERIE_FILAS_MAX).length;
  const serieFilas = serie > FILAS_POR_COLUMNA ? Math.ceil(serie / 2) : serie;
  const gruposFilas = Math.max(
    data.indicadores.serologia.length,
    Math.max(1, data.indicadores.porGrupo.length),
  );
  const libres = RED_LINEAS_BASE + (FILAS_POR_COLUMNA - serieFilas) + Math.max(0, GRUPOS_MAX - gruposFilas);
  const lineas = porServicio.reduce(
    (n, p) => n + Math.max(1, Math.ceil(p.servicio.nombre.length / NOMBRE_CARACTERES_POR_LINEA)),
    1,
  );
  return lineas <= libres;
}

/** The network's table by servicio: one row per member, then the network's total in bold. */
function PorServicio({ data, aparte }: { data: ReportePdfData; aparte: boolean }) {
  const porServicio = data.porServicio ?? [];
  const columnas: Columna[] = [
    { head: 'Servicio', width: `${RED_SERVICIO_ANCHO}%` },
    ...COLUMNAS_RED.map((c) => ({
      head: c.label,
      width: `${(100 - RED_SERVICIO_ANCHO) / COLUMNAS_RED.length}%`,
      num: true,
    })),
  ];
  const fila = (nombre: string, i: ReportePdfData['indicadores']) => [
    nombre,
    ...COLUMNAS_RED.map((c) => valorTexto(c, i)),
  ];
  return (
    <View style={s.section}>
      <Text style={s.sectionTitle} fixed={aparte}>
        {aparte ? `Por servicio (${formatNumero(porServicio.length)} servicios)` : 'Por servicio'}
      </Text>
      {porServicio.length === 0 ? (
        <Text>La red todavía no tiene servicios miembros.</Text>
      ) : (
        <Tabla
          columnas={columnas}
          filas={[
            ...porServicio.map((p) => fila(p.servicio.nombre, p.indicadores)),
            fila(TOTAL_RED, data.indicadores),
          ]}
          destacadas={[porServicio.length]}
          cabeceraFija={aparte}
          ajustable
        />
      )}
    </View>
  );
}

const COMPONENTE_ANCHO = 19;
const MOTIVO_ANCHO = 28;

/**
 * What became of the blood, on a page of its own: per component type (COLUMNAS_COMPONENTES, one
 * column each), then the discarded units by reason, one column per type. Four types and ten
 * reasons at most: the page never runs over.
 */
function Componentes({ componentes }: { componentes: ComponenteImprimible[] }) {
  const motivos = descartesPorMotivo(componentes);
  const ancho = (resto: number, n: number) => `${(100 - resto) / n}%`;
  return (
    <>
      <View style={s.section}>
        <Text style={s.sectionTitle}>Componentes por tipo</Text>
        <Tabla
          columnas={[
            { head: 'Componente', width: `${COMPONENTE_ANCHO}%` },
            ...COLUMNAS_COMPONENTES.map((c) => ({
              head: c.label,
              width: ancho(COMPONENTE_ANCHO, COLUMNAS_COMPONENTES.length),
              num: true,
            })),
          ]}
          filas={componentes.map((t) => [
            componenteLabel(t.tipo),
            ...COLUMNAS_COMPONENTES.map((c) => formatCifra(c.valor(t))),
          ])}
          ajustable
        />
      </View>
      <View style={s.section}>
        <Text style={s.sectionTitle}>Descartados por motivo</Text>
        {motivos.length === 0 ? (
          <Text>Sin descartes en el período.</Text>
        ) : (
          <Tabla
            columnas={[
              { head: 'Motivo', width: `${MOTIVO_ANCHO}%` },
              ...componentes.map((t) => ({
                head: componenteLabel(t.tipo),
                width: ancho(MOTIVO_ANCHO, componentes.length),
                num: true,
              })),
            ]}
            filas={motivos.map((m) => [motivoLabel(m.motivo), ...m.cantidades.map((n) => formatCifra(n))])}
            ajustable
          />
        )}
      </View>
    </>
  );
}

/** Whether the report shows a figure that is not published ('menos de 5'): its note goes at the foot. */
const conSuprimidas = (data: ReportePdfData) =>
  data.porServicio === undefined
    ? haySuprimidas(data.indicadores)
    : redConSuprimidas({ total: data.indicadores, porServicio: data.porServicio });

/** The foot of every page: when and whose; above it, in the margin, the note on 'menos de 5'. */
function Pie({ data }: { data: ReportePdfData }) {
  const style = { position: 'absolute', bottom: mm(8), fontSize: SIZE.small, color: RULE } as const;
  return (
    <>
      {conSuprimidas(data) && (
        <Text style={{ ...style, bottom: mm(11.5), left: mm(15), right: mm(15) }} fixed>
          {MSG.notaSupresionCorta}
        </Text>
      )}
      <Text style={{ ...style, left: mm(15) }} fixed>{`Generado el ${formatDateTime(data.generado)}`}</Text>
      <Text style={{ ...style, right: mm(15) }} fixed>
        {data.servicio.nombre}
      </Text>
    </>
  );
}

export type ReportePdfProps = { data: ReportePdfData };

/** The one-page report of /reportes ('Descargar PDF'); a network's adds its table by servicio. */
export function ReportePdf({ data }: ReportePdfProps) {
  const { desde, hasta } = data.indicadores;
  const red = data.porServicio !== undefined;
  const aparte = red && !redEnPrimeraPagina(data);
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
        {red && !aparte && <PorServicio data={data} aparte={false} />}
        <Pie data={data} />
      </Page>
      {aparte && (
        <Page size="A4" style={s.page}>
          <View fixed>
            <Header data={data} />
          </View>
          <PorServicio data={data} aparte />
          <Pie data={data} />
        </Page>
      )}
      {componentesDe(data.indicadores).length > 0 && (
        <Page size="A4" style={s.page}>
          <Header data={data} />
          <Componentes componentes={componentesDe(data.indicadores)} />
          <Pie data={data} />
        </Page>
      )}
    </Document>
  );
}
