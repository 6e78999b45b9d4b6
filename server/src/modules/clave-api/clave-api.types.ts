import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Clave de API de un tablero: su secreto no se vuelve a mostrar' })
export class ClaveApi {
  @Field(() => ID) id: string;
  @Field() nombre: string;
  @Field({ description: 'Primeros caracteres del secreto, para reconocer la clave' }) prefijo: string;
  @Field() creadaEn: Date;
  @Field(() => Date, { nullable: true, description: 'Última consulta hecha con la clave' })
  ultimoUso: Date | null;

  @Field(() => Date, { nullable: true, description: 'Cuándo se revocó; null mientras está activa' })
  revocadaEn: Date | null;
}

@ObjectType({ description: 'Clave de API recién creada: el secreto se muestra esta única vez' })
export class ClaveApiCreada {
  @Field(() => ID) id: string;
  @Field() nombre: string;
  @Field() prefijo: string;
  @Field() creadaEn: Date;
  @Field({ description: 'Enviarlo como "Authorization: Bearer <secreto>"; no se vuelve a mostrar' })
  secreto: string;
}
