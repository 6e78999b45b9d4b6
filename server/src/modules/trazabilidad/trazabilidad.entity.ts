import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { INDICADORES_MINIMO_PUBLICABLE } from '../../domain/limites';
import {
  ACCION_TRAZABILIDAD_LABELS,
  type AccionTrazabilidad as AccionTrazabilidadName,
  MEDIO_NOTIFICACION_LABELS,
  type MedioNotificacion as MedioNotificacionName,
} from '../../domain/trazabilidad';
import { EstadoComponente, TipoComponente } from '../componente/componente.entity';
import { descripciones } from '../../graphql/enums';

export enum AccionTrazabilidad {
  RETIRADA = 'RETIRADA',
  NOTIFICAR = 'NOTIFICAR',
  SIN_ACCION = 'SIN_ACCION',
}

export enum MedioNotificacion {
  TELEFONO = 'TELEFONO',
  CORREO = 'CORREO',
  NOTA = 'NOTA',
  EN_PERSONA = 'EN_PERSONA',
  OTRO = 'OTRO',
}

// Fail to compile if an enum and the domain's list ever drift apart.
const _acciones: Record<AccionTrazabilidadName, AccionTrazabilidad> = AccionTrazabilidad;
const _medios: Record<MedioNotificacionName, MedioNotificacion> = MedioNotificacion;
void _acciones;
void _medios;

registerEnumType(AccionTrazabilidad, {
  name: 'AccionTrazabilidad',
  description: 'Qué hizo la trazabilidad inversa con una unidad',
  valuesConfig: descripciones(ACCION_TRAZABILIDAD_LABELS),
});
registerEnumType(MedioNotificacion, {
  name: 'MedioNotificacion',
  description: 'Cómo se notificó al destino de una unidad',
  valuesConfig: descripciones(MEDIO_NOTIFICACION_LABELS),
});

@ObjectType({ description: 'Una unidad que alcanza una trazabilidad inversa' })
export class UnidadTrazabilidad {
  @Field(() => ID)
  componenteId: string;

  @Field(() => String)
  codigo: string;

  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => EstadoComponente, { description: 'Su estado ahora' })
  estado: EstadoComponente;

  @Field(() => AccionTrazabilidad)
  accion: AccionTrazabilidad;

  @Field(() => String, { description: 'El servicio de la red que la tenía' })
  servicio: string;

  @Field(() => String, { nullable: true, description: 'Adónde se había despachado' })
  destino: string | null;

  @Field(() => Boolean, { description: 'Tiene al menos una notificación registrada' })
  notificada: boolean;
}

@ObjectType({
  description: 'Una notificación de una trazabilidad inversa: a quién, cuándo, cómo y qué respondió',
})
export class NotificacionTrazabilidad {
  @Field(() => ID)
  id: string;

  @Field(() => ID, { nullable: true })
  componenteId: string | null;

  @Field(() => String)
  notificado: string;

  @Field(() => MedioNotificacion)
  medio: MedioNotificacion;

  @Field(() => String, { nullable: true })
  respuesta: string | null;

  @Field()
  notificadoEn: Date;

  @Field(() => String, { description: 'Quién la registró (nombre y apellido)' })
  registradoPor: string;

  @Field(() => String, { description: 'El servicio que la registró' })
  servicio: string;
}

@ObjectType({
  description:
    'Una trazabilidad inversa: las unidades de donaciones anteriores de un donante reactivo o diferido en forma definitiva por una causa infecciosa',
})
export class Trazabilidad {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'El servicio que la abrió' })
  servicio: string;

  @Field(() => Int, {
    nullable: true,
    description:
      'El número de la donación que la abrió (del servicio que la abrió); ninguno si la abrió un diferimiento definitivo en una visita no apta',
  })
  donacionNumero: number | null;

  @Field(() => String, { description: "Qué la abrió: 'Donación N° 12' o 'Visita no apta del 03/02/2026'" })
  origen: string;

  @Field(() => String, {
    nullable: true,
    description:
      'La causa que puede afectar la sangre anterior (HIV, Chagas, conducta de riesgo...), si se conoce',
  })
  causa: string | null;

  @Field(() => String, { description: 'Primer día de la ventana (YYYY-MM-DD)' })
  desde: string;

  @Field(() => Boolean)
  abierta: boolean;

  @Field()
  creadaEn: Date;

  @Field(() => [UnidadTrazabilidad])
  unidades: UnidadTrazabilidad[];

  @Field(() => [NotificacionTrazabilidad])
  notificaciones: NotificacionTrazabilidad[];
}

@ObjectType({
  description:
    'Cuántas trazabilidades abiertas tiene un integrante de la red. Cada una apunta a un donante reactivo: ' +
    `de 1 a ${INDICADORES_MINIMO_PUBLICABLE - 1} se responde suprimida (ver abiertas)`,
})
export class TrazabilidadesMiembro {
  @Field(() => ID)
  servicioId: string;

  @Field(() => String)
  servicio: string;

  @Field(() => Int, {
    nullable: true,
    description:
      `Las trazabilidades abiertas del integrante. null: suprimida, porque se basa en menos de ` +
      `${INDICADORES_MINIMO_PUBLICABLE} donaciones o donantes (de 1 a ${INDICADORES_MINIMO_PUBLICABLE - 1}; ` +
      `se muestra "menos de ${INDICADORES_MINIMO_PUBLICABLE}"). 0 y ${INDICADORES_MINIMO_PUBLICABLE} o más, exactas. ` +
      'No se da un total de la red: ninguna suprimida se deduce restando',
  })
  abiertas: number | null;

  @Field(() => Boolean, { description: 'true si abiertas es null por la regla de publicación' })
  suprimido: boolean;
}

@InputType({ description: 'Una notificación de una trazabilidad inversa' })
export class NotificacionInput {
  @Field(() => ID, { nullable: true, description: 'La unidad notificada (ninguna: la trazabilidad entera)' })
  componenteId?: string | null;

  @Field(() => String, { description: 'A quién: hospital y persona' })
  notificado: string;

  @Field(() => MedioNotificacion)
  medio: MedioNotificacion;

  @Field(() => String, { nullable: true })
  respuesta?: string | null;

  @Field(() => Date, { nullable: true, description: 'Cuándo (ahora si no se indica)' })
  notificadoEn?: Date | null;
}
