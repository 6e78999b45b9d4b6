import { Field, ID, Int, ObjectType } from 'type-graphql';
import { REGISTRO_DIAS_MAX } from '../../domain/registros';
import { Paginated } from '../../graphql/pagination';
import { MotivoDescarte, TipoComponente } from '../componente/componente.entity';
import { EstadoUnidadDespacho, TipoDestino } from '../despacho/despacho.entity';

export const PERIODO_REGISTRO = `El período son dos fechas YYYY-MM-DD (inclusive, días de Argentina), de a lo sumo ${REGISTRO_DIAS_MAX} días`;

@ObjectType({ description: 'Una unidad descartada: una línea del registro de unidades descartadas' })
export class DescarteRegistro {
  @Field(() => ID, { description: 'Id del componente' })
  componenteId: string;

  @Field({ description: 'Fecha y hora del descarte' })
  descartadoEn: Date;

  @Field(() => String, { description: 'Identificador de la unidad' })
  codigo: string;

  @Field(() => String, { description: "El identificador agrupado para leer: '90001 26 000004 GR1 K'" })
  codigoLegible: string;

  @Field(() => String, { description: "Código de producto: 'GR1', 'PF1', 'PQ1', 'CR1'" })
  codigoProducto: string;

  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => String, { description: "A, B, AB u O ('' sin resultado)" })
  abo: string;

  @Field(() => String, { description: "POSITIVO o NEGATIVO ('' sin resultado)" })
  rh: string;

  @Field(() => Int, { description: 'Volumen en ml' })
  volumen: number;

  @Field(() => MotivoDescarte, { nullable: true })
  motivo: MotivoDescarte | null;

  @Field(() => String, { description: 'El motivo en palabras' })
  motivoTexto: string;

  @Field(() => String, { nullable: true })
  detalle: string | null;

  @Field(() => String, {
    description: "Quién lo descartó (nombre y apellido), o 'Automático (vencimiento)'",
  })
  descartadoPor: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Dónde se descartó, si fue en el destino de un despacho (el hospital, la clínica o el servicio)',
  })
  descartadoEnDestino: string | null;
}

@ObjectType({ description: 'Una unidad de un despacho del registro, y qué fue de ella' })
export class UnidadRegistroDespacho {
  @Field(() => ID, { description: 'Id del componente' })
  componenteId: string;

  @Field(() => String) codigo: string;
  @Field(() => String) codigoLegible: string;
  @Field(() => String) codigoProducto: string;
  @Field(() => TipoComponente) tipo: TipoComponente;
  @Field(() => String) abo: string;
  @Field(() => String) rh: string;
  @Field(() => Int, { description: 'Volumen en ml' }) volumen: number;
  @Field({ description: 'Vencimiento' }) venceEn: Date;
  @Field(() => EstadoUnidadDespacho) estado: EstadoUnidadDespacho;

  @Field(() => Boolean, { nullable: true, description: 'Al devolverse: si se mantuvo la cadena de frío' })
  cadenaFrio: boolean | null;

  @Field(() => MotivoDescarte, { nullable: true, description: 'Si se descartó en el destino: el motivo' })
  motivo: MotivoDescarte | null;

  @Field(() => String, { nullable: true }) detalle: string | null;

  @Field(() => Date, {
    nullable: true,
    description: 'Cuándo se registró su devolución, recepción o destino final',
  })
  cerradoEn: Date | null;

  @Field(() => String, { description: 'Qué fue de la unidad después del despacho, en palabras' })
  destinoPosterior: string;
}

@ObjectType({ description: 'Un despacho: una entrada del registro de despachos' })
export class DespachoRegistro {
  @Field(() => ID) id: string;

  @Field(() => String, { description: 'El número del despacho (el del remito)' })
  numero: string;

  @Field() despachadoEn: Date;
  @Field(() => TipoDestino) destinoTipo: TipoDestino;
  @Field(() => String) destinoNombre: string;
  @Field(() => String, { nullable: true }) destinoReferencia: string | null;

  @Field(() => String, { description: 'Quién despachó (nombre y apellido)' })
  despachadoPor: string;

  @Field(() => [UnidadRegistroDespacho]) unidades: UnidadRegistroDespacho[];
}

export const DescartesPage = Paginated(DescarteRegistro, 'RegistroDescartesPage');
export type DescartesPage = InstanceType<typeof DescartesPage>;
export const DespachosPage = Paginated(DespachoRegistro, 'RegistroDespachosPage');
export type DespachosPage = InstanceType<typeof DespachosPage>;
