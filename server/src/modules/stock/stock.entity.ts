import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { INDICADORES_MINIMO_PUBLICABLE } from '../../domain/limites';
import { TipoComponente, TipoYGrupo, UnidadBase } from '../componente/componente.entity';

/**
 * A unit as stock, dispatch and transfer answers show it: its identifier, product, group, volume
 * and expiry, and which servicio produced it; never its donation nor its donor (a unit received
 * from another member is read by a servicio that may not read the donation).
 */
@ObjectType({
  description: 'Una unidad de componente: identificador, producto, grupo, volumen y vencimiento',
})
export class UnidadComponente extends UnidadBase {
  @Field(() => String, { description: "El identificador agrupado para leerlo: '90001 26 000004 GR1 K'" })
  codigoLegible: string;

  @Field(() => String)
  abo: string;

  @Field(() => String)
  rh: string;

  @Field(() => Boolean)
  vencido: boolean;

  @Field(() => Boolean, {
    description: 'Vence dentro de los días de aviso que el servicio fijó para su tipo',
  })
  porVencer: boolean;

  @Field(() => String, { description: 'El servicio que lo produjo (su nombre en la red)' })
  servicioOrigen: string;

  @Field(() => Boolean, { description: 'Lo produjo otro servicio de la red y este lo recibió' })
  recibido: boolean;
}

@ObjectType({ description: 'Stock de un tipo de componente y un grupo ABO/Rh' })
export class StockFila extends TipoYGrupo {
  @Field(() => Int, { description: 'Unidades liberadas sin vencer' })
  cantidad: number;

  @Field({ description: 'El vencimiento más próximo de esas unidades' })
  proximoVencimiento: Date;

  @Field(() => Int, { description: 'Cuántas vencen dentro de los días de aviso del tipo' })
  porVencer: number;

  @Field(() => Int, { description: 'Los días de aviso del tipo en el servicio' })
  diasAviso: number;
}

const MINIMO = INDICADORES_MINIMO_PUBLICABLE;

@ObjectType({
  description:
    'Stock de un integrante de la red por tipo y grupo: solo cifras, nunca un donante. Una fila que se basa en ' +
    `menos de ${MINIMO} donantes (una unidad de un grupo raro de un servicio chico apunta a una donación) se ` +
    `responde suprimida: cantidad, porVencer y proximoVencimiento null y suprimido true ("menos de ${MINIMO}"); ` +
    `lo mismo porVencer de 1 a ${MINIMO - 1}. No se da un total de la red: ninguna suprimida se deduce restando`,
})
export class StockRedFila extends TipoYGrupo {
  @Field(() => ID)
  servicioId: string;

  @Field(() => String)
  servicio: string;

  @Field(() => Int, {
    nullable: true,
    description: `Unidades liberadas sin vencer. null: suprimida (se basa en menos de ${MINIMO} donantes)`,
  })
  cantidad: number | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'El vencimiento más próximo de esas unidades; null si la fila está suprimida (apunta a una donación)',
  })
  proximoVencimiento: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: `Cuántas vencen dentro de los días de aviso del tipo. null: suprimida (menos de ${MINIMO} donantes)`,
  })
  porVencer: number | null;

  @Field(() => Int, { description: 'Los días de aviso del tipo en el integrante' })
  diasAviso: number;

  @Field(() => Boolean, {
    description: 'true si alguna cifra de la fila es null por la regla de publicación',
  })
  suprimido: boolean;
}

@ObjectType({
  description: 'Los días antes del vencimiento en que una unidad de un tipo se señala por vencer',
})
export class AvisoVencimiento {
  @Field(() => TipoComponente)
  tipo: TipoComponente;

  @Field(() => Int)
  dias: number;

  @Field(() => Int)
  predeterminado: number;
}

@InputType({ description: 'Qué unidades del stock listar' })
export class FiltroStock {
  @Field(() => TipoComponente, { nullable: true })
  tipo?: TipoComponente | null;

  @Field(() => String, { nullable: true, description: 'A, B, AB u O' })
  abo?: string | null;

  @Field(() => String, { nullable: true, description: 'POSITIVO o NEGATIVO' })
  rh?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Solo las que vencen dentro de los días de aviso' })
  porVencer?: boolean | null;
}
