/**
 * Building blocks shared by every printable form: an A4 page with a header (room for the service's
 * name and logo), labelled lines to fill by hand, check boxes, ruled log tables, legal text and
 * signature lines. Rendered with @react-pdf/renderer in Node (see generate.tsx).
 */
import React from 'react';
import { Font, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';

// Never split words with hyphens (react-pdf hyphenates English-style by default).
Font.registerHyphenationCallback((word) => [word]);

export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#444444';
export const SHADE = '#e6e6e6';

export const s = StyleSheet.create({
  page: {
    paddingTop: '10mm',
    paddingBottom: '14mm',
    paddingHorizontal: '12mm',
    fontFamily: 'Helvetica',
    fontSize: 9,
    color: INK,
    lineHeight: 1.25,
  },
  header: {
    flexDirection: 'row',
    borderWidth: 1,
    borderColor: RULE,
    marginBottom: 8,
  },
  logo: {
    width: '30mm',
    borderRightWidth: 1,
    borderColor: RULE,
    alignItems: 'center',
    justifyContent: 'center',
    padding: 4,
  },
  logoText: { fontSize: 7, color: '#999999', textAlign: 'center' },
  headerCenter: { flex: 1, padding: 5, justifyContent: 'space-between' },
  headerRight: {
    width: '38mm',
    borderLeftWidth: 1,
    borderColor: RULE,
    padding: 5,
    justifyContent: 'space-around',
  },
  title: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 12.5,
    textAlign: 'center',
    marginTop: 4,
    textTransform: 'uppercase',
  },
  subtitle: { fontSize: 8, textAlign: 'center', color: MUTED, marginTop: 2 },
  small: { fontSize: 7.5 },
  muted: { color: MUTED },
  bold: { fontFamily: 'Helvetica-Bold' },
  footer: {
    position: 'absolute',
    bottom: '6mm',
    left: '12mm',
    right: '12mm',
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 7,
    color: MUTED,
    borderTopWidth: 0.5,
    borderColor: '#999999',
    paddingTop: 2,
  },
  row: { flexDirection: 'row', alignItems: 'flex-end' },
  field: { flexDirection: 'row', alignItems: 'flex-end', marginRight: 8, marginTop: 7 },
  fieldLabel: { fontSize: 8.5, marginRight: 3 },
  fieldLine: { flex: 1, borderBottomWidth: 0.75, borderColor: RULE, height: 11 },
  section: { marginTop: 8 },
  sectionTitle: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 9,
    backgroundColor: SHADE,
    paddingVertical: 2,
    paddingHorizontal: 4,
    textTransform: 'uppercase',
  },
  box: { width: 8, height: 8, borderWidth: 0.75, borderColor: INK, marginRight: 3 },
  option: { flexDirection: 'row', alignItems: 'center', marginRight: 10 },
  paragraph: { fontSize: 9, textAlign: 'justify', marginTop: 4 },
  table: { borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: RULE },
  tr: { flexDirection: 'row' },
  th: {
    borderRightWidth: 0.75,
    borderBottomWidth: 0.75,
    borderColor: RULE,
    backgroundColor: SHADE,
    fontFamily: 'Helvetica-Bold',
    fontSize: 7.5,
    padding: 2,
    textAlign: 'center',
    justifyContent: 'center',
  },
  td: {
    borderRightWidth: 0.75,
    borderBottomWidth: 0.75,
    borderColor: RULE,
    fontSize: 8,
    paddingHorizontal: 2,
    justifyContent: 'center',
  },
  signature: { flex: 1, marginHorizontal: 8, alignItems: 'center' },
  signatureLine: { alignSelf: 'stretch', borderTopWidth: 0.75, borderColor: INK, marginTop: 30 },
  signatureLabel: { fontSize: 7.5, marginTop: 2, textAlign: 'center' },
  legend: { fontSize: 7, color: MUTED, marginTop: 4 },
});

type PageProps = {
  title: string;
  code: string;
  subtitle?: string;
  orientation?: 'portrait' | 'landscape';
  /** One line with the form's legal basis or use, printed in the footer. */
  note?: string;
  compact?: boolean;
  children: React.ReactNode;
};

