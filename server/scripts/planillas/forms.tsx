/**
 * The 13 printable forms of the catalogue (server/src/domain/planillas.ts), one React element per
 * file name. Blank A4 sheets, in Spanish, for Argentine haemotherapy practice.
 */
import React from 'react';
import { Document, Text, View } from '@react-pdf/renderer';
import type { DocumentProps } from '@react-pdf/renderer';
import { PREGUNTAS_PREDONACION } from '../../src/domain/entrevista';
import { PlanillaEntry } from '../../src/domain/planillas';
import {
  Clauses,
  Field,
  FormPage,
  LogTable,
  Options,
  P,
  Questionnaire,
  Row,
  s,
  Section,
  Signatures,
  RULE,
  MUTED,
} from './components';

const LEY_SANGRE = 'Ley Nacional de Sangre N° 22.990 y normas reglamentarias';
const days = Array.from({ length: 31 }, (_, i) => String(i + 1));

function DonorIdentity() {
  return (
    <>
      <Row>
        <Field label="Apellido y nombre" flex={3} />
        <Field label="DNI" flex={1.3} />
      </Row>
      <Row>
        <Field label="Fecha de nacimiento" flex={1.4} hint="DD / MM / AAAA" />
        <Field label="Edad" flex={0.6} />
        <Field label="Teléfono" flex={1.4} />
      </Row>
    </>
  );
}

function PlaceAndDate() {
  return (
    <Row>
      <Field label="Lugar" flex={2} />
      <Field label="Fecha" flex={1} hint="DD / MM / AAAA" />
      <Field label="Hora" flex={0.7} />
    </Row>
  );
}

/** Consent for minors (16 and 17 years) and the professional who informed the donor. */
function ConsentSignatures({ donor = 'Firma del donante' }: { donor?: string }) {
  return (
    <>
      <View wrap={false}>
        <Signatures items={[donor, 'Aclaración', 'DNI']} />
      </View>
      <View wrap={false} style={{ marginTop: 8 }}>
        <Text style={[s.small, s.muted]}>
          Donantes de 16 y 17 años: autorización del padre, la madre o el tutor legal.
        </Text>
        <Signatures items={['Firma del padre, madre o tutor', 'Aclaración y DNI', 'Vínculo']} top={24} />
      </View>
      <View wrap={false} style={{ marginTop: 8 }}>
        <Text style={[s.small, s.muted]}>
          Profesional que informó al donante y recibió el consentimiento:
        </Text>
        <Signatures items={['Firma y sello del profesional', 'Aclaración', 'Matrícula']} top={24} />
      </View>
    </>
  );
}

function Revocation() {
  return (
    <View wrap={false} style={{ marginTop: 10, borderWidth: 0.75, borderColor: RULE, padding: 5 }}>
      <Text style={s.bold}>REVOCACIÓN DEL CONSENTIMIENTO</Text>
      <P>
        Dejo sin efecto el consentimiento otorgado. Sé que puedo hacerlo en cualquier momento, sin dar
        explicaciones y sin que ello me perjudique.
      </P>
      <Row>
        <Field label="Fecha" flex={1} />
        <Field label="Hora" flex={0.6} />
      </Row>
      <Signatures items={['Firma del donante', 'Aclaración y DNI', 'Firma del profesional']} top={22} />
    </View>
  );
}

// ── hemoterapia: the product's own blank sheets ──────────────────────────────────────────────

