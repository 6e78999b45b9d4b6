import { MaxLength } from 'class-validator';
import { Field, InputType, ObjectType } from 'type-graphql';
import { MSG } from '../../domain/messages';
import { Servicio } from '../servicio/servicio.entity';

const max = (n: number) => MaxLength(n, { message: MSG.textoDemasiadoLargo(n) });

@InputType({ description: 'Opciones generales del servicio' })
export class OpcionesInput {
  @Field()
  @max(200)
  nombre: string;

  @Field(() => String, { nullable: true })
  @max(200)
  direccion?: string | null;

  @Field(() => String, { nullable: true })
  @max(254)
  email?: string | null;

  @Field(() => String, { nullable: true })
  @max(50)
  telefono?: string | null;
}

@ObjectType({ description: 'Resultado de guardar las opciones' })
export class OpcionesPayload {
  @Field(() => Servicio)
  servicio: Servicio;

  @Field({ description: 'Texto para mostrar al usuario' })
  message: string;
}
