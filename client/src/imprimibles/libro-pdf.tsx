import type { ReactNode } from 'react';
import { Canvas, Document, Page, Text, type Styles } from '@react-pdf/renderer';
import {
  SEROLOGIA_KEYS,
  chronological,
  chunk,
  formatLibroDate,
  formatLibroTime,
  formatDomicilio,
  formatRh,
  formatSigno,
  formatTension,
  formatLugarNacimiento,
  formatCadenaAuditoria,
  mm,
  libroFileName,
  tipoDonante,
} from './format';
import { FONT, FONT_BOLD, INK, RULE } from './pdf-styles';
import { huellaDonaciones } from './huella';
import type { SignosVitales } from '@domain/donacion';
import { codigoEtiquetaImpreso } from '@domain/etiquetas';
import { ANTICUERPOS_IRREGULARES_LABELS, type AnticuerposIrregulares } from '@domain/donacion';
import type { DonacionImprimible, SerologiaKey, ServicioImprimible } from './types';

export { libroFileName as fileName };

/*
 * The book is a few hundred pages of the same ruled table, so it is laid out for speed (issue 10:
 * 900 donations in under 3 s in the browser). react-pdf's cost grows with its nodes (style
 * resolution, yoga, text layout per <Text>), and a bordered <View> cell with its <Text>s was
 * several nodes per value. So every text is still a react-pdf <Text>, but placed at coordinates
 * computed from the column tables below: short values (numbers, dates, signs) a whole column per
 * <Text>, one line per row; values that may wrap (names, addresses, places) a <Text> per cell.
 * The rules are drawn by one <Canvas> per page from a rule table built once. Each <Page> is exactly
 * one sheet side (wrap={false}), which spares react-pdf its pagination pass, a second layout of
 * every page.
 */

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

const PAGE_W = 297;
const PAGE_H = 210;
const MARGIN_LEFT = 18; // binding side
const MARGIN_RIGHT = 12;
const MARGIN_V = 9;
const HEADER_H = 13;
const COLUMN_HEAD_H = 13;
/** Height of the group title band ('Signos clínicos', 'Serología reactiva') in the column head. */
const GROUP_TITLE_H = 4;
const ROW_H = 17;
const FOOTER_BOTTOM = 4;

/** Text sizes (pt) and the line height every text uses, as a multiple of its size. */
const SIZE = { cell: 8.5, small: 7.5, head: 7.5, subHead: 7, serologiaHead: 6.5, mark: 12 };
const LINE_HEIGHT = 1.2;
/** Inner padding of a cell (pt). */
const PAD = 3;
const HEAD_PAD = 2;

// ---------------------------------------------------------------------------
// Geometry, in points from the page's top-left corner

const TABLE_LEFT = mm(MARGIN_LEFT);
const TABLE_RIGHT = mm(PAGE_W - MARGIN_RIGHT);
const HEAD_TOP = mm(MARGIN_V + HEADER_H);
const BODY_TOP = HEAD_TOP + mm(COLUMN_HEAD_H);
const ROW = mm(ROW_H);
const BODY_BOTTOM = BODY_TOP + DONORS_PER_SHEET * ROW;
const rowTop = (i: number) => BODY_TOP + i * ROW;

type Box = { x: number; w: number };

/** Left edge and width of each column, in order, from the table's left edge. */
function columnBoxes<K extends string>(widths: readonly (readonly [K, number])[]): Record<K, Box> {
  const boxes = {} as Record<K, Box>;
  let x = TABLE_LEFT;
  for (const [key, w] of widths) {
    boxes[key] = { x, w: mm(w) };
    x += mm(w);
  }
  return boxes;
}

const C1 = columnBoxes(Object.entries(COLUMNS_PAGE1) as [keyof typeof COLUMNS_PAGE1, number][]);

