import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { INDICADORES_MINIMO_PUBLICABLE } from '../../domain/limites';
import { MotivoDescarte, TipoComponente } from '../componente/componente.entity';
import { TipoDestino } from '../despacho/despacho.entity';
import { TIPOS_REACCION } from '../../domain/reacciones';

/** How the series of `indicadores` is grouped. */
export enum Agrupacion {
  DIA = 'DIA',
  SEMANA = 'SEMANA',
  MES = 'MES',
  ANIO = 'ANIO',
}

registerEnumType(Agrupacion, {
  name: 'Agrupacion',
  description: 'Período de cada punto de la serie: día, semana (de lunes a domingo), mes o año',
});

const MINIMO = INDICADORES_MINIMO_PUBLICABLE;

/** The rule, as every description of a figure that may be suppressed states it. */
export const REGLA_SUPRESION =
  `Fuera del servicio (una cuenta de red o una clave de API), una cifra que se basa en menos de ${MINIMO} ` +
  `donaciones o donantes es null (menos de ${MINIMO}): todas las de un período (o un período y servicio) ` +
  `con menos de ${MINIMO} donaciones o donantes, cada recuento de 1 a ${MINIMO - 1}, y las que permitirían ` +
  `deducir una de ellas restando de un total (supresión complementaria). La serología, las exclusiones y los ` +
  `grupos cuentan allí los resultados cargados antes de hoy. El personal del servicio recibe todas las cifras.`;

/** A figure's description, with what null means. */
const cifra = (texto: string) => `${texto}. null: suprimida (menos de ${MINIMO}; ver Indicadores)`;

const SUPRIMIDO = `true si alguna cifra de este objeto es null por la regla de publicación (menos de ${MINIMO})`;

@ObjectType({ description: 'Componentes descartados en el período por un motivo' })
export class IndicadorDescarte {
  @Field(() => MotivoDescarte) motivo: MotivoDescarte;
  @Field(() => Int, { nullable: true, description: cifra('Componentes descartados por el motivo') })
  cantidad: number | null;
  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Componentes despachados en el período a un tipo de destino' })
export class IndicadorDestino {
  @Field(() => TipoDestino) destino: TipoDestino;
  @Field(() => Int, { nullable: true, description: cifra('Componentes despachados a ese tipo de destino') })
  cantidad: number | null;
  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({
  description:
    'Componentes de un tipo: producidos, liberados, descartados, despachados, transfundidos y devueltos en el ' +
    'período (cada uno el día en que ocurrió), y el stock al final del período',
})
export class IndicadorComponente {
  @Field(() => TipoComponente) tipo: TipoComponente;
  @Field(() => Int, { nullable: true, description: cifra('Componentes producidos (fraccionados)') })
  producidos: number | null;
  @Field(() => Int, { nullable: true, description: cifra('Componentes liberados') })
  liberados: number | null;
  @Field(() => Int, {
    nullable: true,
    description: cifra('Componentes descartados (la suma de sus motivos)'),
  })
  descartados: number | null;
  @Field(() => [IndicadorDescarte], { description: 'Los descartados por motivo, uno por motivo' })
  porMotivo: IndicadorDescarte[];
  @Field(() => Int, {
    nullable: true,
    description: cifra('Componentes que el servicio despachó (la suma de sus tipos de destino)'),
  })
  despachados: number | null;
  @Field(() => [IndicadorDestino], { description: 'Los despachados por tipo de destino, uno por tipo' })
  porDestino: IndicadorDestino[];
  @Field(() => Int, {
    nullable: true,
    description: cifra('Componentes despachados registrados como transfundidos'),
  })
  transfundidos: number | null;
  @Field(() => Int, { nullable: true, description: cifra('Componentes despachados que volvieron') })
  devueltos: number | null;
  @Field(() => Int, {
    nullable: true,
    description: cifra('Componentes descartados por vencimiento (el motivo VENCIMIENTO de porMotivo)'),
  })
  vencidos: number | null;
  @Field(() => Int, {
    nullable: true,
    description: cifra(
      'Stock al final del período: componentes producidos por el servicio, liberados, sin vencer, sin descartar y sin despachar',
    ),
  })
  stockFinal: number | null;
  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Donaciones por grupo ABO y factor Rh ("" = sin resultado todavía)' })
export class IndicadorGrupo {
  @Field() abo: string;
  @Field() rh: string;
  @Field(() => Int, { nullable: true, description: cifra('Donaciones del grupo') }) cantidad: number | null;
  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Serología de las donaciones del período, por marcador' })
export class IndicadorSerologia {
  @Field({ description: 'hiv, hepB, hepC, vdrl, brucelosis, chagas o htlv' }) marcador: string;
  @Field(() => Int, {
    nullable: true,
    description: cifra('Donaciones en las que el marcador se analizó (reactivo o no reactivo)'),
  })
  analizadas: number | null;

