import { Field, InputType, ObjectType } from 'type-graphql';
import { maxTexto } from '../../graphql/validators';

@InputType({ description: 'Cambio de la clave propia' })
export class PasswordChangeInput {
  @Field()
  @maxTexto(200)
  oldPassword: string;

  @Field()
  @maxTexto(200)
  newPassword: string;

  @Field({ description: 'Repetición de la clave nueva' })
  @maxTexto(200)
  newPassword2: string;
}

@ObjectType({ description: 'Resultado del cambio de clave' })
export class PasswordChangePayload {
  @Field({ description: 'Texto de estado para mostrar al usuario' })
  message: string;

  @Field({ description: 'Nuevo JWT: los anteriores dejan de valer' })
  token: string;
}
