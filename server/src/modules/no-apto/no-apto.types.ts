import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { maxTexto } from '../../graphql/validators';
import { SignosVitalesInput } from '../../graphql/signos-vitales';

@ObjectType({ description: 'Una visita en la que el donante no fue apto para donar' })
export class VisitaNoApto {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  donanteId: string;

  @Field({ description: 'YYYY-MM-DD' })
  fecha: string;

  @Field({ description: 'HH:mm' })
  hora: string;

  @Field()
  motivo: string;

  @Field(() => Number, { nullable: true }) tas: number | null;
  @Field(() => Number, { nullable: true }) tad: number | null;
  @Field(() => Number, { nullable: true }) fc: number | null;
  @Field(() => Number, { nullable: true }) peso: number | null;
  @Field(() => Number, { nullable: true }) temp: number | null;
  @Field(() => Number, { nullable: true }) hb: number | null;
  @Field(() => Number, { nullable: true }) hto: number | null;

  @Field(() => Int, { description: 'Días de diferimiento desde la visita (0: ninguno)' })
  diferimientoDias: number;

  @Field({ description: 'Diferimiento definitivo (registrado por un médico)' })
  definitivo: boolean;
}

@InputType()
export class NoAptoInput {
  @Field(() => ID)
  @maxTexto(64)
  donanteId: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @maxTexto(10)
  fecha: string;

  @Field(() => String, { description: 'HH:mm' })
  @maxTexto(5)
  hora: string;

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
