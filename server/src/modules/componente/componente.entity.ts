import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import {
  ESTADO_COMPONENTE_LABELS,
  type EstadoComponente as EstadoComponenteName,
  MOTIVO_DESCARTE_LABELS,
  type MotivoDescarte as MotivoDescarteName,
  TIPO_COMPONENTE_LABELS,
  type TipoComponente as TipoComponenteName,
} from '../../domain/componentes';
import { descripciones } from '../../graphql/enums';

/** GraphQL enum mirroring the domain's component types (domain/componentes.ts TIPOS_COMPONENTE). */
export enum TipoComponente {
  GLOBULOS_ROJOS = 'GLOBULOS_ROJOS',
  PLASMA_FRESCO_CONGELADO = 'PLASMA_FRESCO_CONGELADO',
  PLAQUETAS = 'PLAQUETAS',
  CRIOPRECIPITADO = 'CRIOPRECIPITADO',
}

export enum EstadoComponente {
  CUARENTENA = 'CUARENTENA',
  LIBERADO = 'LIBERADO',
  DESPACHADO = 'DESPACHADO',
  DESCARTADO = 'DESCARTADO',
}

export enum MotivoDescarte {
  SEROLOGIA_REACTIVA = 'SEROLOGIA_REACTIVA',
  VENCIMIENTO = 'VENCIMIENTO',
  BOLSA_ROTA = 'BOLSA_ROTA',
  LIPEMICO = 'LIPEMICO',
  HEMOLIZADO = 'HEMOLIZADO',
  BAJO_VOLUMEN = 'BAJO_VOLUMEN',
  CONTROL_CALIDAD = 'CONTROL_CALIDAD',
  CADENA_FRIO = 'CADENA_FRIO',
  INFORME_POSTDONACION = 'INFORME_POSTDONACION',
  OTRO = 'OTRO',
}

// Fail to compile if an enum and the domain's list ever drift apart.
const _tipos: Record<TipoComponenteName, TipoComponente> = TipoComponente;
const _estados: Record<EstadoComponenteName, EstadoComponente> = EstadoComponente;
const _motivos: Record<MotivoDescarteName, MotivoDescarte> = MotivoDescarte;
void _tipos;
void _estados;
void _motivos;

registerEnumType(TipoComponente, {
  name: 'TipoComponente',
  description: 'Tipo de componente sanguíneo',
  valuesConfig: descripciones(TIPO_COMPONENTE_LABELS),
});
registerEnumType(EstadoComponente, {
  name: 'EstadoComponente',
  description: 'Estado de un componente: en cuarentena hasta que se libera, o descartado',
  valuesConfig: descripciones(ESTADO_COMPONENTE_LABELS),
});
registerEnumType(MotivoDescarte, {
  name: 'MotivoDescarte',
  description: 'Motivo codificado del descarte de un componente',
  valuesConfig: descripciones(MOTIVO_DESCARTE_LABELS),
});

/**
 * What every answer about a unit shows of it: its id, identifier, product code, type, state,
 * volume and expiry; declared once, as the componente table's columns. The entity extends it, and
 * so does the read-model of a unit in stock, dispatches and transfers (stock.entity.ts).
 */
@ObjectType() // not in the schema by itself: only the types that extend it are
export abstract class UnidadBase {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field(() => String, {
    description:
      'Identificador de la unidad, único en la red: código de instalación, año, número de etiqueta, ' +
      'código de producto y carácter de control ISO 7064 MOD 37-2, sin separadores',
  })
  @Column('varchar', { length: 40 })
  codigo: string;

  @Field(() => String, { description: "Código de producto: 'GR1', 'PF1', 'PQ1', 'CR1'" })
  @Column('varchar', { length: 5 })
  codigoProducto: string;

  @Field(() => TipoComponente)
  @Column('varchar', { length: 30 })
  tipo: TipoComponente;

  @Field(() => EstadoComponente)
  @Column('varchar', { length: 12 })
  estado: EstadoComponente;

  @Field(() => Int, { description: 'Volumen en ml' })
  @Column('integer')
  volumen: number;

  @Field({ description: 'Vencimiento: la extracción más la vida útil que el servicio fijó para el tipo' })
  @Column('timestamptz')
  venceEn: Date;
}

/**
 * The product and ABO/Rh group that stock is counted by and the network asks for: declared once
 * for a stock row (stock.entity.ts) and a transfer request (despacho.entity.ts).
 */
@ObjectType() // not in the schema by itself: only the types that extend it are
export abstract class TipoYGrupo {
  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => String)
  abo: string;

  @Field(() => String)
  rh: string;
}

/** A unit a donation was split into (migration 1764500000000). */
@ObjectType({ description: 'Componente sanguíneo de una donación (fraccionamiento)' })
@Entity('componente')
export class Componente extends UnidadBase {
  @Column('uuid')
  servicioId: string;

  @Column('uuid')
  donacionId: string;

  @Field({ description: 'Fecha y hora de producción' })
  @Column('timestamptz')
  producidoEn: Date;

  @Field(() => MotivoDescarte, { nullable: true })
  @Column('varchar', { length: 20, nullable: true })
  motivoDescarte: MotivoDescarte | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 500, nullable: true })
  detalleDescarte: string | null;

  @Column('uuid', { name: 'liberado_por', nullable: true })
  liberadoPorId: string | null;

  @Field(() => Date, { nullable: true })
  @Column('timestamptz', { nullable: true })
  liberadoEn: Date | null;

  @Column('uuid', { name: 'descartado_por', nullable: true })
  descartadoPorId: string | null;

  @Field(() => Date, { nullable: true })
  @Column('timestamptz', { nullable: true })
  descartadoEn: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

@InputType({ description: 'Un componente a producir de una donación' })
export class ComponenteInput {
  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => Int, { description: 'Volumen en ml' })
  volumen: number;
}

@InputType({ description: 'Filtro de la lista de componentes' })
export class FiltroComponentes {
  @Field(() => String, { nullable: true, description: 'Producidos desde (YYYY-MM-DD)' })
  desde?: string | null;

  @Field(() => String, { nullable: true, description: 'Producidos hasta (YYYY-MM-DD), inclusive' })
  hasta?: string | null;

  @Field(() => TipoComponente, { nullable: true })
  tipo?: TipoComponente | null;

  @Field(() => EstadoComponente, { nullable: true })
  estado?: EstadoComponente | null;

  @Field(() => String, {
    nullable: true,
    description: 'Identificador de la unidad (con o sin espacios y guiones)',
  })
  codigo?: string | null;
}

@ObjectType({ description: 'Un componente que no se liberó, y por qué' })
export class RechazoLiberacion {
  @Field(() => Componente)
  componente: Componente;

  @Field(() => [String])
  motivos: string[];
}

@ObjectType({ description: 'Resultado de liberar varios componentes a la vez' })
export class ResultadoLiberacion {
  @Field(() => [Componente])
  liberados: Componente[];

  @Field(() => [RechazoLiberacion])
  rechazados: RechazoLiberacion[];
}

@ObjectType({ description: 'La vida útil de un tipo de componente en el servicio, con sus límites' })
export class VidaUtilComponente {
  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => Int, { description: 'Días desde la extracción' })
  dias: number;

  @Field(() => Int)
  minimo: number;

  @Field(() => Int)
  maximo: number;

  @Field(() => Int)
  predeterminado: number;

  @Field(() => String, { description: 'De dónde sale el valor predeterminado' })
  fuente: string;
}
