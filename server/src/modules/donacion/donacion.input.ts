import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { OrdenDireccion } from '../../graphql/orden';
import { Paginated } from '../../graphql/pagination';
import { Donacion } from './donacion.entity';
import { maxTexto } from '../../graphql/validators';
import { SignosVitalesInput } from '../../graphql/signos-vitales';

export { SignosVitalesInput };

@InputType({ description: 'Alta de una donación' })
export class CreateDonacionInput {
  @Field(() => ID)
  @maxTexto(64)
  donanteId: string;

  /** Nullable here so that a missing number gets the spec's 'Requerido'. */
  @Field(() => Int, { nullable: true, description: 'Número de etiqueta (nextEtiquetaNumero)' })
  numero?: number | null;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @maxTexto(10)
  fecha: string;

  @Field(() => String, { description: 'HH:mm' })
  @maxTexto(5)
  hora: string;

  @Field(() => Boolean, { defaultValue: false })
  plasmaCovid: boolean;

  @Field(() => SignosVitalesInput, { nullable: true })
  sv?: SignosVitalesInput | null;

  @Field(() => String, { defaultValue: 'Bolsa Doble' })
  @maxTexto(20)
  tipoBolsa: string;

  @Field(() => String, { nullable: true })
  @maxTexto(100)
  loteBolsa?: string | null;

  @Field(() => Boolean, { defaultValue: false })
  donacionAferesis: boolean;

  @Field(() => ID, {
    nullable: true,
    description:
      'La visita en que dona (entrevista confirmada y firmas registradas); sin ella se registra la visita',
  })
  @maxTexto(64)
  visitaId?: string | null;
}

@InputType({
  description:
    'Serología: true = reactivo (+); omitido = negativo. Un marcador que cambia queda como tamizaje de hoy (reactivo o no reactivo); los resultados detallados están en Donacion.resultados',
})
export class SerologiaInput {
  @Field(() => Boolean, { nullable: true }) hiv?: boolean | null;
  @Field(() => Boolean, { nullable: true }) hepB?: boolean | null;
  @Field(() => Boolean, { nullable: true }) hepC?: boolean | null;
  @Field(() => Boolean, { nullable: true }) vdrl?: boolean | null;
  @Field(() => Boolean, { nullable: true }) brucelosis?: boolean | null;
  @Field(() => Boolean, { nullable: true }) chagas?: boolean | null;
  @Field(() => Boolean, { nullable: true }) htlv?: boolean | null;
}

@InputType({ description: 'Resultados de una donación: grupo, factor, serología y exclusión' })
export class ResultadosDonacionInput {
  @Field(() => String, { nullable: true, description: "'', 'A', 'B', 'AB' u 'O'" })
  @maxTexto(2)
  abo?: string | null;

  @Field(() => String, { nullable: true, description: "'', 'POSITIVO' o 'NEGATIVO'" })
  @maxTexto(10)
  rh?: string | null;

  @Field(() => SerologiaInput, { nullable: true })
  serologia?: SerologiaInput | null;

  @Field(() => String, { nullable: true, description: "'Definitiva' o 'Temporal'" })
  @maxTexto(20)
  exclusionDefinitiva?: string | null;

  @Field(() => Int, { nullable: true, description: 'Días: 0, 15, 30, 90, 180 o 365' })
  exclusionTiempo?: number | null;

  @Field(() => String, { nullable: true })
  @maxTexto(100)
  exclusionCodigo?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Anticuerpos irregulares: '' sin realizar, 'NEGATIVO' o 'POSITIVO' (con el anticuerpo)",
  })
  @maxTexto(10)
  anticuerposIrregulares?: string | null;

  @Field(() => String, { nullable: true, description: 'El anticuerpo irregular encontrado, si es positivo' })
  @maxTexto(100)
  anticuerpo?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Confirma (médico o técnico) un grupo o factor que difiere de donaciones anteriores del donante, con motivoGrupo',
  })
  confirmarGrupo?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Por qué se confirma el grupo discordante' })
  @maxTexto(500)
  motivoGrupo?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Por qué se levanta o acorta el diferimiento de la donación (médico o administrador): requerido solo entonces; queda registrado como levantamiento',
  })
  @maxTexto(500)
  motivo?: string | null;
}

@InputType({ description: 'Búsqueda de donaciones por número y/o fecha' })
export class DonacionFilter {
  @Field(() => Int, { nullable: true })
  numero?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'El número como se tipea o escanea, o su código (codigoEtiqueta): un código termina en letra o ' +
      "'*', o lleva el carácter de control separado ('39-8', '39 8', '39/8'), y uno equivocado se rechaza; " +
      'solo dígitos son el número y, si el último es el carácter de control de los anteriores, también ' +
      'ese código: se listan ambas donaciones, primero la del número',
  })
  @maxTexto(20)
  codigo?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @maxTexto(10)
  fecha?: string | null;
}

/** The columns of the donation list it can be ordered by. */
export enum DonacionOrdenCampo {
  NUMERO = 'NUMERO',
  FECHA = 'FECHA',
  APELLIDO = 'APELLIDO',
  GRUPO = 'GRUPO',
}

registerEnumType(DonacionOrdenCampo, {
  name: 'DonacionOrdenCampo',
  description: 'Columna por la que se ordena la lista de donaciones',
  valuesConfig: {
    NUMERO: { description: 'Número de etiqueta' },
    FECHA: { description: 'Fecha y hora' },
    APELLIDO: { description: 'Apellido y nombre del donante' },
    GRUPO: { description: 'Grupo y factor (sin resultado cargado, al final)' },
  },
});

@InputType({ description: 'Orden de la lista de donaciones' })
export class DonacionOrden {
  @Field(() => DonacionOrdenCampo)
  campo: DonacionOrdenCampo;

  @Field(() => OrdenDireccion, { nullable: true, defaultValue: OrdenDireccion.ASC })
  direccion?: OrdenDireccion | null;
}

export const DonacionPage = Paginated(Donacion, 'DonacionPage');
export type DonacionPage = InstanceType<typeof DonacionPage>;

@ObjectType({ description: 'Resultado de actualizar una donación' })
export class UpdateDonacionPayload {
  @Field(() => Donacion)
  donacion: Donacion;

  @Field(() => String)
  message: string;
}