type Page2Column = Exclude<keyof typeof COLUMNS_PAGE2, 'serologia'> | SerologiaKey;
const C2 = columnBoxes<Page2Column>([
  ['numero', COLUMNS_PAGE2.numero],
  ['tipo', COLUMNS_PAGE2.tipo],
  ['ta', COLUMNS_PAGE2.ta],
  ['fc', COLUMNS_PAGE2.fc],
  ['peso', COLUMNS_PAGE2.peso],
  ['temp', COLUMNS_PAGE2.temp],
  ['htoHb', COLUMNS_PAGE2.htoHb],
  ['aboRh', COLUMNS_PAGE2.aboRh],
  ['anticuerpos', COLUMNS_PAGE2.anticuerpos],
  ['autoexclusion', COLUMNS_PAGE2.autoexclusion],
  ...SEROLOGIA_KEYS.map((key) => [key, COLUMNS_PAGE2.serologia] as const),
]);
const SIGNOS: readonly Page2Column[] = ['ta', 'fc', 'peso', 'temp'];
const span = (from: Box, to: Box): Box => ({ x: from.x, w: to.x + to.w - from.x });
const SIGNOS_BOX = span(C2.ta, C2.temp);
const SEROLOGIA_BOX = span(C2[SEROLOGIA_KEYS[0]], C2[SEROLOGIA_KEYS[SEROLOGIA_KEYS.length - 1]]);

const SEROLOGIA_HEADS: Record<SerologiaKey, string> = {
  hiv: 'HIV',
  hepB: 'HBV',
  hepC: 'HCV',
  vdrl: 'VDRL\nsífilis',
  brucelosis: 'Bruce-\nlosis',
  chagas: 'Chagas',
  htlv: 'HTLV',
};

// ---------------------------------------------------------------------------
// Rules: the same for every page of a kind, built once

type Rule = { x1: number; y1: number; x2: number; y2: number; width: number; color: string };

const hRule = (y: number, x1: number, x2: number, width: number, color = INK): Rule => ({
  x1,
  y1: y,
  x2,
  y2: y,
  width,
  color,
});
const vRule = (x: number, y1: number, y2: number, width: number, color = INK): Rule => ({
  x1: x,
  y1,
  x2: x,
  y2,
  width,
  color,
});

/**
 * The table's rules: a black frame around the column head, black column lines in the head and
 * grey ones in the body, a thin grey line under each of the 9 rows (empty rows stay ruled, like
 * the paper book). `boxes` are the columns; `groups` the head groups with their own sub-columns.
 */
function tableRules(boxes: Box[], groups: { box: Box; columns: Box[] }[]): Rule[] {
  const rules: Rule[] = [
    hRule(HEAD_TOP, TABLE_LEFT, TABLE_RIGHT, 1),
    hRule(BODY_TOP, TABLE_LEFT, TABLE_RIGHT, 1),
    vRule(TABLE_LEFT, HEAD_TOP, BODY_BOTTOM, 1),
  ];
  for (const box of boxes) {
    const x = box.x + box.w;
    const inGroup = groups.some((g) => g.columns.slice(0, -1).includes(box));
    // Inside a group the head has thin lines only below the group title.
    if (!inGroup) rules.push(vRule(x, HEAD_TOP, BODY_TOP, 1));
    rules.push(vRule(x, BODY_TOP, BODY_BOTTOM, 1, RULE));
  }
  for (const { box, columns } of groups) {
    const titleBottom = HEAD_TOP + mm(GROUP_TITLE_H);
    rules.push(hRule(titleBottom, box.x, box.x + box.w, 0.5));
    for (const c of columns.slice(0, -1)) rules.push(vRule(c.x + c.w, titleBottom, BODY_TOP, 0.5));
  }
  for (let i = 1; i <= DONORS_PER_SHEET; i++)
    rules.push(hRule(rowTop(i), TABLE_LEFT, TABLE_RIGHT, 0.5, RULE));
  return rules;
}

/** Line width of the frame around a flagged row (the table's own rules are 1 and 0.5 pt). */
const HEAVY = 2.5;

/** A heavy frame around row i of the clinical page: a donor with a reactive result or excluded for good. */
function heavyRowFrame(i: number): Rule[] {
  const [top, bottom] = [rowTop(i), rowTop(i + 1)];
  return [
    hRule(top, TABLE_LEFT, TABLE_RIGHT, HEAVY),
    hRule(bottom, TABLE_LEFT, TABLE_RIGHT, HEAVY),
    vRule(TABLE_LEFT, top, bottom, HEAVY),
    vRule(TABLE_RIGHT, top, bottom, HEAVY),
  ];
}

const RULES_PAGE1 = tableRules(Object.values(C1), []);
const RULES_PAGE2 = tableRules(Object.values(C2), [
  { box: SIGNOS_BOX, columns: SIGNOS.map((k) => C2[k]) },
  { box: SEROLOGIA_BOX, columns: SEROLOGIA_KEYS.map((k) => C2[k]) },
]);

