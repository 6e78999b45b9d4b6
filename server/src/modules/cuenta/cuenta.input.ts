import { Field, InputType, ObjectType } from 'type-graphql';
import { Rol } from '../usuario/rol.enum';
import { Usuario } from '../usuario/usuario.entity';
import { maxTexto } from '../../graphql/validators';

@InputType({ description: 'Alta de un servicio y su administrador' })
export class RegisterInput {
  @Field()
  @maxTexto(200)
  nombre: string;

  @Field()
  @maxTexto(100)
  username: string;

  @Field()
  @maxTexto(254)
  email: string;

  @Field()
  @maxTexto(200)
  password: string;

  @Field({ description: 'Repetición de la clave' })
  @maxTexto(200)
  password2: string;

  @Field(() => Rol, {
    nullable: true,
    description:
      'ROL_SERVICIO (un servicio de hemoterapia, por omisión) o ROL_RED (una red o programa provincial)',
  })
  rol?: Rol;
}

@InputType()
export class LoginInput {
  @Field()
  @maxTexto(100)
  username: string;

  @Field()
  @maxTexto(200)
  password: string;
}

@ObjectType()
export class AuthPayload {
  @Field({ description: 'JWT para el encabezado Authorization' })
  token: string;

  @Field(() => Usuario)
  usuario: Usuario;
}
