import { Field, ID, InputType, Int } from 'type-graphql';
import { SignosVitalesInput } from '../../graphql/signos-vitales';
import { maxTexto } from '../../graphql/validators';
import { RespuestaSiNo, TipoPregunta } from './visita.entity';

@InputType({ description: 'Una respuesta de la entrevista' })
export class RespuestaInput {
  @Field(() => ID)
  @maxTexto(64)
  preguntaId: string;

  @Field(() => String, { description: 'SI / NO, un número, una fecha (YYYY-MM-DD) o un texto' })
  @maxTexto(500)
  valor: string;
}

@InputType({ description: 'Las firmas de la declaración jurada y del consentimiento, y sus testigos' })
export class FirmasInput {
  @Field(() => Boolean)
  declaracionFirmada: boolean;

  @Field(() => String, { nullable: true, description: 'Quién fue testigo de la firma de la declaración' })
  @maxTexto(120)
  testigoDeclaracion?: string | null;

  @Field(() => Boolean)
  consentimientoFirmado: boolean;

  @Field(() => String, { nullable: true, description: 'Quién fue testigo de la firma del consentimiento' })
  @maxTexto(120)
  testigoConsentimiento?: string | null;
}

@InputType({ description: 'Una pregunta del cuestionario; sin id, una pregunta nueva' })
export class PreguntaCuestionarioInput {
  @Field(() => ID, { nullable: true })
  @maxTexto(64)
  id?: string | null;

  @Field(() => String)
  @maxTexto(300)
  texto: string;

  @Field(() => TipoPregunta)
  tipo: TipoPregunta;

  @Field(() => Boolean, { defaultValue: false })
  confidencial: boolean;

  @Field(() => Boolean, { defaultValue: true })
  activa: boolean;

  @Field(() => RespuestaSiNo, { nullable: true, description: 'La respuesta que difiere (solo Sí / No)' })
  difiereSi?: RespuestaSiNo | null;

  @Field(() => Int, { defaultValue: 0, description: 'Días de diferimiento (1 a 365) si no es definitivo' })
  diferimientoDias: number;

  @Field(() => Boolean, { defaultValue: false })
  definitivo: boolean;

  @Field(() => String, { nullable: true, description: 'Motivo codificado (MAYUSCULAS_Y_GUIONES)' })
  @maxTexto(40)
  motivoCodigo?: string | null;
}

@InputType({
  description: "Cómo termina en 'No apto' una visita: el motivo, los valores medidos y el diferimiento",
})
export class CierreNoAptoInput {
  @Field(() => String, { description: 'Por qué no puede donar (signos vitales, entrevista, …)' })
  @maxTexto(500)
  motivo: string;

  @Field(() => SignosVitalesInput, { nullable: true })
  sv?: SignosVitalesInput | null;

  @Field(() => Int, { defaultValue: 0, description: 'Días de diferimiento desde la visita (0 a 365)' })
  diferimientoDias: number;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'Diferimiento definitivo: solo un médico lo registra (los días no cuentan)',
  })
  definitivo?: boolean | null;
}