function HojaDeDonacion() {
  return (
    <Document title="Hoja de donación" author="Servicio de Hemoterapia">
      <FormPage title="Hoja de donación" code="HT-01" note={LEY_SANGRE}>
        <Row>
          <Field label="N° de donación" flex={1.3} />
          <Field label="Fecha" flex={1.2} hint="DD / MM / AAAA" />
          <Field label="Hora" flex={0.7} hint="HH : mm" />
        </Row>
        <Section title="Datos del donante">
          <Row>
            <Field label="Apellido" flex={1} />
            <Field label="Nombre" flex={1} />
            <Field label="DNI" width="40mm" />
          </Row>
          <Row>
            <Field label="Fecha de nacimiento" flex={1.3} hint="DD / MM / AAAA" />
            <Field label="Edad" flex={0.5} />
            <Options label="Sexo" options={['Masculino', 'Femenino']} style={{ marginRight: 4 }} />
          </Row>
          <Row>
            <Field label="Domicilio" flex={2.4} />
            <Field label="Altura" flex={0.6} />
            <Field label="Piso" flex={0.4} />
            <Field label="Depto." flex={0.5} />
          </Row>
          <Row>
            <Field label="Localidad" flex={1.4} />
            <Field label="Provincia" flex={1.2} />
            <Field label="C.P." flex={0.5} />
          </Row>
          <Row>
            <Field label="Teléfono" flex={1} />
            <Field label="Correo electrónico" flex={1.4} />
          </Row>
          <Row>
            <Field label="Lugar de nacimiento" flex={1.3} />
            <Field label="Nacionalidad" flex={1} />
            <Field label="Ocupación" flex={1} />
          </Row>
        </Section>
        <Section title="Tipo de donante">
          <Row>
            <Options label="Categoría" options={['Voluntario', 'Reposición']} />
            <Options options={['Primera vez', 'Habitual', 'Esporádico']} />
            <Options options={['Convocado']} />
          </Row>
          <Text style={[s.small, { marginTop: 6 }]}>Últimas 3 donaciones</Text>
          <LogTable
            rows={3}
            rowHeight={14}
            columns={[
              { title: 'N° de donación', width: 1 },
              { title: 'Fecha', width: 1 },
              { title: 'Grupo y factor', width: 1 },
              { title: 'Observaciones', width: 2.5 },
            ]}
          />
        </Section>
        <Section title="Signos clínicos">
          <LogTable
            rows={1}
            rowHeight={20}
            columns={[
              { title: 'TA (mmHg)\n90-180 / 60-100', width: 1.2 },
              { title: 'FC (lpm)\n60-100', width: 1 },
              { title: 'Peso (kg)\nmín. 50', width: 1 },
              { title: 'Temperatura\n(°C)', width: 1 },
              { title: 'Hemoglobina\n(g/dl) mín. 12', width: 1.1 },
              { title: 'Hematocrito\n(%) mín. 35', width: 1.1 },
            ]}
          />
        </Section>
        <Section title="Extracción">
          <Row>
            <Options label="Bolsa" options={['Bolsa Doble', 'Bolsa Triple']} />
            <Field label="Lote de bolsa" flex={1} />
          </Row>
          <Row>
            <Options label="Aféresis" options={['Sí', 'No']} />
            <Options label="Brazo" options={['Izq.', 'Der.']} />
            <Field label="Inicio" flex={0.7} />
            <Field label="Fin" flex={0.7} />
            <Field label="Volumen (ml)" flex={0.9} />
          </Row>
          <Row>
            <Options label="Reacción adversa" options={['Ninguna', 'Leve', 'Moderada', 'Grave']} />
            <Field label="Tipo" flex={1} />
          </Row>
        </Section>
        <Section title="Inmunohematología y serología">
          <Row>
            <Options label="ABO" options={['A', 'B', 'AB', 'O']} />
            <Options label="Rh (D)" options={['Positivo', 'Negativo']} />
            <Options label="Anticuerpos irregulares" options={['Neg.', 'Pos.']} />
          </Row>
          <LogTable
            rows={1}
            rowHeight={16}
            columns={['HIV', 'Hepatitis B', 'Hepatitis C', 'VDRL', 'Brucelosis', 'Chagas', 'HTLV I/II'].map(
              (title) => ({ title: `${title}\n(+)  /  (-)` }),
            )}
          />
        </Section>
        <Section title="Exclusión">
          <Row>
            <Options label="Exclusión" options={['Definitiva', 'Temporal']} />
            <Field label="Código" flex={1} />
          </Row>
          <Options label="Tiempo (días)" options={['0', '15', '30', '90', '180', '365 (1 año)']} />
        </Section>
        <Signatures
          items={['Firma y sello del médico', 'Técnico extraccionista', 'Firma del donante']}
          top={26}
        />
      </FormPage>
    </Document>
  );
}

function LibroDeRegistro() {
  const rows = 9;
  const numbers = Array.from({ length: rows }, () => '');
  const landscape = 'landscape' as const;
  return (
    <Document title="Libro de registro de donaciones" author="Servicio de Hemoterapia">
      <FormPage
        title="Libro de registro de donaciones"
        subtitle="Página impar: identificación del donante"
        code="HT-02"
        orientation={landscape}
        compact
        note={`${LEY_SANGRE} · Fechas DD / MM / AAAA, horas HH : mm`}
      >
        <LogTable
          rows={rows}
          rowHeight="15.5mm"
          columns={[
            { title: 'N° de donante', width: '20mm', values: numbers },
            { title: 'Fecha y hora', width: '32mm' },
            { title: 'Apellido y nombre / DNI', width: '90mm' },
            { title: 'Domicilio y teléfono', width: '60mm' },
            { title: 'Fecha y lugar de nacimiento', width: '40mm' },
            { title: 'Observaciones', width: '31mm' },
          ]}
        />
      </FormPage>
      <FormPage
        title="Libro de registro de donaciones"
        subtitle="Página par: resultados y estudios del donante"
        code="HT-02"
        orientation={landscape}
        compact
        note={`${LEY_SANGRE} · Serología reactiva: marcar con X`}
      >
        <LogTable
          rows={rows}
          rowHeight="15.5mm"
          groups={[
            ['', 1],
            ['', 1],
            ['', 1],
            ['', 1],
            ['Sistema', 2],
            ['', 1],
            ['', 1],
            ['Serología reactiva (X)', 7],
          ]}
          columns={[
            { title: 'Tipo de donante', width: '36mm' },
            { title: 'Signos clínicos', width: '42mm' },
            { title: 'Hto / Hb', width: '22mm' },
            { title: 'N° de donante', width: '18mm' },
            { title: 'ABO', width: '14mm' },
            { title: 'Rh', width: '14mm' },
            { title: 'Anticuerpos irregulares', width: '24mm' },
            { title: 'Auto-\nexclusión', width: '19mm' },
            { title: 'HIV', width: '12mm' },
            { title: 'HBV', width: '12mm' },
            { title: 'HCV', width: '12mm' },
            { title: 'VDRL', width: '12mm' },
            { title: 'Bruc.', width: '12mm' },
            { title: 'Chagas', width: '12mm' },
            { title: 'HTLV', width: '12mm' },
          ]}
        />
      </FormPage>
    </Document>
  );
}