/** The part of react-pdf's <Canvas> painter (pdfkit's drawing calls) the rules use. */
type Painter = {
  moveTo(x: number, y: number): Painter;
  lineTo(x: number, y: number): Painter;
  lineWidth(width: number): Painter;
  strokeColor(color: string): Painter;
  stroke(): Painter;
};

/**
 * The page's rules, over the whole page: one <Canvas> that strokes the rule table, where an <Svg>
 * of <Line>s was some 40 more nodes per page for react-pdf to resolve (about a tenth of the
 * book's time). It is also the page's only child in the normal flow: a page with wrap={false}
 * is as tall as its content, so this one gives it its A4 height.
 */
function Rules({ rules }: { rules: Rule[] }) {
  const paint = (painter: Painter) => {
    for (const r of rules) {
      painter.moveTo(r.x1, r.y1).lineTo(r.x2, r.y2).lineWidth(r.width).strokeColor(r.color).stroke();
    }
    return null;
  };
  return <Canvas style={{ width: mm(PAGE_W), height: mm(PAGE_H) }} paint={paint} />;
}

// ---------------------------------------------------------------------------
// Placed texts

type TextStyle = Styles[string];

type CellProps = {
  box: Box;
  /** Top and height of the cell's frame. */
  top: number;
  height: number;
  /**
   * Centred both ways when given: the number of lines the text takes (short values that never
   * wrap, so the height is known without measuring). Otherwise top-left aligned.
   */
  lines?: number;
  size?: number;
  bold?: boolean;
  pad?: number;
  children: ReactNode;
};

function Cell({ box, top, height, lines, size = SIZE.cell, bold, pad = PAD, children }: CellProps) {
  const style: TextStyle = {
    position: 'absolute',
    left: box.x + pad,
    width: box.w - 2 * pad,
    top: lines ? top + (height - lines * size * LINE_HEIGHT) / 2 : top + pad,
    // With its own size: a unitless line height is resolved against the size beside it.
    fontSize: size,
    lineHeight: LINE_HEIGHT,
  };
  if (lines) style.textAlign = 'center';
  if (bold) style.fontFamily = FONT_BOLD;
  return <Text style={style}>{children}</Text>;
}

const bold: TextStyle = { fontFamily: FONT_BOLD };

/** A row cell: `i` is the row (0-8). */
/** The book's word for a 'Grupo discordante' donation, under its group (the column is 22 mm). */
export const LIBRO_GRUPO_DISCORDANTE = 'Discordante';

/** The irregular antibodies' first line in the book: the result in words. */
export function anticuerposLinea(d: Pick<DonacionImprimible, 'anticuerposIrregulares'>): string {
  if (d.anticuerposIrregulares === undefined || d.anticuerposIrregulares === null) return '';
  return ANTICUERPOS_IRREGULARES_LABELS[d.anticuerposIrregulares as AnticuerposIrregulares] ?? '';
}

function RowCell(props: Omit<CellProps, 'top' | 'height'> & { i: number }) {
  return <Cell {...props} top={rowTop(props.i)} height={ROW} />;
}

type ColumnProps = {
  box: Box;
  /** One value per row, '' for a blank cell. */
  values: string[];
  /** The value's line in its cell, and the cell's number of lines (the cell is centred). */
  line?: number;
  lines?: number;
  /** Top-left in the cell instead of centred. */
  alignTop?: boolean;
  size?: number;
  bold?: boolean;
};

/** Width of a column's text box: far wider than any column, so that its lines never wrap. */
const NO_WRAP_W = 1000;

/**
 * A whole column of short values as one <Text>: a line per row, the line height being the row's
 * height. Nine values cost react-pdf one node instead of nine. For values that fit their column
 * (numbers, dates, fixed words); the text box is much wider than the column, so a value too long
 * for it overflows its cell, as it would from a bordered one, but never wraps: a wrapped line
 * would push every row below it out of line with its donor.
 */
function Column({ box, values, line = 0, lines = 1, alignTop = false, size = SIZE.cell, bold }: ColumnProps) {
  const last = values.findLastIndex(Boolean);
  if (last < 0) return null;
  const lineHeight = size * LINE_HEIGHT;
  const style: TextStyle = {
    position: 'absolute',
    left: alignTop ? box.x + PAD : box.x + box.w / 2 - NO_WRAP_W / 2,
    width: NO_WRAP_W,
    top: BODY_TOP + (alignTop ? PAD : (ROW - lines * lineHeight) / 2) + line * lineHeight,
    fontSize: size,
    // A multiple of the size: ROW points.
    lineHeight: ROW / size,
  };
  if (!alignTop) style.textAlign = 'center';
  if (bold) style.fontFamily = FONT_BOLD;
  return <Text style={style}>{values.slice(0, last + 1).join('\n')}</Text>;
}

