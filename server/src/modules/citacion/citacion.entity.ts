import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import {
  ESTADO_CITACION_LABELS,
  type EstadoCitacion as EstadoCitacionName,
  MEDIO_INTENTO_LABELS,
  type MedioIntento as MedioIntentoName,
  MOTIVO_CITACION_LABELS,
  type MotivoCitacion as MotivoCitacionName,
} from '../../domain/citacion';
import { descripciones } from '../../graphql/enums';

/** GraphQL enums mirroring the domain's lists (domain/citacion.ts). */
export enum MotivoCitacion {
  RESULTADO_REACTIVO_CONFIRMATORIO = 'RESULTADO_REACTIVO_CONFIRMATORIO',
  RESULTADO_CONFIRMADO = 'RESULTADO_CONFIRMADO',
  OTRO = 'OTRO',
}
export enum EstadoCitacion {
  PENDIENTE = 'PENDIENTE',
  CITADO = 'CITADO',
  ASISTIO = 'ASISTIO',
  CERRADA = 'CERRADA',
}
export enum MedioIntento {
  TELEFONO = 'TELEFONO',
  CORREO = 'CORREO',
  MENSAJE = 'MENSAJE',
  CARTA = 'CARTA',
  EN_PERSONA = 'EN_PERSONA',
  OTRO = 'OTRO',
}

// Fail to compile if an enum and the domain's list ever drift apart.
const _motivos: Record<MotivoCitacionName, MotivoCitacion> = MotivoCitacion;
const _estados: Record<EstadoCitacionName, EstadoCitacion> = EstadoCitacion;
const _medios: Record<MedioIntentoName, MedioIntento> = MedioIntento;
void _motivos;
void _estados;
void _medios;

registerEnumType(MotivoCitacion, {
  name: 'MotivoCitacion',
  description: 'Por qué hay que citar al donante (solo lo ve ROL_MEDICO)',
  valuesConfig: descripciones(MOTIVO_CITACION_LABELS),
});
registerEnumType(EstadoCitacion, {
  name: 'EstadoCitacion',
  description: 'Estado de una citación',
  valuesConfig: descripciones(ESTADO_CITACION_LABELS),
});
registerEnumType(MedioIntento, {
  name: 'MedioIntento',
  description: 'Medio de un intento de comunicarse con el donante',
  valuesConfig: descripciones(MEDIO_INTENTO_LABELS),
});

/** An attempt to reach the donor (table citacion_intento, migration 1764800000000). */
@ObjectType({ description: 'Intento de comunicarse con el donante' })
export class IntentoCitacion {
  @Field(() => ID)
  id: string;

  servicioId: string;

  @Field({ description: 'YYYY-MM-DD' })
  fecha: string;

  @Field(() => MedioIntento)
  medio: MedioIntento;

  @Field(() => String, { nullable: true, description: 'Qué pasó' })
  resultado: string | null;

  registradoPorId: string | null;

  @Field()
  creadoEn: Date;
}

/**
 * A donor to be called back (table citacion). The reason, its detail, the donation it comes from,
 * what was told, the referral and the closure's reason are null for every role but ROL_MEDICO
 * (CitacionService.vista): the others see only that a call is due.
 */
@ObjectType({
  description: 'Citación de un donante: a quién hay que llamar, los intentos, la cita y el cierre',
})
export class Citacion {
  @Field(() => ID)
  id: string;

  servicioId: string;

  @Field(() => ID)
  donanteId: string;

  @Field(() => ID, { nullable: true, description: 'La donación de la que surge (solo ROL_MEDICO)' })
  donacionId: string | null;

  @Field(() => MotivoCitacion, { nullable: true, description: 'El motivo (solo ROL_MEDICO)' })
  motivo: MotivoCitacion | null;

  @Field(() => String, { nullable: true, description: 'El detalle del motivo (solo ROL_MEDICO)' })
  detalle: string | null;

  @Field({
    description: "'Citación pendiente' para quien no ve el motivo; el motivo en palabras para ROL_MEDICO",
  })
  motivoTexto: string;

  @Field(() => EstadoCitacion)
  estado: EstadoCitacion;

  @Field(() => String, { nullable: true, description: 'La fecha de la cita (YYYY-MM-DD)' })
  cita: string | null;

  @Field(() => Date, { nullable: true })
  asistioEn: Date | null;

  @Field(() => String, { nullable: true, description: 'Lo informado al donante (solo ROL_MEDICO)' })
  informado: string | null;

  @Field(() => String, { nullable: true, description: 'La derivación (solo ROL_MEDICO)' })
  derivacion: string | null;

  @Field(() => Date, { nullable: true })
  cerradaEn: Date | null;

  @Field(() => String, { nullable: true, description: 'Por qué se cerró (solo ROL_MEDICO)' })
  motivoCierre: string | null;

  @Field()
  creadaEn: Date;

  @Field(() => [IntentoCitacion])
  intentos: IntentoCitacion[];
}

@InputType({ description: 'Filtro de la lista de citaciones' })
export class FiltroCitaciones {
  @Field(() => EstadoCitacion, { nullable: true })
  estado?: EstadoCitacion | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Solo las abiertas (pendientes, citadas o asistidas)',
  })
  abiertas?: boolean | null;
}

@InputType({ description: 'Un intento de comunicarse con el donante' })
export class IntentoCitacionInput {
  @Field({ description: 'YYYY-MM-DD, no futura' })
  fecha: string;

  @Field(() => MedioIntento)
  medio: MedioIntento;

  @Field(() => String, { nullable: true })
  resultado?: string | null;
}
