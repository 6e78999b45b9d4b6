import { Field, InputType, ObjectType } from 'type-graphql';
import { Rol } from '../usuario/rol.enum';
import { Usuario } from '../usuario/usuario.entity';
import { maxTexto } from '../../graphql/validators';

@InputType({ description: 'Datos editables de un integrante (sin usuario ni clave)' })
export class IntegranteUpdateInput {
  @Field()
  @maxTexto(200)
  nombre: string;

  @Field()
  @maxTexto(200)
  apellido: string;

  @Field(() => Rol, { nullable: true, description: 'ROL_MEDICO, ROL_TECNICO o ROL_ADMINISTRATIVO' })
  rol?: Rol | null;

  @Field(() => String, { nullable: true })
  @maxTexto(50)
  matricula?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(254)
  email?: string | null;

  @Field(() => String, { nullable: true })
  @maxTexto(50)
  telefono?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Agente de captación del registro CPH' })
  agentecph?: boolean | null;
}

@InputType({ description: 'Alta de un integrante del servicio' })
export class IntegranteInput extends IntegranteUpdateInput {
  @Field()
  @maxTexto(100)
  username: string;

  @Field()
  @maxTexto(200)
  password: string;

  @Field({ description: 'Repetición de la clave' })
  @maxTexto(200)
  password2: string;
}

@ObjectType({ description: 'Resultado de una operación sobre un integrante' })
export class IntegrantePayload {
  @Field(() => Usuario)
  integrante: Usuario;

  @Field({ description: 'Texto para mostrar al usuario' })
  message: string;
}

@InputType({ description: 'Clave nueva que el administrador asigna a un integrante' })
export class IntegrantePasswordInput {
  @Field()
  @maxTexto(200)
  newPassword: string;

  @Field({ description: 'Repetición de la clave nueva' })
  @maxTexto(200)
  newPassword2: string;
}
