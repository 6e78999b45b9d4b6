import type { ReactNode } from 'react';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { anticuerposTexto } from '@domain/donacion';
import { reaccionTexto } from '@domain/reacciones';
import { codigoEtiquetaImpreso } from '@domain/etiquetas';
import {
  SEROLOGIA_KEYS,
  SEROLOGIA_LABELS,
  hemodonacionFileName,
  edad,
  formatDomicilio,
  formatExclusion,
  formatGrupo,
  formatLugarNacimiento,
  formatSerologia,
  formatSigno,
  mm,
  tipoDonante,
} from './format';
import { FONT, FONT_BOLD, LIGHT, RULE } from './pdf-styles';
import type { DonacionImprimible, DonacionResumen, HemodonacionPdfData, ReaccionImprimible } from './types';

export const ULTIMAS_DONACIONES = 3;

/** The flag of a group that differs from the donor's earlier donations, as the screens word it. */
export const GRUPO_DISCORDANTE = 'Grupo discordante';

/** A donation's group as the sheet prints it, flagged when discordant. */
function grupoImpreso(d: { abo: string | null; rh: string | null; grupoDiscordante?: boolean | null }) {
  const grupo = formatGrupo(d.abo, d.rh);
  return d.grupoDiscordante ? [grupo, `(${GRUPO_DISCORDANTE})`].filter(Boolean).join(' ') : grupo;
}