/** A4 page with the form header (logo box, service and institution lines, title, code) and footer. */
export function FormPage({
  title,
  code,
  subtitle,
  orientation = 'portrait',
  note,
  compact,
  children,
}: PageProps) {
  return (
    <Page size="A4" orientation={orientation} style={s.page}>
      <View style={s.header} fixed>
        <View style={[s.logo, compact ? { width: '24mm' } : {}]}>
          <Text style={s.logoText}>LOGO DEL{'\n'}SERVICIO</Text>
        </View>
        <View style={s.headerCenter}>
          <View style={[s.row, { marginTop: 0 }]}>
            <Text style={s.fieldLabel}>Servicio de Hemoterapia:</Text>
            <View style={s.fieldLine} />
          </View>
          {compact ? null : (
            <View style={[s.row, { marginTop: 5 }]}>
              <Text style={s.fieldLabel}>Institución / establecimiento:</Text>
              <View style={s.fieldLine} />
            </View>
          )}
          <Text style={s.title}>{title}</Text>
          {subtitle ? <Text style={s.subtitle}>{subtitle}</Text> : null}
        </View>
        <View style={s.headerRight}>
          <Text style={s.small}>
            Código: <Text style={s.bold}>{code}</Text>
          </Text>
          <Text style={s.small}>Versión: 1</Text>
          <Text
            style={s.small}
            render={({ pageNumber, totalPages }) => `Hoja ${pageNumber} de ${totalPages}`}
          />
          {compact ? null : <Text style={s.small}>Folio N°: ..............</Text>}
        </View>
      </View>
      {children}
      <View style={s.footer} fixed>
        <Text style={{ flex: 1, marginRight: 10 }}>
          {note ?? 'Ley Nacional de Sangre N° 22.990 y normas reglamentarias'}
        </Text>
        <Text>{code}</Text>
      </View>
    </Page>
  );
}

type FieldProps = { label: string; flex?: number; width?: string | number; hint?: string };

/** A label followed by a ruled line to write on. */
export function Field({ label, flex = 1, width, hint }: FieldProps) {
  return (
    <View style={[s.field, width !== undefined ? { width } : { flex }]}>
      <Text style={s.fieldLabel}>{label}:</Text>
      <View style={s.fieldLine}>
        {hint ? <Text style={{ fontSize: 6.5, color: '#888888', textAlign: 'right' }}>{hint}</Text> : null}
      </View>
    </View>
  );
}

/** Several fields on one line. */
export function Row({ children, style }: { children: React.ReactNode; style?: Style }) {
  return <View style={[s.row, style ?? {}]}>{children}</View>;
}

/** Blank ruled lines (for observations). */
export function Lines({ count, label }: { count: number; label?: string }) {
  return (
    <View style={{ marginTop: 6 }}>
      {label ? <Text style={s.fieldLabel}>{label}:</Text> : null}
      {Array.from({ length: count }, (_, i) => (
        <View key={i} style={{ borderBottomWidth: 0.75, borderColor: RULE, height: 15 }} />
      ))}
    </View>
  );
}

/** A check box with its label. */
export function Check({ label }: { label: string }) {
  return (
    <View style={s.option}>
      <View style={s.box} />
      <Text style={{ fontSize: 8.5 }}>{label}</Text>
    </View>
  );
}

/** A label and a set of options to tick. */
export function Options({ label, options, style }: { label?: string; options: string[]; style?: Style }) {
  return (
    <View style={[s.row, { marginTop: 7, alignItems: 'center', flexWrap: 'wrap' }, style ?? {}]}>
      {label ? <Text style={[s.fieldLabel, { marginRight: 6 }]}>{label}:</Text> : null}
      {options.map((o) => (
        <Check key={o} label={o} />
      ))}
    </View>
  );
}

