import { MaxLength } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { MSG } from '../../domain/messages';
import { Rol } from '../usuario/rol.enum';
import { Usuario } from '../usuario/usuario.entity';

const max = (n: number) => MaxLength(n, { message: MSG.textoDemasiadoLargo(n) });

@InputType({ description: 'Alta de un servicio y su administrador' })
export class RegisterInput {
  @Field()
  @max(200)
  nombre: string;

  @Field()
  @max(100)
  username: string;

  @Field()
  @max(254)
  email: string;

  @Field()
  @max(200)
  password: string;

  @Field({ description: 'Repetición de la clave' })
  @max(200)
  password2: string;

  @Field(() => Rol, { nullable: true, description: 'Siempre ROL_SERVICIO' })
  rol?: Rol;
}

@InputType()
export class LoginInput {
  @Field()
  @max(100)
  username: string;

  @Field()
  @max(200)
  password: string;
}

@ObjectType()
export class AuthPayload {
  @Field({ description: 'JWT para el encabezado Authorization' })
  token: string;

  @Field(() => Usuario)
  usuario: Usuario;
}