function Etiqueta() {
  return (
    <View
      style={{
        width: '60mm',
        height: '62mm',
        borderWidth: 1,
        borderColor: RULE,
        borderStyle: 'dashed',
        padding: 5,
        marginBottom: '6mm',
      }}
    >
      <View style={[s.row]}>
        <Text style={[s.small]}>Servicio:</Text>
        <View style={s.fieldLine} />
      </View>
      <View
        style={{
          marginTop: 5,
          height: '16mm',
          borderWidth: 0.75,
          borderColor: '#999999',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Text style={{ fontSize: 6.5, color: '#999999' }}>N° DE DONACIÓN / CÓDIGO DE BARRAS</Text>
      </View>
      <View style={[s.row, { marginTop: 6 }]}>
        <Text style={s.small}>Extracción:</Text>
        <View style={s.fieldLine} />
      </View>
      <View style={[s.row, { marginTop: 6 }]}>
        <Text style={s.small}>Vence:</Text>
        <View style={s.fieldLine} />
      </View>
      <View style={[s.row, { marginTop: 6 }]}>
        <Text style={s.small}>Grupo:</Text>
        <View style={[s.fieldLine, { flex: 0.6 }]} />
        <Text style={[s.small, { marginLeft: 4 }]}>Rh:</Text>
        <View style={[s.fieldLine, { flex: 0.6 }]} />
      </View>
      <View style={[s.row, { marginTop: 6, flexWrap: 'wrap' }]}>
        {['ST', 'GR', 'PFC', 'CP', 'Crio'].map((c) => (
          <View key={c} style={[s.option, { marginRight: 5 }]}>
            <View style={[s.box, { width: 7, height: 7 }]} />
            <Text style={{ fontSize: 7 }}>{c}</Text>
          </View>
        ))}
      </View>
      <View style={[s.row, { marginTop: 6 }]}>
        <Text style={s.small}>Volumen (ml):</Text>
        <View style={s.fieldLine} />
      </View>
    </View>
  );
}

function PlanillaDeEtiquetas() {
  return (
    <Document title="Planilla de etiquetas" author="Servicio de Hemoterapia">
      <FormPage title="Planilla de etiquetas" code="HT-03" subtitle="6 etiquetas en 3 columnas">
        <View
          style={{
            flexDirection: 'row',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            marginTop: 8,
          }}
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Etiqueta key={i} />
          ))}
        </View>
        <Section title="Referencias">
          <P>
            ST: sangre total · GR: concentrado de glóbulos rojos · PFC: plasma fresco congelado · CP:
            concentrado de plaquetas · Crio: crioprecipitado.
          </P>
          <P>
            Completar con letra de imprenta y tinta indeleble. Cada etiqueta lleva el mismo número que la hoja
            de donación y el libro de registro; pegar sobre la bolsa madre, las bolsas satélite y los tubos de
            muestra de la misma donación. No tapar la etiqueta del fabricante de la bolsa.
          </P>
        </Section>
        <Row style={{ marginTop: 6 }}>
          <Field label="Completó" flex={1} />
          <Field label="Fecha" flex={0.7} />
          <Field label="Firma" flex={1} />
        </Row>
      </FormPage>
    </Document>
  );
}

// ── registro ──────────────────────────────────────────────────────────────────────────────────

function MonthHeader({ extra }: { extra?: React.ReactNode }) {
  return (
    <Row>
      <Field label="Mes" flex={1} />
      <Field label="Año" flex={0.6} />
      {extra}
    </Row>
  );
}

function Reviewed() {
  return (
    <Row style={{ marginTop: 6 }}>
      <Field label="Revisó (responsable del servicio)" flex={2} />
      <Field label="Fecha" flex={0.8} />
      <Field label="Firma" flex={1} />
    </Row>
  );
}

function ReaccionesAdversas() {
  return (
    <Document title="Registro de reacciones adversas a la donación" author="Servicio de Hemoterapia">
      <FormPage
        title="Registro de reacciones adversas a la donación"
        code="REG-01"
        orientation="landscape"
        note={`${LEY_SANGRE} · Hemovigilancia del donante`}
      >
        <MonthHeader />
        <LogTable
          rows={12}
          rowHeight={22}
          columns={[
            { title: 'Fecha', width: 0.8 },
            { title: 'Hora', width: 0.55 },
            { title: 'N° de donación', width: 0.9 },
            { title: 'Apellido y nombre del donante', width: 2 },
            { title: 'DNI', width: 0.9 },
            { title: 'Tipo de donación\n(ST / AF)', width: 0.75 },
            { title: 'Tipo de reacción\n(código)', width: 0.8 },
            { title: 'Gravedad\n(L / M / G)', width: 0.7 },
            { title: 'Momento\n(D / I / T)', width: 0.7 },
            { title: 'Conducta / tratamiento', width: 2 },
            { title: 'Evolución', width: 1.2 },
            { title: 'Firma', width: 0.9 },
          ]}
        />
        <Text style={s.legend}>
          Tipo de reacción: RV reacción vasovagal sin pérdida de conciencia · RVP con pérdida de conciencia ·
          RVL con lesión por caída · H hematoma · PA punción arterial · LN lesión nerviosa · TF tromboflebitis
          · CIT reacción al citrato (aféresis) · AL reacción alérgica · O otra (describir).
        </Text>
        <Text style={s.legend}>
          Tipo de donación: ST sangre total · AF aféresis. Gravedad: L leve · M moderada · G grave (requirió
          atención fuera del servicio o internación). Momento: D durante la extracción · I post-donación
          inmediata (en el servicio) · T tardía (fuera del servicio).
        </Text>
        <Reviewed />
      </FormPage>
    </Document>
  );
}

