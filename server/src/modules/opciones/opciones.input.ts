import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
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
