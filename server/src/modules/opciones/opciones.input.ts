import { Field, InputType, ObjectType } from 'type-graphql';
import { Servicio } from '../servicio/servicio.entity';
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

@ObjectType({ description: 'Resultado de guardar las opciones' })
export class OpcionesPayload {
  @Field(() => Servicio)
  servicio: Servicio;

  @Field({ description: 'Texto para mostrar al usuario' })
  message: string;
}
