import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type {
  DiferimientoVisto as DiferimientoData,
  Elegibilidad as ElegibilidadData,
  Motivo,
} from '../../domain/elegibilidad';
import { maxTexto } from '../../graphql/validators';
import { SignosVitalesInput } from '../../graphql/signos-vitales';

@ObjectType({ description: 'Una razón por la que el donante no puede donar' })
export class MotivoElegibilidad implements Motivo {
  @Field(() => String, { description: "'edad', 'intervalo', 'limiteAnual' o 'diferimiento'" })
  tipo: Motivo['tipo'];

  @Field({ description: 'La razón en palabras' })
  texto: string;

  @Field(() => String, { nullable: true, description: 'Primer día en que deja de aplicar; null: sin fecha' })
  hasta: string | null;
}

@ObjectType({
  description:
    'Un diferimiento vigente: por el resultado de una donación o una visita no apta. De otro servicio de la red solo se ven sus fechas y el nombre del servicio',
})
export class Diferimiento implements DiferimientoData {
  @Field(() => ID, {
    nullable: true,
    description: 'La donación o la visita que lo origina; null si es de otro servicio de la red',
  })
  origenId: string | null;

  @Field(() => String, {
    nullable: true,
    description: "'donacion' o 'visita'; null si es de otro servicio de la red",
  })
  origen: DiferimientoData['origen'];

  @Field(() => String, {
    description:
      "'Definitiva', 'Temporal' o 'Pendiente' (serología reactiva sin decisión). De otro servicio de la red: 'Temporal' si tiene fecha de fin, 'Indefinida' si no",
  })
  tipo: DiferimientoData['tipo'];

  @Field({ description: 'YYYY-MM-DD' })
  desde: string;

  @Field(() => String, { nullable: true, description: 'Primer día en que puede donar; null: sin fecha' })
  hasta: string | null;

  @Field()
  texto: string;

  @Field(() => String, {
    nullable: true,
    description: 'El otro servicio de la red que lo registró (solo él puede levantarlo); null si es propio',
  })
  servicio: string | null;

  /** Not in the schema: what a lift records of the deferral (domain Diferimiento.clave). */
  clave: string;
}

@ObjectType({ description: 'Si el donante puede donar hoy, desde cuándo y por qué no' })
export class Elegibilidad implements ElegibilidadData {
  @Field()
  puedeDonar: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Primer día en que puede donar (YYYY-MM-DD); null mientras dure un diferimiento sin fecha',
  })
  desde: string | null;

  @Field(() => [MotivoElegibilidad])
  motivos: MotivoElegibilidad[];

  @Field(() => [Diferimiento])
  diferimientos: Diferimiento[];
}

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

@InputType()
export class ReglasDonacionInput {
  @Field(() => Int, { description: 'Semanas mínimas entre donaciones (8 a 52)' })
  semanasEntreDonaciones: number;

  @Field(() => Int, { description: 'Donaciones de sangre entera en 12 meses para hombres (1 a 4)' })
  limiteAnualHombres: number;

  @Field(() => Int, { description: 'Donaciones de sangre entera en 12 meses para mujeres (1 a 3)' })
  limiteAnualMujeres: number;
}
