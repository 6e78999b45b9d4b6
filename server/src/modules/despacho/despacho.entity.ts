import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  DESTINO_FINAL_LABELS,
  type DestinoFinal as DestinoFinalName,
  ESTADO_SOLICITUD_LABELS,
  ESTADO_UNIDAD_DESPACHO_LABELS,
  type EstadoSolicitud as EstadoSolicitudName,
  type EstadoUnidadDespacho as EstadoUnidadDespachoName,
  TIPO_DESTINO_LABELS,
  type TipoDestino as TipoDestinoName,
} from '../../domain/despacho';
import { TipoComponente, TipoYGrupo } from '../componente/componente.entity';
import { UnidadComponente } from '../stock/stock.entity';
import { descripciones } from '../../graphql/enums';

export enum TipoDestino {
  HOSPITAL = 'HOSPITAL',
  MIEMBRO_RED = 'MIEMBRO_RED',
  SERVICIO_PROPIO = 'SERVICIO_PROPIO',
}

export enum EstadoUnidadDespacho {
  EN_DESTINO = 'EN_DESTINO',
  EN_TRANSITO = 'EN_TRANSITO',
  RECIBIDO = 'RECIBIDO',
  DEVUELTO = 'DEVUELTO',
  TRANSFUNDIDO = 'TRANSFUNDIDO',
  DESCARTADO = 'DESCARTADO',
}

export enum DestinoFinal {
  TRANSFUNDIDO = 'TRANSFUNDIDO',
  DESCARTADO = 'DESCARTADO',
}

// Fail to compile if an enum and the domain's list ever drift apart.
const _tipos: Record<TipoDestinoName, TipoDestino> = TipoDestino;
const _estados: Record<EstadoUnidadDespachoName, EstadoUnidadDespacho> = EstadoUnidadDespacho;
const _finales: Record<DestinoFinalName, DestinoFinal> = DestinoFinal;
void _tipos;
void _estados;
void _finales;

registerEnumType(TipoDestino, {
  name: 'TipoDestino',
  description: 'Adónde va un despacho',
  valuesConfig: descripciones(TIPO_DESTINO_LABELS),
});
registerEnumType(EstadoUnidadDespacho, {
  name: 'EstadoUnidadDespacho',
  description: 'Qué fue de una unidad en un despacho',
  valuesConfig: descripciones(ESTADO_UNIDAD_DESPACHO_LABELS),
});
registerEnumType(DestinoFinal, {
  name: 'DestinoFinal',
  description: 'El destino final de una unidad despachada, registrado por quien la despachó',
  valuesConfig: descripciones(DESTINO_FINAL_LABELS),
});

@InputType({ description: 'El destino de un despacho' })
export class DestinoInput {
  @Field(() => TipoDestino)
  tipo: TipoDestino;

  @Field(() => String, { nullable: true, description: 'Hospital o clínica (obligatorio para HOSPITAL)' })
  nombre?: string | null;

  @Field(() => String, { nullable: true, description: 'La referencia que usa el servicio que recibe' })
  referencia?: string | null;

  @Field(() => ID, { nullable: true, description: 'El servicio de la red que recibe (solo MIEMBRO_RED)' })
  servicioId?: string | null;
}

@ObjectType({ description: 'Una unidad en un despacho y qué fue de ella' })
export class UnidadDespacho {
  @Field(() => UnidadComponente)
  unidad: UnidadComponente;

  @Field(() => EstadoUnidadDespacho)
  estado: EstadoUnidadDespacho;

  @Field(() => Boolean, { nullable: true, description: 'Al devolverse: si se mantuvo la cadena de frío' })
  cadenaFrio: boolean | null;

  @Field(() => String, { nullable: true })
  detalle: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Cuándo se registró su devolución, recepción o destino final',
  })
  cerradoEn: Date | null;
}

@ObjectType({ description: 'Un despacho de unidades liberadas (los datos del remito)' })
export class Despacho {
  @Field(() => ID)
  id: string;

  @Field(() => TipoDestino)
  destinoTipo: TipoDestino;

  @Field(() => String, {
    description: 'Hospital o clínica, servicio de la red o servicio de transfusión propio',
  })
  destinoNombre: string;

  @Field(() => String, { nullable: true })
  destinoReferencia: string | null;

  @Field(() => ID, { nullable: true, description: 'El servicio de la red que recibe' })
  destinoServicioId: string | null;

  @Field(() => String, { description: 'El servicio que despachó' })
  origen: string;

  @Field(() => String, { description: 'Quién despachó (nombre y apellido)' })
  despachadoPor: string;

  @Field()
  despachadoEn: Date;

  @Field(() => [UnidadDespacho])
  unidades: UnidadDespacho[];
}

@ObjectType({
  description: 'Un paso en la historia de una unidad: un despacho, de qué servicio a cuál, y qué fue de ella',
})
export class PasoUnidad {
  @Field(() => ID)
  despachoId: string;

  @Field()
  despachadoEn: Date;

  @Field(() => String, { description: 'El servicio que la despachó' })
  origen: string;

  @Field(() => String, {
    nullable: true,
    description: 'Quién la despachó (nombre y apellido); null si la despachó otro servicio de la red',
  })
  despachadoPor: string | null;

  @Field(() => TipoDestino)
  destinoTipo: TipoDestino;

  @Field(() => String)
  destinoNombre: string;

  @Field(() => EstadoUnidadDespacho)
  estado: EstadoUnidadDespacho;

  @Field(() => Date, { nullable: true })
  cerradoEn: Date | null;
}

export enum EstadoSolicitud {
  PENDIENTE = 'PENDIENTE',
  ACEPTADA = 'ACEPTADA',
  RECHAZADA = 'RECHAZADA',
}
const _solicitudes: Record<EstadoSolicitudName, EstadoSolicitud> = EstadoSolicitud;
void _solicitudes;
registerEnumType(EstadoSolicitud, {
  name: 'EstadoSolicitud',
  description: 'El estado de una solicitud de traslado entre integrantes de la red',
  valuesConfig: descripciones(ESTADO_SOLICITUD_LABELS),
});

@ObjectType({ description: 'Una solicitud de la red: que un integrante envíe unidades a otro (solo cifras)' })
export class SolicitudTraslado extends TipoYGrupo {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  origenId: string;

  @Field(() => String, { description: 'El integrante que envía' })
  origen: string;

  @Field(() => ID)
  destinoId: string;

  @Field(() => String, { description: 'El integrante que recibe' })
  destino: string;

  @Field(() => Int)
  cantidad: number;

  @Field(() => EstadoSolicitud)
  estado: EstadoSolicitud;

  @Field(() => String, { nullable: true, description: 'Por qué se rechazó' })
  motivo: string | null;

  @Field(() => String, { nullable: true, description: 'La nota de la red para el integrante que envía' })
  nota: string | null;

  @Field()
  creadaEn: Date;

  @Field(() => Date, { nullable: true })
  respondidaEn: Date | null;
}

@InputType({ description: 'Qué pide la red: del integrante que envía al que recibe, tipo, grupo y cantidad' })
export class SolicitudTrasladoInput {
  @Field(() => ID)
  origenId: string;

  @Field(() => ID)
  destinoId: string;

  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => String, { description: 'A, B, AB u O' })
  abo: string;

  @Field(() => String, { description: 'POSITIVO o NEGATIVO' })
  rh: string;

  @Field(() => Int)
  cantidad: number;

  @Field(() => String, { nullable: true, description: 'Para qué o con qué urgencia (hasta 500 caracteres)' })
  nota?: string | null;
}