function TemperaturaHeladera() {
  return (
    <Document title="Registro de temperatura de heladera / cámara" author="Servicio de Hemoterapia">
      <FormPage
        title="Registro de temperatura de heladera / cámara"
        code="REG-02"
        note={`${LEY_SANGRE} · Conservación de componentes`}
      >
        <Row>
          <Options label="Equipo" options={['Heladera', 'Cámara fría', 'Freezer', 'Agitador de plaquetas']} />
        </Row>
        <Row>
          <Field label="Identificación / N° de inventario" flex={1.4} />
          <Field label="Ubicación" flex={1} />
        </Row>
        <MonthHeader extra={<Field label="Rango aceptable" flex={1.3} hint="°C" />} />
        <LogTable
          rows={31}
          rowHeight={15.2}
          groups={[
            ['', 1],
            ['Control de la mañana', 3],
            ['Control de la tarde', 3],
            ['', 1],
          ]}
          columns={[
            { title: 'Fecha (día)', width: '18mm', values: days },
            { title: 'Hora', width: '16mm' },
            { title: 'Temperatura (°C)', width: '24mm' },
            { title: 'Firma', width: '25mm' },
            { title: 'Hora', width: '16mm' },
            { title: 'Temperatura (°C)', width: '24mm' },
            { title: 'Firma', width: '25mm' },
            { title: 'Observaciones / acción correctiva', width: '38mm' },
          ]}
        />
        <Text style={s.legend}>
          Rangos de referencia: sangre entera y concentrado de glóbulos rojos 2 °C a 6 °C · plasma fresco
          congelado y crioprecipitado -18 °C o menos · concentrado de plaquetas 20 °C a 24 °C con agitación
          continua. Ante un valor fuera de rango: verificar el termómetro, avisar al responsable, trasladar
          los componentes a un equipo de respaldo y registrar la acción tomada.
        </Text>
        <Reviewed />
      </FormPage>
    </Document>
  );
}

function ControlCalidadReactivos() {
  return (
    <Document title="Control de calidad de reactivos" author="Servicio de Hemoterapia">
      <FormPage
        title="Control de calidad de reactivos"
        code="REG-03"
        orientation="landscape"
        note={`${LEY_SANGRE} · Aseguramiento de la calidad`}
      >
        <MonthHeader extra={<Field label="Sector" flex={1.4} />} />
        <LogTable
          rows={12}
          rowHeight={22}
          columns={[
            { title: 'Fecha', width: 0.8 },
            { title: 'Reactivo', width: 1.5 },
            { title: 'Marca / fabricante', width: 1.2 },
            { title: 'Lote', width: 0.9 },
            { title: 'Vencimiento', width: 0.85 },
            { title: 'Fecha de apertura', width: 0.85 },
            { title: 'Temp. de conservación (°C)', width: 0.85 },
            { title: 'Control positivo (resultado)', width: 1 },
            { title: 'Control negativo (resultado)', width: 1 },
            { title: 'Conforme\n(Sí / No)', width: 0.7 },
            { title: 'Acción correctiva', width: 1.5 },
            { title: 'Firma', width: 0.9 },
          ]}
        />
        <Text style={s.legend}>
          Reactivos habituales: anti-A, anti-B, anti-AB, anti-D (IgM / IgG), suero antiglobulina humana
          (Coombs), glóbulos rojos reactivos A1 y B, panel de detección de anticuerpos irregulares, kits de
          serología (HIV, HBsAg, anti-HBc, HCV, HTLV I/II, Chagas, sífilis, brucelosis). Controlar cada lote
          nuevo al abrirlo y luego con la frecuencia que fije el procedimiento del servicio. Resultado:
          expresar la intensidad de aglutinación (0 a 4+) o el valor de la muestra control.
        </Text>
        <Reviewed />
      </FormPage>
    </Document>
  );
}

function UnidadesDescartadas() {
  return (
    <Document title="Registro de unidades descartadas" author="Servicio de Hemoterapia">
      <FormPage
        title="Registro de unidades descartadas"
        code="REG-04"
        orientation="landscape"
        note={`${LEY_SANGRE} · Residuos patogénicos según la normativa vigente`}
      >
        <MonthHeader />
        <LogTable
          rows={13}
          rowHeight={21}
          columns={[
            { title: 'Fecha', width: 0.8 },
            { title: 'N° de unidad / donación', width: 1.1 },
            { title: 'Componente\n(ST/GR/PFC/CP/Crio)', width: 1 },
            { title: 'Grupo y factor', width: 0.7 },
            { title: 'Fecha de extracción', width: 0.85 },
            { title: 'Vencimiento', width: 0.85 },
            { title: 'Volumen (ml)', width: 0.6 },
            { title: 'Motivo (código)', width: 0.7 },
            { title: 'Detalle del motivo', width: 1.6 },
            { title: 'Método de eliminación', width: 1 },
            { title: 'Responsable', width: 1 },
            { title: 'Firma', width: 0.85 },
          ]}
        />
        <Text style={s.legend}>
          Motivos: V vencimiento · SR serología reactiva · AE autoexclusión confidencial · VI volumen
          insuficiente o excesivo · HL hemólisis o lipemia · RB rotura o pérdida de la bolsa · CF ruptura de
          la cadena de frío · CQ no conforme en control de calidad · O otro (detallar).
        </Text>
        <Text style={s.legend}>
          Método de eliminación: AU autoclavado · IN incineración · TR retiro por empresa habilitada (indicar
          N° de manifiesto). Las unidades se descartan como residuos patogénicos.
        </Text>
        <Reviewed />
      </FormPage>
    </Document>
  );
}