/** A column head, centred in the head band (or in the part of it below a group title). */
function HeadCell({
  box,
  text,
  size = SIZE.head,
  inGroup = false,
}: {
  box: Box;
  text: string;
  size?: number;
  /** Below a group title: the lower part of the head band. */
  inGroup?: boolean;
}) {
  const top = inGroup ? HEAD_TOP + mm(GROUP_TITLE_H) : HEAD_TOP;
  const height = mm(COLUMN_HEAD_H) - (inGroup ? mm(GROUP_TITLE_H) : 0);
  return (
    <Cell box={box} top={top} height={height} lines={text.split('\n').length} size={size} pad={HEAD_PAD} bold>
      {text}
    </Cell>
  );
}

function GroupTitle({ box, text }: { box: Box; text: string }) {
  return (
    <Cell box={box} top={HEAD_TOP} height={mm(GROUP_TITLE_H)} lines={1} size={SIZE.head} pad={1} bold>
      {text}
    </Cell>
  );
}

const pageStyle: TextStyle = { fontFamily: FONT, fontSize: SIZE.cell };

/** The page's number is printed once, at its foot (Footer): the header names the book and the part. */
function SheetHeader({ servicio, parte }: Pick<PageProps, 'servicio'> & { parte: string }) {
  const top = mm(MARGIN_V);
  return (
    <>
      <Text style={{ position: 'absolute', left: TABLE_LEFT, top, fontFamily: FONT_BOLD, fontSize: 13 }}>
        Libro de registro de donaciones
      </Text>
      {/* 17 pt: the 13 pt title's line and a small gap */}
      <Text style={{ position: 'absolute', left: TABLE_LEFT, top: top + 17, fontSize: 8 }}>{parte}</Text>
      <Text
        style={{
          position: 'absolute',
          right: mm(MARGIN_RIGHT),
          top,
          fontSize: 8,
          lineHeight: LINE_HEIGHT,
          textAlign: 'right',
        }}
      >
        <Text style={bold}>{servicio.nombre}</Text>
      </Text>
      {/* Under them, the audit chain's head when printed: the paper anchors the chain. */}
      {servicio.cadenaAuditoria && (
        <Text
          style={{
            position: 'absolute',
            right: mm(MARGIN_RIGHT),
            top: top + 2 * 8 * LINE_HEIGHT,
            fontSize: SIZE.small,
            textAlign: 'right',
          }}
        >
          {formatCadenaAuditoria(servicio.cadenaAuditoria)}
        </Text>
      )}
    </>
  );
}

/**
 * Each page is exactly one sheet side, so its number is known here (no render prop). In the middle,
 * the sheet's fingerprint (./huella): the same on both sides, as they list the same donations.
 */
function Footer({
  servicio,
  page,
  pages,
  huella,
}: {
  servicio: ServicioImprimible;
  page: number;
  pages: number;
  huella: string;
}) {
  const style = { position: 'absolute', bottom: mm(FOOTER_BOTTOM), fontSize: SIZE.small } as const;
  return (
    <>
      <Text style={{ ...style, left: TABLE_LEFT }}>{servicio.nombre}</Text>
      <Text style={{ ...style, left: TABLE_LEFT, right: mm(MARGIN_RIGHT), textAlign: 'center' }}>
        {`Huella: ${huella}`}
      </Text>
      <Text style={{ ...style, right: mm(MARGIN_RIGHT) }}>{`Página ${page} de ${pages}`}</Text>
    </>
  );
}

/** Non-empty parts, one per line. */
const joinLines = (...parts: string[]) => parts.filter(Boolean).join('\n');

/** The cells whose values may wrap (names, addresses, places): one <Text> each. */
function IdentityRow({ d, i }: { d: DonacionImprimible; i: number }) {
  const { donante } = d;
  const domicilio = [formatDomicilio(donante), donante.localidadActual].filter(Boolean).join(' - ');
  const lugar = formatLugarNacimiento(donante);
  return (
    <>
      <RowCell i={i} box={C1.nombre}>
        <Text style={bold}>{`${donante.apellido}, ${donante.nombre}`}</Text>
        {`\nDNI ${donante.dni}`}
      </RowCell>
      <RowCell i={i} box={C1.domicilio}>
        {joinLines(domicilio, donante.telefono ? `Tel. ${donante.telefono}` : '')}
      </RowCell>
      {lugar && (
        <Cell box={C1.nacimiento} top={rowTop(i) + SIZE.cell * LINE_HEIGHT} height={ROW} size={SIZE.small}>
          {lugar}
        </Cell>
      )}
    </>
  );
}

