import { MaxLength } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { MSG } from '../../domain/messages';

const max = (n: number) => MaxLength(n, { message: MSG.textoDemasiadoLargo(n) });

@InputType({ description: 'Cambio de la clave propia' })
export class PasswordChangeInput {
  @Field()
  @max(200)
  oldPassword: string;

  @Field()
  @max(200)
  newPassword: string;

  @Field({ description: 'Repetición de la clave nueva' })
  @max(200)
  newPassword2: string;
}

@ObjectType({ description: 'Resultado del cambio de clave' })
export class PasswordChangePayload {
  @Field({ description: 'Texto de estado para mostrar al usuario' })
  message: string;

  @Field({ description: 'Nuevo JWT: los anteriores dejan de valer' })
  token: string;
}