function DonantesDiferidos() {
  return (
    <Document title="Registro de donantes diferidos" author="Servicio de Hemoterapia">
      <FormPage
        title="Registro de donantes diferidos"
        code="REG-05"
        orientation="landscape"
        note={`${LEY_SANGRE} · Información confidencial`}
      >
        <MonthHeader />
        <LogTable
          rows={13}
          rowHeight={21}
          columns={[
            { title: 'Fecha', width: 0.8 },
            { title: 'Apellido y nombre', width: 2 },
            { title: 'DNI', width: 0.9 },
            { title: 'Teléfono', width: 1 },
            { title: 'Motivo del diferimiento', width: 2 },
            { title: 'Código', width: 0.6 },
            { title: 'Tipo\n(T / D)', width: 0.55 },
            { title: 'Plazo (días)', width: 0.65 },
            { title: 'Puede donar desde', width: 0.9 },
            { title: 'Citación / aviso (fecha y medio)', width: 1.2 },
            { title: 'Profesional', width: 1 },
          ]}
        />
        <Text style={s.legend}>
          Tipo: T temporal · D definitiva. Plazos habituales de exclusión temporal: 15, 30, 90, 180 o 365 días
          (1 año). Intervalo mínimo entre donaciones de sangre entera: 8 semanas. Motivos frecuentes:
          hemoglobina o hematocrito bajos, presión arterial o pulso fuera de rango, peso menor de 50 kg,
          medicación, tatuaje o piercing reciente, infección reciente, cirugía, embarazo o lactancia, conducta
          de riesgo.
        </Text>
        <Text style={s.legend}>
          Si el donante tiene resultados reactivos, citarlo en forma personal y confidencial para informarle y
          derivarlo; no comunicar resultados por teléfono ni por correo electrónico.
        </Text>
        <Reviewed />
      </FormPage>
    </Document>
  );
}

// ── consentimiento ────────────────────────────────────────────────────────────────────────────

function ConsentimientoSangreEntera() {
  return (
    <Document title="Consentimiento informado: donación de sangre entera" author="Servicio de Hemoterapia">
      <FormPage
        title="Consentimiento informado para la donación de sangre entera"
        code="CI-01"
        note={`${LEY_SANGRE} · Ley 26.529 de Derechos del Paciente · Ley 25.326 de Datos Personales`}
      >
        <Row>
          <Field label="N° de donación" flex={1} />
          <Field label="Fecha" flex={1} hint="DD / MM / AAAA" />
        </Row>
        <Row>
          <Text style={[s.fieldLabel, { marginTop: 8 }]}>Yo,</Text>
          <Field label="apellido y nombre" flex={2.3} />
          <Field label="DNI" flex={1} />
          <Text style={[s.fieldLabel, { marginTop: 8 }]}>, declaro que:</Text>
        </Row>
        <Clauses
          items={[
            'Recibí y comprendí la información sobre la donación de sangre, pude hacer todas las preguntas que quise y me fueron respondidas con claridad.',
            'Respondí con la verdad la entrevista predonación, que tiene carácter de declaración jurada. Sé que ocultar información puede poner en riesgo la salud de quien reciba mi sangre.',
            'Se me extraerán unos 450 ml de sangre, más las muestras para los análisis, con material estéril, descartable y de un solo uso. No hay riesgo de contagio de enfermedades por donar. La extracción dura alrededor de 10 minutos.',
            'Conozco los efectos adversos posibles: dolor o hematoma en el lugar de la punción, mareos, sudoración, náuseas, desmayo y, muy rara vez, lesión de un nervio o de una arteria. Si ocurren, el personal del servicio me asistirá. Después de donar debo hidratarme, no fumar durante 2 horas y evitar esfuerzos físicos o actividades de riesgo por el resto del día.',
            'Acepto que mi sangre sea estudiada para detectar HIV, hepatitis B, hepatitis C, HTLV I/II, sífilis, enfermedad de Chagas y brucelosis, y para determinar grupo ABO, factor Rh y anticuerpos irregulares, como lo exigen la Ley 22.990 y sus normas. Si algún resultado no es normal seré citado/a en forma personal y confidencial para informarme y, si corresponde, derivarme para su estudio.',
            'Sé que estos análisis, como todo estudio de laboratorio, tienen un período de ventana en el que una infección reciente puede no detectarse, y que por eso es importante que mis respuestas sean sinceras. Si después de donar recuerdo algo que debí informar, o me enfermo en los días siguientes, avisaré al servicio.',
            'Mi donación es voluntaria, altruista y no remunerada, como lo establece la Ley 22.990. Puedo retirarme antes o durante la extracción sin dar explicaciones.',
            'Autorizo a que mi sangre y sus componentes se usen para transfusión o, si no resultan aptos, para controles de calidad, o que sean descartados según la normativa vigente.',
            'Mis datos personales y resultados se registrarán en el libro de registro del servicio y se tratarán en forma confidencial (Ley 25.326 de Protección de los Datos Personales).',
          ]}
        />
        <P style={{ marginTop: 6 }}>
          Por todo lo expuesto, presto mi consentimiento libre e informado para donar sangre entera.
        </P>
        <PlaceAndDate />
        <ConsentSignatures />
        <Revocation />
      </FormPage>
    </Document>
  );
}