function IdentityPage({ rows, servicio, hoja, hojas, huella }: PageProps) {
  return (
    <Page size="A4" orientation="landscape" style={pageStyle} wrap={false}>
      <Rules rules={RULES_PAGE1} />
      <SheetHeader servicio={servicio} parte="Datos del donante" />
      <HeadCell box={C1.numero} text="N°" />
      <HeadCell box={C1.fechaHora} text="Fecha y hora" />
      <HeadCell box={C1.nombre} text="Apellido y nombre - DNI" />
      <HeadCell box={C1.domicilio} text="Domicilio y teléfono" />
      <HeadCell box={C1.nacimiento} text="Fecha y lugar de nacimiento" />
      <Column box={C1.numero} values={rows.map((d) => d.numero)} lines={2} bold />
      {/* Under the number, its code: the number and its check character, set apart ('39-8'). */}
      <Column
        box={C1.numero}
        values={rows.map((d) => `Cód. ${codigoEtiquetaImpreso(d.codigo)}`)}
        line={1}
        lines={2}
      />
      <Column box={C1.fechaHora} values={rows.map((d) => formatLibroDate(d.fecha))} lines={2} />
      <Column box={C1.fechaHora} values={rows.map((d) => formatLibroTime(d.hora))} line={1} lines={2} />
      <Column
        box={C1.nacimiento}
        values={rows.map((d) => formatLibroDate(d.donante.fechaNacimiento))}
        alignTop
      />
      {rows.map((d, i) => (
        <IdentityRow key={i} d={d} i={i} />
      ))}
      <Footer servicio={servicio} page={hoja * 2 - 1} pages={hojas * 2} huella={huella} />
    </Page>
  );
}

/**
 * What must not be missed on a donor's row, in words (not by a mark or colour alone): a reactive
 * serology marker, a definitive exclusion.
 */
export function rowWarnings(d: DonacionImprimible): string[] {
  const warnings: string[] = [];
  if (SEROLOGIA_KEYS.some((key) => d.serologia?.[key] === true)) warnings.push('SEROLOGÍA REACTIVA');
  if (d.exclusionDefinitiva === 'Definitiva') warnings.push('EXCLUSIÓN DEFINITIVA');
  return warnings;
}

/** Every clinical value is short; only the antibodies are free text, one <Text> per cell. */
function ClinicalColumns({ rows }: { rows: DonacionImprimible[] }) {
  const signos = rows.map((d) => d.signos);
  const signo = (key: keyof SignosVitales) => signos.map((s) => formatSigno(s?.[key]));
  const tipos = rows.map((d) => tipoDonante(d));
  const warnings = rows.map(rowWarnings);
  return (
    <>
      <Column box={C2.numero} values={rows.map((d) => d.numero)} bold />
      <Column
        box={C2.tipo}
        values={tipos.map((t) => (t.voluntario ? 'Voluntario' : 'Reposición'))}
        alignTop
      />
      <Column
        box={C2.tipo}
        values={tipos.map((t) => (t.habitual ? 'Habitual / esporádico' : 'Primera vez'))}
        alignTop
        line={1}
        size={SIZE.small}
      />
      {/* under the donor type, in bold capitals; the row is framed heavily too (ClinicalPage) */}
      {[0, 1].map((n) => (
        <Column
          key={n}
          box={C2.tipo}
          values={warnings.map((w) => w[n] ?? '')}
          alignTop
          line={2 + n}
          size={SIZE.small}
          bold
        />
      ))}
      <Column box={C2.ta} values={signos.map((s) => (s ? formatTension(s) : ''))} />
      <Column box={C2.fc} values={signo('fc')} />
      <Column box={C2.peso} values={signo('peso')} />
      <Column box={C2.temp} values={signo('temp')} />
      <Column box={C2.htoHb} values={signo('hto').map((v) => v && `Hto ${v} %`)} lines={2} />
      <Column box={C2.htoHb} values={signo('hb').map((v) => v && `Hb ${v} g/dL`)} line={1} lines={2} />
      <Column box={C2.aboRh} values={rows.map((d) => d.abo ?? '')} lines={2} bold />
      <Column box={C2.aboRh} values={rows.map((d) => formatRh(d.rh))} line={1} lines={2} />
      {/* A group that differs from the donor's history, until a repeat typing: under the group. */}
      <Column
        box={C2.aboRh}
        values={rows.map((d) => (d.grupoDiscordante ? LIBRO_GRUPO_DISCORDANTE : ''))}
        line={2}
        lines={2}
        size={SIZE.small}
        bold
      />
      <Column
        box={C2.autoexclusion}
        values={rows.map((d) => (d.autoexclusion === true ? 'Sí' : d.autoexclusion === false ? 'No' : ''))}
      />
      {SEROLOGIA_KEYS.map((key) => (
        <Column
          key={key}
          box={C2[key]}
          values={rows.map((d) => (d.serologia?.[key] === true ? 'X' : ''))}
          size={SIZE.mark}
          bold
        />
      ))}
      {/* 'Negativo', 'Positivo' over the antibody found, 'Sin realizar'; blank when not known. */}
      <Column box={C2.anticuerpos} values={rows.map(anticuerposLinea)} line={0} lines={2} />
      <Column
        box={C2.anticuerpos}
        values={rows.map((d) => (d.anticuerposIrregulares === 'POSITIVO' ? (d.anticuerpo ?? '') : ''))}
        line={1}
        lines={2}
        size={SIZE.small}
      />
    </>
  );
}

