import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  TIPO_PREGUNTA_LABELS,
  type RespuestaSiNo as RespuestaSiNoName,
  type TipoPregunta as TipoPreguntaName,
} from '../../domain/entrevista';
import { ESTADO_VISITA_LABELS, type EstadoVisita as EstadoVisitaName } from '../../domain/visita';

/** GraphQL enums mirroring the domain's lists (domain/visita.ts, domain/entrevista.ts). */
export enum EstadoVisita {
  EN_CURSO = 'EN_CURSO',
  DONACION = 'DONACION',
  NO_APTO = 'NO_APTO',
  ABANDONADA = 'ABANDONADA',
}
export enum TipoPregunta {
  SI_NO = 'SI_NO',
  TEXTO = 'TEXTO',
  NUMERO = 'NUMERO',
  FECHA = 'FECHA',
}
export enum RespuestaSiNo {
  SI = 'SI',
  NO = 'NO',
}

// Fail to compile if an enum and the domain's list ever drift apart.
const _estados: Record<EstadoVisitaName, EstadoVisita> = EstadoVisita;
const _tipos: Record<TipoPreguntaName, TipoPregunta> = TipoPregunta;
const _siNo: Record<RespuestaSiNoName, RespuestaSiNo> = RespuestaSiNo;
void _estados;
void _tipos;
void _siNo;

const descripciones = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, description]) => [k, { description }]));

registerEnumType(EstadoVisita, {
  name: 'EstadoVisita',
  description: 'Estado de una visita: en curso, o terminada en donación, No apto o abandonada',
  valuesConfig: descripciones(ESTADO_VISITA_LABELS),
});
registerEnumType(TipoPregunta, {
  name: 'TipoPregunta',
  description: 'Tipo de respuesta de una pregunta de la entrevista',
  valuesConfig: descripciones(TIPO_PREGUNTA_LABELS),
});
registerEnumType(RespuestaSiNo, { name: 'RespuestaSiNo', description: 'Sí o No' });

/** A question of the servicio's questionnaire (table cuestionario_pregunta, migration 1764920000000). */
@ObjectType({ description: 'Pregunta del cuestionario de la entrevista predonación del servicio' })
export class PreguntaCuestionario {
  @Field(() => ID)
  id: string;

  @Field({ description: 'Código estable de la pregunta (las del formulario: P01, P02…)' })
  clave: string;

  @Field()
  texto: string;

  @Field(() => TipoPregunta)
  tipo: TipoPregunta;

  @Field({ description: 'Su respuesta la ve solo ROL_MEDICO' })
  confidencial: boolean;

  @Field(() => Int)
  orden: number;

  @Field()
  activa: boolean;

  @Field(() => RespuestaSiNo, { nullable: true, description: 'La respuesta que difiere al donante' })
  difiereSi: RespuestaSiNo | null;

  @Field(() => Int, { description: 'Días de diferimiento de esa respuesta (si no es definitivo)' })
  diferimientoDias: number;

  @Field({ description: 'Esa respuesta difiere en forma definitiva' })
  definitivo: boolean;

  @Field(() => String, { nullable: true, description: 'Motivo codificado del diferimiento' })
  motivoCodigo: string | null;
}

/**
 * An answer of a visit's interview, with the question as it was asked. The value, whether it
 * defers and its reason are null for every role but ROL_MEDICO when the question is confidential
 * (VisitaService.vista): the others see that it was answered.
 */
@ObjectType({ description: 'Respuesta de la entrevista, con la pregunta como se hizo' })
export class RespuestaEntrevista {
  @Field(() => ID, { nullable: true })
  preguntaId: string | null;

  @Field(() => Int)
  orden: number;

  @Field()
  texto: string;

  @Field(() => TipoPregunta)
  tipo: TipoPregunta;

  @Field()
  confidencial: boolean;

  @Field(() => String, { nullable: true, description: 'El valor (de una confidencial, solo ROL_MEDICO)' })
  valor: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Difiere al donante (de una confidencial, solo ROL_MEDICO)',
  })
  difiere: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'Motivo codificado (de una confidencial, solo ROL_MEDICO)',
  })
  motivoCodigo: string | null;
}

/** What an interview's answers defer, as the visit shows it before and after confirmation. */
@ObjectType({ description: 'El diferimiento que imponen las respuestas de la entrevista' })
export class DiferimientoEntrevista {
  @Field(() => Int)
  dias: number;

  @Field()
  definitivo: boolean;

  @Field({ description: "El motivo de la visita 'No apto' (sin nombrar una respuesta confidencial)" })
  motivo: string;
}

/** A donor's attendance (table visita, migration 1764920000000). */
@ObjectType({ description: 'Visita: cada vez que el donante concurre al servicio' })
export class Visita {
  @Field(() => ID)
  id: string;

  servicioId: string;

  @Field(() => ID)
  donanteId: string;

  @Field({ description: 'Fecha de llegada (YYYY-MM-DD)' })
  fecha: string;

  @Field({ description: 'Hora de llegada (HH:mm)' })
  hora: string;

  recibidoPorId: string | null;

  @Field(() => EstadoVisita)
  estado: EstadoVisita;

  entrevistadorId: string | null;

  @Field(() => Date, { nullable: true })
  respondidaEn: Date | null;

  confirmadaPorId: string | null;

  @Field(() => Date, { nullable: true })
  confirmadaEn: Date | null;

  @Field()
  declaracionFirmada: boolean;

  @Field(() => String, { nullable: true })
  testigoDeclaracion: string | null;

  @Field()
  consentimientoFirmado: boolean;

  @Field(() => String, { nullable: true })
  testigoConsentimiento: string | null;

  @Field(() => ID, { nullable: true, description: 'La donación en que terminó' })
  donacionId: string | null;

  @Field(() => Int, { nullable: true, description: 'El número de esa donación' })
  donacionNumero: number | null;

  @Field(() => ID, { nullable: true, description: "La visita 'No apto' en que terminó" })
  noAptoId: string | null;

  @Field(() => String, { nullable: true, description: "El motivo del 'No apto'" })
  motivoNoApto: string | null;

  @Field(() => Date, { nullable: true })
  cerradaEn: Date | null;

  @Field(() => [RespuestaEntrevista])
  respuestas: RespuestaEntrevista[];

  @Field(() => DiferimientoEntrevista, {
    nullable: true,
    description: 'El diferimiento que imponen las respuestas (de una confidencial, solo ROL_MEDICO)',
  })
  diferimiento: DiferimientoEntrevista | null;
}