  @Field(() => Int, {
    nullable: true,
    description: cifra('Donaciones con el marcador reactivo, de las analizadas'),
  })
  reactivas: number | null;

  @Field(() => Int, {
    nullable: true,
    description: cifra('Donaciones en las que el marcador todavía no se analizó (donaciones - analizadas)'),
  })
  pendientes: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'reactivas / analizadas × 100, con un decimal (0 sin analizadas). null: suprimido, porque reactivas o analizadas lo es',
  })
  porcentaje: number | null;

  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Exclusiones registradas en el período' })
export class IndicadorExclusiones {
  @Field(() => Int, {
    nullable: true,
    description: cifra(
      "Temporales: resultados 'Temporal' de 1 día o más y visitas 'No apto' con días de diferimiento",
    ),
  })
  temporales: number | null;

  @Field(() => Int, { nullable: true, description: cifra("Resultados con exclusión 'Definitiva'") })
  definitivas: number | null;

  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Reacciones del donante de un tipo en las donaciones del período' })
export class IndicadorReaccionTipo {
  @Field({ description: `El código del tipo (TipoReaccion): ${TIPOS_REACCION.join(', ')}` }) tipo: string;
  @Field(() => Int, { nullable: true, description: cifra('Reacciones de este tipo') }) cantidad:
    number | null;
  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Reacciones del donante en las donaciones del período' })
export class IndicadorReacciones {
  @Field(() => Int, { nullable: true, description: cifra('Reacciones registradas') })
  total: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'Reacciones por 1.000 donaciones, con un decimal (0 sin donaciones). null: suprimido, porque el total o las donaciones lo son',
  })
  porMil: number | null;

  @Field(() => [IndicadorReaccionTipo], { description: 'Una por tipo de reacción, también las de 0' })
  porTipo: IndicadorReaccionTipo[];

  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: 'Un punto de la serie: un día, semana, mes o año del período' })
export class IndicadorPeriodo {
  @Field({ description: "Primer día del período (YYYY-MM-DD); 'YYYY-MM' por mes; 'YYYY' por año" })
  periodo: string;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones del período') })
  donaciones: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones voluntarias del período') })
  voluntarias: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones de reposición del período') })
  reposicion: number | null;

  @Field({ description: SUPRIMIDO }) suprimido: boolean;
}

@ObjectType({ description: `Los indicadores del servicio entre dos fechas (inclusive). ${REGLA_SUPRESION}` })
export class Indicadores {
  @Field() desde: string;
  @Field() hasta: string;
  @Field(() => Agrupacion) agrupacion: Agrupacion;

  @Field({
    description: `${SUPRIMIDO} (donaciones ... aferesis, porcentajeVoluntarias); las de sus listas dicen lo suyo`,
  })
  suprimido: boolean;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones (sin las eliminadas)') })
  donaciones: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donantes distintos que donaron') })
  donantesDistintos: number | null;

  @Field(() => Int, { nullable: true, description: cifra("Atendidos: donaciones más visitas 'No apto'") })
  atendidos: number | null;

  @Field(() => Int, { nullable: true, description: cifra("Visitas 'No apto' (atendidos que no donaron)") })
  noAptos: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones de donantes voluntarios') })
  voluntarias: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones de reposición') })
  reposicion: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'voluntarias / donaciones × 100, con un decimal (0 sin donaciones). null: suprimido, porque voluntarias o donaciones lo es',
  })
  porcentajeVoluntarias: number | null;

  @Field(() => Int, {
    nullable: true,
    description: cifra('Donaciones de quien no había donado antes (ni lo declaró)'),
  })
  primeraVez: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones de donantes habituales o esporádicos') })
  habituales: number | null;

  @Field(() => Int, { nullable: true, description: cifra('Donaciones por aféresis') })
  aferesis: number | null;

  @Field(() => Int, {
    nullable: true,
    description: cifra(
      'Donaciones con resultados pendientes: alguno de los siete marcadores de serología sin analizar todavía',
    ),
  })
  pendientes: number | null;

  @Field(() => [IndicadorGrupo], {
    description: 'Las donaciones por grupo; vacía fuera del servicio si el período entero está suprimido',
  })
  porGrupo: IndicadorGrupo[];

  @Field(() => [IndicadorSerologia]) serologia: IndicadorSerologia[];
  @Field(() => IndicadorExclusiones) exclusiones: IndicadorExclusiones;
  @Field(() => IndicadorReacciones) reacciones: IndicadorReacciones;
  @Field(() => [IndicadorPeriodo], { description: 'Un punto por período, también los vacíos' })
  serie: IndicadorPeriodo[];

  @Field(() => [IndicadorComponente], {
    description: 'Los componentes del período por tipo: producidos, liberados y descartados por motivo',
  })
  componentes: IndicadorComponente[];
}
