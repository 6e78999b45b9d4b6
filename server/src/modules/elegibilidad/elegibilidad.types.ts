import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type {
  DiferimientoVisto as DiferimientoData,
  Elegibilidad as ElegibilidadData,
  Motivo,
} from '../../domain/elegibilidad';
import { OrdenDireccion } from '../../graphql/orden';
import { Paginated } from '../../graphql/pagination';
import { Serologia } from '../donacion/donacion.entity';

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
    'Un diferimiento vigente: por el resultado de una donación o una visita no apta. De otro servicio de la red solo se ve hasta cuándo no puede donar y con qué servicio consultar',
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

  @Field({
    description:
      'YYYY-MM-DD: desde cuándo rige; de otro servicio de la red, el día consultado (su inicio no se muestra)',
  })
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

@InputType()
export class ReglasDonacionInput {
  @Field(() => Int, { description: 'Semanas mínimas entre donaciones (8 a 52)' })
  semanasEntreDonaciones: number;

  @Field(() => Int, { description: 'Donaciones de sangre entera en 12 meses para hombres (1 a 4)' })
  limiteAnualHombres: number;

  @Field(() => Int, { description: 'Donaciones de sangre entera en 12 meses para mujeres (1 a 3)' })
  limiteAnualMujeres: number;
}

@ObjectType({
  description:
    'Un diferimiento levantado por un médico o el administrador del servicio: cuál, cuándo, quién y por qué',
})
export class Levantamiento {
  @Field(() => ID)
  id: string;

  @Field(() => ID, { description: 'La donación o la visita que originó el diferimiento' })
  origenId: string;

  @Field({ description: 'El diferimiento en palabras, como estaba cuando se levantó' })
  diferimiento: string;

  @Field({ description: 'La decisión médica que lo levantó' })
  motivo: string;

  @Field({ description: 'Cuándo se levantó' })
  at: Date;

  @Field(() => String, {
    nullable: true,
    description: 'Nombre y apellido de quien lo levantó (su usuario si no tiene nombre)',
  })
  autor: string | null;

  @Field({
    description:
      'Sin efecto: el resultado de la donación se volvió a cambiar a lo que se había levantado, que rige de nuevo',
  })
  anulado: boolean;

  /** Not in the schema: the user who lifted it (a user of the servicio), for `autor`. */
  usuarioId: string | null;
}

@ObjectType({
  description:
    'Una donación con serología reactiva que espera la decisión de un médico, y el donante sobre el que decidir',
})
export class PendienteDecision {
  @Field(() => ID, {
    description:
      'El registro vivo del donante sobre el que se decide (el de la donación, u otro de la misma persona)',
  })
  donanteId: string;

  @Field()
  nombre: string;

  @Field()
  apellido: string;

  @Field()
  dni: string;

  @Field(() => ID)
  donacionId: string;

  @Field(() => Int, { description: 'Número de etiqueta de la donación' })
  numero: number;

  @Field({ description: 'YYYY-MM-DD: fecha de la donación' })
  fecha: string;

  @Field({ description: 'La donación fue eliminada: su diferimiento sigue hasta que un médico decida' })
  eliminada: boolean;

  @Field(() => Serologia)
  serologia: Serologia;

  @Field(() => Diferimiento, { description: "El diferimiento, de tipo 'Pendiente'" })
  diferimiento: Diferimiento;
}

/** A page of the doctor's queue, with the total. */
/** The columns of the doctor's queue it can be ordered by. */
export enum PendienteOrdenCampo {
  DONANTE = 'DONANTE',
  NUMERO = 'NUMERO',
  ESPERA = 'ESPERA',
}

registerEnumType(PendienteOrdenCampo, {
  name: 'PendienteOrdenCampo',
  description: 'Columna por la que se ordena la cola de decisiones pendientes',
  valuesConfig: {
    DONANTE: { description: 'Apellido y nombre del donante' },
    NUMERO: { description: 'Número de la donación' },
    ESPERA: { description: 'Días de espera (ASC: las más recientes primero)' },
  },
});

@InputType({ description: 'Orden de la cola de decisiones pendientes' })
export class PendienteOrden {
  @Field(() => PendienteOrdenCampo)
  campo: PendienteOrdenCampo;

  @Field(() => OrdenDireccion, { nullable: true, defaultValue: OrdenDireccion.ASC })
  direccion?: OrdenDireccion | null;
}

export const PendientesPage = Paginated(PendienteDecision, 'PendientesPage');
export type PendientesPage = InstanceType<typeof PendientesPage>;