function ConsentimientoAferesis() {
  return (
    <Document title="Consentimiento informado: donación por aféresis" author="Servicio de Hemoterapia">
      <FormPage
        title="Consentimiento informado para la donación por aféresis"
        code="CI-02"
        note={`${LEY_SANGRE} · Ley 26.529 de Derechos del Paciente · Ley 25.326 de Datos Personales`}
      >
        <Row>
          <Field label="N° de donación" flex={1} />
          <Field label="Fecha" flex={1} hint="DD / MM / AAAA" />
          <Field label="Equipo / separador" flex={1.2} />
        </Row>
        <Row>
          <Text style={[s.fieldLabel, { marginTop: 8 }]}>Yo,</Text>
          <Field label="apellido y nombre" flex={2.3} />
          <Field label="DNI" flex={1} />
        </Row>
        <Options
          label="Procedimiento"
          options={['Plaquetoféresis', 'Plasmaféresis', 'Eritroaféresis', 'Multicomponente', 'Otro']}
        />
        <Row>
          <Field label="Paciente destinatario (si corresponde)" flex={2} />
          <Field label="Institución" flex={1.2} />
        </Row>
        <Text style={[s.fieldLabel, { marginTop: 6 }]}>declaro que:</Text>
        <Clauses
          fontSize={8.8}
          items={[
            'Se me explicó que la aféresis consiste en extraer sangre por una vena y pasarla por un equipo separador que retiene el componente a donar (plaquetas, plasma o glóbulos rojos) y me devuelve el resto. Se usa material estéril, descartable y de un solo uso. El procedimiento dura entre 60 y 120 minutos.',
            'Para que la sangre no se coagule dentro del equipo se usa un anticoagulante (citrato). Puede producir hormigueo en los labios o en los dedos, sensación de frío o calambres; debo avisar de inmediato, porque se corrige disminuyendo la velocidad o con calcio.',
            'Conozco otros efectos adversos posibles: dolor o hematoma en el lugar de la punción, mareos, desmayo, náuseas, escalofríos, reacciones alérgicas y, muy rara vez, hemólisis, embolia gaseosa o lesión de un nervio o arteria. El procedimiento se hace con un profesional presente que me asistirá si ocurre alguno.',
            'Respondí con la verdad la entrevista predonación (declaración jurada) y se me realizaron los controles previos (hemograma, recuento de plaquetas y otros que el profesional indique).',
            'Acepto que mi sangre sea estudiada para detectar HIV, hepatitis B, hepatitis C, HTLV I/II, sífilis, enfermedad de Chagas y brucelosis, y para determinar grupo ABO, factor Rh y anticuerpos irregulares, como lo exige la Ley 22.990. Si algún resultado no es normal seré citado/a en forma personal y confidencial.',
            'Sé que debo respetar los intervalos mínimos entre donaciones que me indique el servicio y que no debo donar sangre entera en ese lapso sin consultar.',
            'Mi donación es voluntaria, altruista y no remunerada (Ley 22.990). Puedo interrumpir el procedimiento en cualquier momento sin dar explicaciones.',
            'Autorizo el uso del componente obtenido para transfusión o, si no resulta apto, para controles de calidad, o su descarte según la normativa vigente. Mis datos se tratarán en forma confidencial (Ley 25.326).',
          ]}
        />
        <PlaceAndDate />
        <ConsentSignatures />
        <Revocation />
      </FormPage>
    </Document>
  );
}

/** The default questionnaire's questions (domain/entrevista.ts): one list for the form and the app. */
const QUESTIONS = PREGUNTAS_PREDONACION.map((p) => p.texto);

function EntrevistaPredonacion() {
  return (
    <Document title="Entrevista predonación" author="Servicio de Hemoterapia">
      <FormPage
        title="Entrevista predonación"
        subtitle="Cuestionario de selección del donante · Declaración jurada"
        code="CI-03"
        note={`${LEY_SANGRE} · Información confidencial`}
      >
        <Row>
          <Field label="N° de donación" flex={1} />
          <Field label="Fecha" flex={1} hint="DD / MM / AAAA" />
          <Options options={['Sangre entera', 'Aféresis']} />
        </Row>
        <DonorIdentity />
        <Text style={[s.small, { marginTop: 6 }]}>
          Lea cada pregunta y marque Sí o No. Si tiene dudas, consulte al profesional. Sus respuestas son
          confidenciales y protegen su salud y la de quien reciba su sangre.
        </Text>
        <Questionnaire questions={QUESTIONS} />
        <View wrap={false} style={{ marginTop: 8 }}>
          <Text style={s.bold}>DECLARACIÓN JURADA</Text>
          <P>
            Declaro bajo juramento que respondí con la verdad, que comprendí las preguntas y que no tengo
            motivos para pensar que mi sangre pueda perjudicar a otra persona. Sé que, si lo necesito, puedo
            pedir la autoexclusión confidencial de mi donación.
          </P>
          <Signatures items={['Firma del donante', 'Aclaración', 'DNI']} top={24} />
        </View>
        <View wrap={false} style={{ marginTop: 8, borderWidth: 0.75, borderColor: RULE, padding: 5 }}>
          <Text style={s.bold}>EVALUACIÓN DEL PROFESIONAL (uso exclusivo del servicio)</Text>
          <LogTable
            rows={1}
            rowHeight={16}
            columns={[
              { title: 'TA (mmHg)' },
              { title: 'FC (lpm)' },
              { title: 'Peso (kg)' },
              { title: 'Temp. (°C)' },
              { title: 'Hb (g/dl)' },
              { title: 'Hto (%)' },
            ]}
          />
          <Options
            label="Resultado"
            options={['Apto', 'Diferido temporal', 'No apto (exclusión definitiva)']}
          />
          <Row>
            <Field label="Plazo (días)" flex={0.8} />
            <Field label="Código / motivo" flex={2} />
          </Row>
          <Signatures items={['Firma y sello del profesional', 'Matrícula']} top={24} />
        </View>
      </FormPage>
    </Document>
  );
}