function ClinicalPage({ rows, servicio, hoja, hojas, huella }: PageProps) {
  const frames = rows.flatMap((d, i) => (rowWarnings(d).length ? heavyRowFrame(i) : []));
  return (
    <Page size="A4" orientation="landscape" style={pageStyle} wrap={false}>
      <Rules rules={frames.length ? [...RULES_PAGE2, ...frames] : RULES_PAGE2} />
      <SheetHeader servicio={servicio} parte="Datos clínicos e inmunohematología" />
      <HeadCell box={C2.numero} text="N°" />
      <HeadCell box={C2.tipo} text="Tipo de donante" />
      <GroupTitle box={SIGNOS_BOX} text="Signos clínicos" />
      <HeadCell box={C2.ta} text="TA" size={SIZE.subHead} inGroup />
      <HeadCell box={C2.fc} text="FC" size={SIZE.subHead} inGroup />
      <HeadCell box={C2.peso} text="Peso" size={SIZE.subHead} inGroup />
      <HeadCell box={C2.temp} text="Temp." size={SIZE.subHead} inGroup />
      <HeadCell box={C2.htoHb} text={'Hematocrito y\nhemoglobina'} />
      <HeadCell box={C2.aboRh} text="ABO y Rh" />
      <HeadCell box={C2.anticuerpos} text={'Anticuerpos\nirregulares'} />
      <HeadCell box={C2.autoexclusion} text="Autoexclusión" />
      <GroupTitle box={SEROLOGIA_BOX} text="Serología reactiva" />
      {SEROLOGIA_KEYS.map((key) => (
        <HeadCell key={key} box={C2[key]} text={SEROLOGIA_HEADS[key]} size={SIZE.serologiaHead} inGroup />
      ))}
      <ClinicalColumns rows={rows} />
      <Footer servicio={servicio} page={hoja * 2} pages={hojas * 2} huella={huella} />
    </Page>
  );
}

type PageProps = {
  /** The sheet's donations (up to 9); the rows below them stay empty but ruled. */
  rows: DonacionImprimible[];
  servicio: ServicioImprimible;
  hoja: number;
  hojas: number;
  /** The fingerprint of `rows` (huellaDonaciones), printed at the foot of both sides. */
  huella: string;
};

export type LibroPdfProps = { donaciones: DonacionImprimible[]; servicio: ServicioImprimible };

/**
 * The caller must not print an empty list (there is nothing to register). The book is
 * chronological, oldest first, whatever the order of the list given.
 */
export function LibroPdf({ donaciones, servicio }: LibroPdfProps) {
  const sheets = chunk(chronological(donaciones), DONORS_PER_SHEET);
  return (
    <Document title="Libro de registro de donaciones" language="es">
      {sheets.flatMap((rows, i) => {
        const page = { rows, servicio, hoja: i + 1, hojas: sheets.length, huella: huellaDonaciones(rows) };
        return [<IdentityPage key={`a${i}`} {...page} />, <ClinicalPage key={`b${i}`} {...page} />];
      })}
    </Document>
  );
}
