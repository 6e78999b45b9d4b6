import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';

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

@ObjectType({ description: 'Donaciones por grupo ABO y factor Rh ("" = sin resultado todavía)' })
export class IndicadorGrupo {
  @Field() abo: string;
  @Field() rh: string;
  @Field(() => Int) cantidad: number;
}

@ObjectType({ description: 'Serología de las donaciones del período, por marcador' })
export class IndicadorSerologia {
  @Field({ description: 'hiv, hepB, hepC, vdrl, brucelosis, chagas o htlv' }) marcador: string;
  @Field(() => Int, { description: 'Donaciones con serología cargada' }) analizadas: number;
  @Field(() => Int, { description: 'Donaciones con el marcador reactivo' }) reactivas: number;
  @Field(() => Float, { description: 'reactivas / analizadas × 100, con un decimal (0 sin analizadas)' })
  porcentaje: number;
}

@ObjectType({ description: 'Exclusiones registradas en el período' })
export class IndicadorExclusiones {
  @Field(() => Int, {
    description:
      "Temporales: resultados 'Temporal' de 1 día o más y visitas 'No apto' con días de diferimiento",
  })
  temporales: number;

  @Field(() => Int, { description: "Resultados con exclusión 'Definitiva'" })
  definitivas: number;
}

@ObjectType({ description: 'Un punto de la serie: un día, semana, mes o año del período' })
export class IndicadorPeriodo {
  @Field({ description: "Primer día del período (YYYY-MM-DD); 'YYYY-MM' por mes; 'YYYY' por año" })
  periodo: string;

  @Field(() => Int) donaciones: number;
  @Field(() => Int) voluntarias: number;
  @Field(() => Int) reposicion: number;
}

@ObjectType({ description: 'Los indicadores del servicio entre dos fechas (inclusive)' })
export class Indicadores {
  @Field() desde: string;
  @Field() hasta: string;
  @Field(() => Agrupacion) agrupacion: Agrupacion;

  @Field(() => Int, { description: 'Donaciones (sin las eliminadas)' }) donaciones: number;
  @Field(() => Int, { description: 'Donantes distintos que donaron' }) donantesDistintos: number;
  @Field(() => Int, { description: "Atendidos: donaciones más visitas 'No apto'" }) atendidos: number;
  @Field(() => Int, { description: "Visitas 'No apto' (atendidos que no donaron)" }) noAptos: number;
  @Field(() => Int, { description: 'Donaciones de donantes voluntarios' }) voluntarias: number;
  @Field(() => Int, { description: 'Donaciones de reposición' }) reposicion: number;
  @Field(() => Float, { description: 'voluntarias / donaciones × 100, con un decimal (0 sin donaciones)' })
  porcentajeVoluntarias: number;

  @Field(() => Int, { description: 'Donaciones de quien no había donado antes (ni lo declaró)' })
  primeraVez: number;

  @Field(() => Int, { description: 'Donaciones de donantes habituales o esporádicos' }) habituales: number;
  @Field(() => Int, { description: 'Donaciones por aféresis' }) aferesis: number;
  @Field(() => [IndicadorGrupo]) porGrupo: IndicadorGrupo[];
  @Field(() => [IndicadorSerologia]) serologia: IndicadorSerologia[];
  @Field(() => IndicadorExclusiones) exclusiones: IndicadorExclusiones;
  @Field(() => [IndicadorPeriodo], { description: 'Un punto por período, también los vacíos' })
  serie: IndicadorPeriodo[];
}
