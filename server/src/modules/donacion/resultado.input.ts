import { Field, InputType } from 'type-graphql';
import { maxTexto } from '../../graphql/validators';

@InputType({ description: 'El tamizaje de un marcador del panel del servicio' })
export class TamizajeInput {
  @Field(() => String, {
    description: 'HIV, HBSAG, ANTI_HBC, HCV, HTLV, CHAGAS, SIFILIS, BRUCELOSIS o un NAT del panel',
  })
  @maxTexto(20)
  marcador: string;

  @Field(() => String, { description: "'NO_REALIZADO', 'NO_REACTIVO', 'REACTIVO' o 'INDETERMINADO'" })
  @maxTexto(15)
  estado: string;

  @Field(() => String, { nullable: true, description: 'Técnica (ELISA, quimioluminiscencia...)' })
  @maxTexto(200)
  tecnica?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; requerida salvo NO_REALIZADO' })
  @maxTexto(10)
  fecha?: string | null;
}

@InputType({ description: 'La repetición por duplicado de un tamizaje reactivo o indeterminado' })
export class RepeticionInput {
  @Field(() => String)
  @maxTexto(20)
  marcador: string;

  @Field(() => String, { description: "'NO_REACTIVO', 'REACTIVO' o 'INDETERMINADO'" })
  @maxTexto(15)
  primera: string;

  @Field(() => String, { description: "'NO_REACTIVO', 'REACTIVO' o 'INDETERMINADO'" })
  @maxTexto(15)
  segunda: string;

  @Field(() => String, { nullable: true })
  @maxTexto(200)
  tecnica?: string | null;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @maxTexto(10)
  fecha: string;
}

@InputType({ description: 'La prueba confirmatoria de un marcador repetidamente reactivo' })
export class ConfirmatorioInput {
  @Field(() => String)
  @maxTexto(20)
  marcador: string;

  @Field(() => String, { description: "'POSITIVO' o 'NEGATIVO'" })
  @maxTexto(10)
  resultado: string;

  @Field(() => String, { description: 'Técnica (Western blot, inmunofluorescencia...)' })
  @maxTexto(200)
  tecnica: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @maxTexto(10)
  fecha: string;

  @Field(() => String, { description: 'Laboratorio que la hizo' })
  @maxTexto(200)
  laboratorio: string;
}
