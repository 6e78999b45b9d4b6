import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { OrdenDireccion } from '../../graphql/orden';
import { FormatoEtiqueta, Servicio } from '../servicio/servicio.entity';
import { Paginated } from '../../graphql/pagination';
import { maxTexto } from '../../graphql/validators';

@InputType({ description: 'Opciones generales del servicio' })
export class OpcionesInput {
  @Field()
  @maxTexto(200)
  nombre: string;

  @Field(() => String, { nullable: true })
  @maxTexto(200)
  direccion?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(254)
  email?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(50)
  telefono?: string | null;
}

@InputType({ description: "Cómo imprime 'Generar Etiquetas': la hoja A4 o una impresora de etiquetas" })
export class FormatoEtiquetasInput {
  @Field(() => FormatoEtiqueta)
  formato: FormatoEtiqueta;

  @Field(() => Int, {
    description: 'Ancho de la etiqueta de la impresora, en mm (se guarda también con la hoja A4)',
  })
  anchoMm: number;

  @Field(() => Int, { description: 'Alto de la etiqueta de la impresora, en mm' })
  altoMm: number;
}

@ObjectType({ description: 'Resultado de guardar las opciones' })
export class OpcionesPayload {
  @Field(() => Servicio)
  servicio: Servicio;

  @Field({ description: 'Texto para mostrar al usuario' })
  message: string;
}

@ObjectType({ description: 'Un número de etiqueta emitido que ninguna donación lleva (ni eliminada)' })
export class EtiquetaSinUsar {
  @Field(() => Int)
  numero: number;

  @Field({ description: 'Número seguido de su carácter de control ISO 7064 MOD 37-2' })
  codigo: string;

  @Field({ description: 'Cuándo se emitió' })
  emitidaEn: Date;

  /** Who issued it (a user of the servicio); null when the trail did not say. */
  usuarioId: string | null;

  /** The donor it was issued for ('Generar Etiquetas' of a new donation); null for none. */
  donanteId: string | null;
}

/** The columns of the unused label numbers it can be ordered by. */
export enum EtiquetaSinUsarOrdenCampo {
  NUMERO = 'NUMERO',
  EMITIDA = 'EMITIDA',
  EMITIDA_POR = 'EMITIDA_POR',
  DONANTE = 'DONANTE',
}

registerEnumType(EtiquetaSinUsarOrdenCampo, {
  name: 'EtiquetaSinUsarOrdenCampo',
  description: 'Columna por la que se ordenan los números emitidos sin usar',
  valuesConfig: {
    NUMERO: { description: 'Número (y su código)' },
    EMITIDA: { description: 'Cuándo se emitió' },
    EMITIDA_POR: { description: 'Quién lo emitió (sin registro, al final)' },
    DONANTE: { description: 'Apellido y nombre del donante (ninguno, al final)' },
  },
});

@InputType({ description: 'Orden de los números emitidos sin usar' })
export class EtiquetaSinUsarOrden {
  @Field(() => EtiquetaSinUsarOrdenCampo)
  campo: EtiquetaSinUsarOrdenCampo;

  @Field(() => OrdenDireccion, { nullable: true, defaultValue: OrdenDireccion.ASC })
  direccion?: OrdenDireccion | null;
}

export const EtiquetaSinUsarPage = Paginated(EtiquetaSinUsar, 'EtiquetaSinUsarPage');
export type EtiquetaSinUsarPage = InstanceType<typeof EtiquetaSinUsarPage>;

const UMBRAL_DESCRIPCION = {
  hbMinMujer: 'Hemoglobina mínima de las mujeres, en g/dl (12 o más; null: 12, la norma)',
  hbMinHombre: 'Hemoglobina mínima de los hombres, en g/dl (12 o más; null: 12, la norma)',
  hbMax: 'Hemoglobina máxima, en g/dl (null: sin máximo, la norma)',
  hctoMinMujer: 'Hematocrito mínimo de las mujeres, en % (35 o más; null: 35, la norma)',
  hctoMinHombre: 'Hematocrito mínimo de los hombres, en % (35 o más; null: 35, la norma)',
  hctoMax: 'Hematocrito máximo, en % (null: sin máximo, la norma)',
} as const;

@ObjectType({
  description:
    'Los umbrales de tamizaje del servicio: mínimos por sexo y máximos de hemoglobina y hematocrito, nunca menos exigentes que la norma (null: el límite de la norma)',
})
export class UmbralesTamizaje {
  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hbMinMujer })
  hbMinMujer: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hbMinHombre })
  hbMinHombre: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hbMax })
  hbMax: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hctoMinMujer })
  hctoMinMujer: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hctoMinHombre })
  hctoMinHombre: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hctoMax })
  hctoMax: number | null;
}

@InputType({ description: 'Umbrales de tamizaje del servicio; null o ausente: el límite de la norma' })
export class UmbralesTamizajeInput {
  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hbMinMujer })
  hbMinMujer?: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hbMinHombre })
  hbMinHombre?: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hbMax })
  hbMax?: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hctoMinMujer })
  hctoMinMujer?: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hctoMinHombre })
  hctoMinHombre?: number | null;

  @Field(() => Float, { nullable: true, description: UMBRAL_DESCRIPCION.hctoMax })
  hctoMax?: number | null;
}