/** A shaded section heading with its content. */
export function Section({
  title,
  children,
  wrap = true,
}: {
  title: string;
  children: React.ReactNode;
  wrap?: boolean;
}) {
  return (
    <View style={s.section} wrap={wrap}>
      <Text style={s.sectionTitle} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}

export function P({ children, style }: { children: React.ReactNode; style?: Style }) {
  return <Text style={[s.paragraph, style ?? {}]}>{children}</Text>;
}

/** Numbered clauses of a consent text. */
export function Clauses({ items, fontSize = 9 }: { items: string[]; fontSize?: number }) {
  return (
    <View style={{ marginTop: 2 }}>
      {items.map((text, i) => (
        <View key={i} style={{ flexDirection: 'row', marginTop: 3 }} wrap={false}>
          <Text style={{ width: 14, fontSize, fontFamily: 'Helvetica-Bold' }}>{i + 1}.</Text>
          <Text style={{ flex: 1, fontSize, textAlign: 'justify' }}>{text}</Text>
        </View>
      ))}
    </View>
  );
}

export type Column = {
  title: string;
  /** Width: a number is a flex weight; a string such as '20mm' is a fixed width. */
  width?: number | string;
  /** Values printed in this column, row by row (e.g. day numbers). */
  values?: string[];
  align?: 'left' | 'center';
};

function colStyle(c: Column) {
  return typeof c.width === 'string' ? { width: c.width } : { flex: c.width ?? 1 };
}

/** A table with a shaded header and ruled empty rows to fill by hand. */
export function LogTable({
  columns,
  rows,
  rowHeight = 18,
  headerHeight,
  groups,
}: {
  columns: Column[];
  rows: number;
  rowHeight?: number | string;
  headerHeight?: number;
  /** Optional first header line spanning several columns: [title, number of columns]. */
  groups?: [string, number][];
}) {
  return (
    <View style={[s.table, { marginTop: 6 }]}>
      {groups ? (
        <View style={s.tr} fixed>
          {(() => {
            let at = 0;
            return groups.map(([title, span], gi) => {
              const cols = columns.slice(at, at + span);
              at += span;
              return (
                <Text key={gi} style={[s.th, spanStyle(cols), title ? {} : { borderBottomWidth: 0 }]}>
                  {title}
                </Text>
              );
            });
          })()}
        </View>
      ) : null}
      <View style={s.tr} fixed>
        {columns.map((c, i) => (
          <Text key={i} style={[s.th, colStyle(c), headerHeight ? { height: headerHeight } : {}]}>
            {c.title}
          </Text>
        ))}
      </View>
      {Array.from({ length: rows }, (_, r) => (
        <View key={r} style={s.tr} wrap={false}>
          {columns.map((c, i) => (
            <View key={i} style={[s.td, colStyle(c), { height: rowHeight }]}>
              {c.values ? <Text style={{ textAlign: c.align ?? 'center' }}>{c.values[r] ?? ''}</Text> : null}
            </View>
          ))}
        </View>
      ))}
    </View>
  );
}

/** Width of a header cell spanning several columns (all in mm, or all flex weights). */
function spanStyle(cols: Column[]) {
  if (cols.length === 1) return colStyle(cols[0]);
  const fixedMm = cols.every((c) => typeof c.width === 'string' && c.width.endsWith('mm'));
  if (fixedMm) {
    const mm = cols.reduce((n, c) => n + parseFloat(c.width as string), 0);
    return { width: `${mm}mm` };
  }
  return { flex: cols.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 1), 0) };
}

/** A row of signature lines with their captions. */
export function Signatures({ items, top = 30 }: { items: string[]; top?: number }) {
  return (
    <View style={[s.row, { marginTop: 4, marginHorizontal: -8 }]} wrap={false}>
      {items.map((label) => (
        <View key={label} style={s.signature}>
          <View style={[s.signatureLine, { marginTop: top }]} />
          <Text style={s.signatureLabel}>{label}</Text>
        </View>
      ))}
    </View>
  );
}

/** A questionnaire table: question text with Sí / No boxes and a remarks column. */
export function Questionnaire({ questions, start = 1 }: { questions: string[]; start?: number }) {
  return (
    <View style={[s.table, { marginTop: 6 }]}>
      <View style={s.tr} fixed>
        <Text style={[s.th, { width: 18 }]}>N°</Text>
        <Text style={[s.th, { flex: 1 }]}>Pregunta</Text>
        <Text style={[s.th, { width: 22 }]}>Sí</Text>
        <Text style={[s.th, { width: 22 }]}>No</Text>
        <Text style={[s.th, { width: '40mm' }]}>Observaciones</Text>
      </View>
      {questions.map((q, i) => (
        <View key={i} style={s.tr} wrap={false}>
          <View style={[s.td, { width: 18, paddingVertical: 2 }]}>
            <Text style={{ textAlign: 'center' }}>{start + i}</Text>
          </View>
          <View style={[s.td, { flex: 1, paddingVertical: 2.5 }]}>
            <Text>{q}</Text>
          </View>
          <View style={[s.td, { width: 22, alignItems: 'center' }]}>
            <View style={[s.box, { marginRight: 0 }]} />
          </View>
          <View style={[s.td, { width: 22, alignItems: 'center' }]}>
            <View style={[s.box, { marginRight: 0 }]} />
          </View>
          <View style={[s.td, { width: '40mm' }]} />
        </View>
      ))}
    </View>
  );
}