function AutoexclusionTicket() {
  return (
    <View style={{ borderWidth: 1, borderColor: RULE, padding: 8 }} wrap={false}>
      <Text style={[s.bold, { fontSize: 11, textAlign: 'center' }]}>AUTOEXCLUSIÓN CONFIDENCIAL</Text>
      <P>
        Si por cualquier motivo cree que su sangre podría no ser segura para un paciente y no quiso decirlo en
        la entrevista, marque la opción &quot;NO&quot;. Nadie le preguntará la razón: su donación se analizará
        igual y no se usará para transfundir. No escriba su nombre. Doble este papel y deposítelo en la urna o
        entréguelo cerrado al personal.
      </P>
      <View style={{ flexDirection: 'row', marginTop: 10, justifyContent: 'space-around' }}>
        {[
          ['SÍ', 'mi sangre puede usarse para transfundir a un paciente'],
          ['NO', 'mi sangre NO debe usarse para transfundir'],
        ].map(([a, b]) => (
          <View key={a} style={{ flexDirection: 'row', alignItems: 'center', width: '45%' }}>
            <View
              style={{ width: 22, height: 22, borderWidth: 1.5, borderColor: '#000000', marginRight: 6 }}
            />
            <Text style={{ fontSize: 10, flex: 1 }}>
              <Text style={s.bold}>{a}</Text>, {b}
            </Text>
          </View>
        ))}
      </View>
      <Row style={{ marginTop: 8 }}>
        <Field label="N° de donación" flex={1.2} />
        <Field label="Fecha" flex={1} hint="DD / MM / AAAA" />
      </Row>
      <Text style={[s.small, s.muted, { marginTop: 4 }]}>
        Si lo prefiere, el personal pegará aquí la etiqueta con el número de la donación.
      </Text>
      <View style={{ marginTop: 6, borderTopWidth: 0.5, borderColor: '#999999', paddingTop: 4 }}>
        <Text style={[s.small, s.bold]}>Uso exclusivo del servicio</Text>
        <Row>
          <Field label="Recibió" flex={1.2} />
          <Options options={['Unidad liberada', 'Unidad descartada']} />
        </Row>
      </View>
    </View>
  );
}

function AutoexclusionConfidencial() {
  return (
    <Document title="Autoexclusión confidencial" author="Servicio de Hemoterapia">
      <FormPage
        title="Autoexclusión confidencial"
        code="CI-04"
        subtitle="Dos formularios por hoja: recortar por la línea de puntos"
        note={`${LEY_SANGRE} · Información confidencial`}
      >
        <View style={{ marginTop: 6 }}>
          <AutoexclusionTicket />
        </View>
        <View style={{ marginVertical: 12, flexDirection: 'row', alignItems: 'center' }}>
          <View style={{ flex: 1, borderTopWidth: 1, borderStyle: 'dashed', borderColor: MUTED }} />
          <Text style={[s.small, s.muted, { marginHorizontal: 6 }]}>recortar por aquí</Text>
          <View style={{ flex: 1, borderTopWidth: 1, borderStyle: 'dashed', borderColor: MUTED }} />
        </View>
        <AutoexclusionTicket />
      </FormPage>
    </Document>
  );
}

// ── cph ───────────────────────────────────────────────────────────────────────────────────────

function Contacto({ n }: { n: number }) {
  return (
    <View style={{ marginTop: 2 }}>
      <Text style={[s.small, s.bold, { marginTop: 6 }]}>Contacto {n}</Text>
      <Row>
        <Field label="Nombre" flex={1} />
        <Field label="Apellido" flex={1} />
        <Field label="Relación" flex={0.8} />
      </Row>
      <Row>
        <Field label="Teléfono" flex={1} />
        <Field label="Correo electrónico" flex={1.5} />
      </Row>
    </View>
  );
}