const styles = StyleSheet.create({
  page: { fontFamily: FONT, fontSize: 9.5, padding: mm(14), paddingBottom: mm(16) },
  header: { flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1.5, paddingBottom: 6 },
  servicio: { fontFamily: FONT_BOLD, fontSize: 12 },
  muted: { fontSize: 8.5, color: '#333333' },
  title: { fontFamily: FONT_BOLD, fontSize: 18, letterSpacing: 1 },
  numero: { fontFamily: FONT_BOLD, fontSize: 13 },
  section: { marginTop: 9 },
  sectionTitle: {
    fontFamily: FONT_BOLD,
    fontSize: 10,
    backgroundColor: '#e6e6e6',
    paddingVertical: 2,
    paddingHorizontal: 4,
    marginBottom: 4,
  },
  row: { flexDirection: 'row', marginBottom: 3 },
  label: { fontFamily: FONT_BOLD, marginRight: 4 },
  box: {
    width: 11,
    height: 11,
    borderWidth: 1,
    alignItems: 'center',
    justifyContent: 'center',
    marginRight: 5,
  },
  boxMark: { fontFamily: FONT_BOLD, fontSize: 9, lineHeight: 1 },
  // What must not be missed: bold capitals in a heavy black frame, never colour alone.
  alert: { borderWidth: 2.5, padding: 6, marginTop: 9 },
  alertText: { fontFamily: FONT_BOLD, fontSize: 12 },
  reactive: { fontFamily: FONT_BOLD, borderWidth: 1.5, paddingHorizontal: 2 },
  table: { borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: RULE },
  tr: { flexDirection: 'row' },
  td: {
    borderRightWidth: 0.75,
    borderBottomWidth: 0.75,
    borderColor: RULE,
    padding: 3,
    flexGrow: 1,
    flexBasis: 0,
  },
  th: { fontFamily: FONT_BOLD, fontSize: 8.5 },
  fill: { borderBottomWidth: 0.75, borderColor: LIGHT, height: 15, flexGrow: 1 },
  signature: {
    marginTop: 28,
    alignSelf: 'flex-end',
    width: mm(75),
    borderTopWidth: 1,
    paddingTop: 3,
    textAlign: 'center',
  },
  footer: {
    position: 'absolute',
    bottom: mm(7),
    left: mm(14),
    right: mm(14),
    fontSize: 7.5,
    color: '#555555',
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

function Field({ label, value, width }: { label: string; value: string; width?: number | string }) {
  return (
    <View style={[styles.row, { width: width ?? '100%' }]}>
      <Text style={styles.label}>{label}:</Text>
      <Text>{value}</Text>
    </View>
  );
}

function Check({ checked, children }: { checked: boolean; children: ReactNode }) {
  return (
    <View style={{ flexDirection: 'row', alignItems: 'center', width: '50%', marginBottom: 4 }}>
      <View style={styles.box}>
        <Text style={styles.boxMark}>{checked ? 'X' : ''}</Text>
      </View>
      <Text>{children}</Text>
    </View>
  );
}

/** A clinical sign: the value, or a blank line to write it by hand. */
function Signo({ label, value, unit }: { label: string; value: string; unit: string }) {
  return (
    <View style={[styles.td, { alignItems: 'center' }]}>
      <Text style={styles.th}>{label}</Text>
      <View style={{ flexDirection: 'row', alignItems: 'flex-end', marginTop: 4, height: 14 }}>
        <Text style={{ fontSize: 11, minWidth: 30, textAlign: 'center' }}>{value}</Text>
        <Text style={{ fontSize: 8, marginLeft: 2 }}>{unit}</Text>
      </View>
    </View>
  );
}

/** The donor reactions recorded at the donation, one per line, the severe ones framed. */
function Reacciones({ reacciones }: { reacciones: ReaccionImprimible[] }) {
  return (
    <View style={styles.section}>
      <Text style={styles.sectionTitle}>Reacciones del donante</Text>
      {reacciones.map((r, i) => (
        <View key={i} style={{ marginBottom: 3 }}>
          <Text style={r.severidad === 'SEVERA' ? styles.reactive : styles.label}>{reaccionTexto(r)}</Text>
          {r.tratamiento ? <Text>{`Tratamiento: ${r.tratamiento}`}</Text> : null}
          {r.evolucion ? <Text>{`Evolución: ${r.evolucion}`}</Text> : null}
        </View>
      ))}
    </View>
  );
}

function FillLines({ label, lines }: { label: string; lines: number }) {
  return (
    <View style={styles.section}>
      <Text style={styles.label}>{label}:</Text>
      {Array.from({ length: lines }, (_, i) => (
        <View key={i} style={styles.fill} />
      ))}
    </View>
  );
}

/** The results per marker when the donation has them (none tested: printed as the spec's blanks). */
function porMarcador(d: DonacionImprimible) {
  return d.resultados && d.resultados.some((r) => r.signo !== 'sin realizar') ? d.resultados : null;
}

/** The lines of the alert box: reactive serology markers and a definitive exclusion, in words. */
export function alertas(d: DonacionImprimible): string[] {
  const lines: string[] = [];
  const reactivos =
    porMarcador(d)
      ?.filter((r) => r.signo === '(+)')
      .map((r) => r.nombre) ??
    SEROLOGIA_KEYS.filter((key) => d.serologia?.[key] === true).map((key) => SEROLOGIA_LABELS[key]);
  if (reactivos.length) lines.push(`SEROLOGÍA REACTIVA: ${reactivos.join(', ')}`);
  if (d.exclusionDefinitiva === 'Definitiva')
    lines.push(`EXCLUSIÓN DEFINITIVA${d.exclusionCodigo ? ` (código ${d.exclusionCodigo})` : ''}`);
  return lines;
}

function ultimas(list: DonacionResumen[], numeroActual: string): DonacionResumen[] {
  return list
    .filter((d) => d.numero !== numeroActual)
    .sort((a, b) => `${b.fecha} ${b.hora}`.localeCompare(`${a.fecha} ${a.hora}`))
    .slice(0, ULTIMAS_DONACIONES);
}

export type HemodonacionPdfProps = { data: HemodonacionPdfData };

export function HemodonacionPdf({ data }: HemodonacionPdfProps) {
  const { donacion, servicio } = data;
  const donante = donacion.donante;
  const tipo = tipoDonante(donacion);
  const s = donacion.signos;
  const previas = ultimas(data.anteriores, donacion.numero);
  const avisos = alertas(donacion);
  const definitiva = donacion.exclusionDefinitiva === 'Definitiva';
  const tension =
    formatSigno(s.tas) || formatSigno(s.tad) ? `${formatSigno(s.tas)} / ${formatSigno(s.tad)}` : '';
  return (
    // The tab showing it is titled with the name the file is saved under.
    <Document title={hemodonacionFileName(donacion.numero)} language="es">
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.servicio}>{servicio.nombre}</Text>
            {servicio.direccion ? <Text style={styles.muted}>{servicio.direccion}</Text> : null}
            {servicio.telefono ? <Text style={styles.muted}>{`Tel. ${servicio.telefono}`}</Text> : null}
          </View>
          <View style={{ alignItems: 'flex-end' }}>
            <Text style={styles.title}>HEMODONACIÓN</Text>
            <Text style={styles.numero}>{`Donación N° ${donacion.numero}`}</Text>
            <Text>{`Código de etiqueta: ${codigoEtiquetaImpreso(donacion.codigo)}`}</Text>
            <Text>{`Fecha: ${formatDate(donacion.fecha)}    Hora: ${donacion.hora}`}</Text>
          </View>
        </View>

        {avisos.length > 0 && (
          <View style={styles.alert}>
            {avisos.map((line) => (
              <Text key={line} style={styles.alertText}>
                {line}
              </Text>
            ))}
          </View>
        )}

        <View style={styles.section}>
          <Text style={styles.sectionTitle}>Datos del donante</Text>
          <Field label="Apellido y nombre" value={`${donante.apellido}, ${donante.nombre}`} />
          <View style={styles.row}>
            <Field label="DNI" value={donante.dni} width="33%" />
            <Field label="Sexo" value={donante.sexo ?? ''} width="33%" />
            <Field label="Nacionalidad" value={donante.nacionalidad ?? ''} width="34%" />
          </View>
          <View style={styles.row}>
            <Field
              label="Fecha de nacimiento"
              value={[formatDate(donante.fechaNacimiento), edad(donante.fechaNacimiento, donacion.fecha)]
                .filter(Boolean)
                .join(' - ')}
              width="50%"
            />
            <Field label="Lugar de nacimiento" value={formatLugarNacimiento(donante)} width="50%" />
          </View>
          <Field
            label="Domicilio"
            value={[formatDomicilio(donante), donante.localidadActual, donante.ProvinciaActual]
              .filter(Boolean)
              .join(', ')}
          />
          <View style={styles.row}>
            <Field
              label="Teléfono"
              value={[donante.telefono, donante.telefono2].filter(Boolean).join(' / ')}
              width="50%"
            />
            <Field label="Ocupación" value={donante.ocupacion ?? ''} width="50%" />
          </View>
        </View>

        <View style={styles.section}>
          <Text style={styles.sectionTitle}>Categoría del donante</Text>
          <View style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
            <Check checked={tipo.voluntario && !tipo.habitual}>Voluntario - Primera vez</Check>
            <Check checked={tipo.voluntario && tipo.habitual}>Voluntario - Habitual / Esporádico</Check>
            <Check checked={!tipo.voluntario && !tipo.habitual}>Reposición - Primera vez</Check>
            <Check checked={!tipo.voluntario && tipo.habitual}>Reposición - Habitual / Esporádico</Check>
          </View>
        </View>

        <View style={styles.section}>
          <Text style={styles.sectionTitle}>Últimas donaciones</Text>
          {previas.length === 0 ? (
            <Text>Sin donaciones anteriores registradas.</Text>
          ) : (
            <View style={styles.table}>
              <View style={styles.tr}>
                <View style={styles.td}>
                  <Text style={styles.th}>Fecha</Text>
                </View>
                <View style={styles.td}>
                  <Text style={styles.th}>Hora</Text>
                </View>
                <View style={styles.td}>
                  <Text style={styles.th}>N° de donación</Text>
                </View>
                <View style={styles.td}>
                  <Text style={styles.th}>Grupo y factor</Text>
                </View>
              </View>
              {previas.map((p) => (
                <View key={p.numero} style={styles.tr}>
                  <View style={styles.td}>
                    <Text>{formatDate(p.fecha)}</Text>
                  </View>
                  <View style={styles.td}>
                    <Text>{p.hora}</Text>
                  </View>
                  <View style={styles.td}>
                    <Text>{p.numero}</Text>
                  </View>
                  <View style={styles.td}>
                    <Text>{grupoImpreso(p)}</Text>
                  </View>
                </View>
              ))}
            </View>
          )}
        </View>

        <View style={styles.section}>
          <Text style={styles.sectionTitle}>Signos clínicos</Text>
          <View style={[styles.table, styles.tr]}>
            <Signo label="TA" value={tension} unit="mmHg" />
            <Signo label="FC" value={formatSigno(s.fc)} unit="lpm" />
            <Signo label="Peso" value={formatSigno(s.peso)} unit="kg" />
            <Signo label="Temp." value={formatSigno(s.temp)} unit="°C" />
            <Signo label="Hb" value={formatSigno(s.hb)} unit="g/dL" />
            <Signo label="Hto" value={formatSigno(s.hto)} unit="%" />
          </View>
        </View>

        <View style={styles.section}>
          <Text style={styles.sectionTitle}>Extracción</Text>
          <View style={styles.row}>
            <Field label="Tipo de bolsa" value={donacion.tipoBolsa ?? ''} width="50%" />
            <Field label="Lote" value={donacion.loteBolsa ?? ''} width="50%" />
          </View>
          <View style={styles.row}>
            <View style={{ width: '50%' }}>
              <Field label="Grupo y factor" value={formatGrupo(donacion.abo, donacion.rh)} />
              {donacion.grupoDiscordante ? (
                <View style={{ marginBottom: 3 }}>
                  <Text style={[styles.reactive, { alignSelf: 'flex-start' }]}>{GRUPO_DISCORDANTE}</Text>
                  {donacion.grupoMotivo ? (
                    <Text style={styles.muted}>{`Motivo: ${donacion.grupoMotivo}`}</Text>
                  ) : null}
                </View>
              ) : null}
            </View>
            <View style={[styles.row, { width: '50%' }]}>
              <Text style={styles.label}>Exclusión:</Text>
              <Text style={definitiva ? styles.reactive : undefined}>
                {formatExclusion(
                  definitiva ? 'DEFINITIVA' : donacion.exclusionDefinitiva,
                  donacion.exclusionTiempo,
                  donacion.exclusionCodigo,
                )}
              </Text>
            </View>
          </View>
          <View style={[styles.row, { flexWrap: 'wrap' }]}>
            <Text style={styles.label}>Serología:</Text>
            {porMarcador(donacion)?.map((r) => (
              <View key={r.nombre} style={{ flexDirection: 'row', marginRight: 8 }}>
                <Text
                  style={r.signo === '(+)' ? styles.reactive : undefined}
                >{`${r.nombre} ${r.signo}`}</Text>
              </View>
            ))}
            {!porMarcador(donacion) &&
              SEROLOGIA_KEYS.map((key) =>
                donacion.serologia?.[key] === true ? (
                  <View key={key} style={{ flexDirection: 'row', marginRight: 8 }}>
                    <Text style={styles.reactive}>{`${SEROLOGIA_LABELS[key]} REACTIVO (+)`}</Text>
                  </View>
                ) : (
                  <View key={key} style={{ flexDirection: 'row', marginRight: 8 }}>
                    <Text>{SEROLOGIA_LABELS[key]} </Text>
                    {/* Not done yet: room to write the result by hand. */}
                    <Text
                      style={{
                        minWidth: 16,
                        borderBottomWidth: 0.5,
                        borderColor: LIGHT,
                        textAlign: 'center',
                      }}
                    >
                      {formatSerologia(donacion.serologia, key)}
                    </Text>
                  </View>
                ),
              )}
          </View>
          <Field
            label="Anticuerpos irregulares"
            value={
              donacion.anticuerposIrregulares === undefined || donacion.anticuerposIrregulares === null
                ? ''
                : anticuerposTexto(donacion.anticuerposIrregulares, donacion.anticuerpo)
            }
          />
        </View>

        {data.reacciones && data.reacciones.length > 0 ? (
          <Reacciones reacciones={data.reacciones} />
        ) : (
          <FillLines label="Reacción adversa" lines={2} />
        )}
        <FillLines label="Observaciones" lines={3} />
        <Text style={styles.signature}>Firma y sello del profesional</Text>

        <View style={styles.footer} fixed>
          <Text>{`${servicio.nombre} - Hemodonación N° ${donacion.numero}`}</Text>
          <Text render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}