function ConsentimientoCph() {
  const note = 'INCUCAI · Registro Nacional de Donantes de CPH (Ley 25.392) · Ley 27.447';
  return (
    <Document title="Consentimiento e inscripción al registro de CPH" author="Servicio de Hemoterapia">
      <FormPage
        title="Registro Nacional de Donantes de CPH"
        subtitle="Consentimiento informado para la inscripción de donantes voluntarios de células progenitoras hematopoyéticas (INCUCAI)"
        code="CPH-01"
        note={note}
      >
        <Clauses
          fontSize={8.8}
          items={[
            'Las células progenitoras hematopoyéticas (CPH) se encuentran en la médula ósea y producen las células de la sangre. Su trasplante es el tratamiento indicado para muchos pacientes con leucemias, linfomas, aplasias y otras enfermedades graves de la sangre que no tienen un donante compatible en su familia.',
            'El Registro Nacional de Donantes de CPH funciona en el INCUCAI (Ley 25.392) y forma parte de la red mundial de registros. Para inscribirme se me extraerá una muestra de sangre de unos 10 ml, con la que se estudiará mi tipificación HLA (características de compatibilidad). Mis datos de HLA se incorporarán al Registro y podrán ser consultados en forma codificada por centros de trasplante del país y del exterior.',
            'Puedo inscribirme si tengo entre 18 y 40 años, peso más de 50 kg y gozo de buena salud. Permaneceré en el Registro hasta los 60 años, salvo que pida mi baja antes.',
            'Si resulto compatible con un paciente, el Registro me contactará. Se me darán información detallada y nuevos estudios médicos, y se me pedirá un nuevo consentimiento específico. La donación puede hacerse de dos formas: por aféresis de sangre periférica, previa aplicación de un medicamento (factor estimulante) durante unos días, o por punción de la médula ósea de la cadera bajo anestesia, en quirófano. Los gastos están a cargo del sistema y no pierdo días de trabajo por ello (Ley 27.447).',
            'La inscripción es voluntaria, altruista y no remunerada. Puedo pedir mi baja del Registro en cualquier momento, pero sé que desistir cuando un paciente ya se prepara para el trasplante pone en grave riesgo su vida.',
            'Me comprometo a informar al Registro los cambios de domicilio, teléfono o correo electrónico y cualquier enfermedad que pueda impedirme donar.',
            'Mis datos personales serán tratados en forma confidencial (Ley 25.326 de Protección de los Datos Personales). Mi identidad no se dará a conocer al paciente ni la del paciente a mí, según la normativa vigente.',
          ]}
        />
        <P style={{ marginTop: 6 }}>
          Leí y comprendí esta información, pude hacer preguntas y me fueron respondidas. Presto mi
          consentimiento libre e informado para inscribirme en el Registro Nacional de Donantes de CPH y para
          que se estudie mi tipificación HLA con la muestra extraída.
        </P>
        <PlaceAndDate />
        <View wrap={false}>
          <Signatures items={['Firma del donante', 'Aclaración', 'DNI']} />
          <Signatures items={['Firma del agente de captación', 'Aclaración', 'Centro de colecta']} />
        </View>
      </FormPage>
      <FormPage
        title="Registro Nacional de Donantes de CPH"
        subtitle="Ficha de inscripción · Completar con letra de imprenta"
        code="CPH-01"
        note={note}
      >
        <Section title="Datos personales">
          <Row>
            <Field label="Apellido" flex={1} />
            <Field label="Nombre" flex={1} />
          </Row>
          <Row>
            <Field label="DNI" flex={1} />
            <Field label="Fecha de nacimiento" flex={1.3} hint="DD / MM / AAAA" />
            <Options label="Sexo" options={['Masculino', 'Femenino']} />
          </Row>
          <Row>
            <Field label="Lugar de nacimiento" flex={1.3} />
            <Field label="Provincia de nacimiento" flex={1} />
            <Field label="Nacionalidad" flex={0.9} />
          </Row>
          <Row>
            <Options label="Grupo sanguíneo (si lo conoce)" options={['A', 'B', 'AB', 'O']} />
            <Options label="Rh" options={['Positivo', 'Negativo']} />
          </Row>
        </Section>
        <Section title="Domicilio actual">
          <Row>
            <Field label="Calle" flex={2.4} />
            <Field label="Altura" flex={0.6} />
            <Field label="Piso" flex={0.4} />
            <Field label="Depto." flex={0.5} />
          </Row>
          <Row>
            <Field label="Localidad" flex={1.4} />
            <Field label="Provincia" flex={1.2} />
            <Field label="C.P." flex={0.5} />
          </Row>
          <Row>
            <Field label="Domicilio del DNI (si es distinto)" flex={2} />
            <Field label="Localidad del DNI" flex={1} />
          </Row>
          <Row>
            <Field label="Teléfono" flex={1} />
            <Field label="Teléfono alternativo" flex={1} />
          </Row>
          <Row>
            <Field label="Correo electrónico" flex={1} />
          </Row>
        </Section>
        <Section title="Datos laborales">
          <Row>
            <Field label="Ocupación" flex={1} />
            <Field label="Establecimiento laboral" flex={1.4} />
          </Row>
          <Row>
            <Field label="Teléfono laboral" flex={1} />
            <Field label="Correo electrónico laboral" flex={1.4} />
          </Row>
        </Section>
        <Section title="Personas de contacto (por si no se lo ubica)">
          <Contacto n={1} />
          <Contacto n={2} />
        </Section>
        <Section title="Uso exclusivo del centro de colecta">
          <Row>
            <Field label="Fecha de extracción" flex={1} hint="DD / MM / AAAA" />
            <Field label="N° de muestra / tubo" flex={1} />
          </Row>
          <Row>
            <Options label="Captación" options={['Donante de sangre', 'Colecta externa', 'Espontáneo']} />
          </Row>
          <Row>
            <Field label="Agente de captación" flex={1.5} />
            <Field label="Centro" flex={1} />
          </Row>
          <Signatures items={['Firma del agente de captación', 'Firma del donante']} top={26} />
        </Section>
      </FormPage>
    </Document>
  );
}

/** One document per catalogue file name. */
export const FORMS: Record<string, () => React.ReactElement<DocumentProps>> = {
  'hoja-de-donacion.pdf': HojaDeDonacion,
  'libro-de-registro.pdf': LibroDeRegistro,
  'planilla-de-etiquetas.pdf': PlanillaDeEtiquetas,
  'registro-reacciones-adversas.pdf': ReaccionesAdversas,
  'registro-temperatura-heladera.pdf': TemperaturaHeladera,
  'control-calidad-reactivos.pdf': ControlCalidadReactivos,
  'registro-unidades-descartadas.pdf': UnidadesDescartadas,
  'registro-donantes-diferidos.pdf': DonantesDiferidos,
  'consentimiento-donacion-sangre-entera.pdf': ConsentimientoSangreEntera,
  'consentimiento-donacion-aferesis.pdf': ConsentimientoAferesis,
  'entrevista-predonacion.pdf': EntrevistaPredonacion,
  'autoexclusion-confidencial.pdf': AutoexclusionConfidencial,
  'consentimiento-inscripcion-cph.pdf': ConsentimientoCph,
};

/** Fails loudly when the catalogue and the forms drift apart. */
export function checkCatalogue(entries: readonly PlanillaEntry[]): void {
  const names = entries.map((e) => e.fileName);
  const missing = names.filter((n) => !FORMS[n]);
  const extra = Object.keys(FORMS).filter((n) => !names.includes(n));
  if (missing.length || extra.length) {
    throw new Error(
      `Planillas sin formulario: [${missing.join(', ')}]; formularios fuera del catálogo: [${extra.join(', ')}]`,
    );
  }
}
