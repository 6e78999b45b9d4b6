import { Field, ID, ObjectType } from 'type-graphql';
import { Indicadores } from '../indicadores/indicadores.service';

@ObjectType({ description: 'Un servicio, por su nombre (lo que una red ve de sus miembros)' })
export class ServicioResumen {
  @Field(() => ID) id: string;
  @Field() nombre: string;
}

@ObjectType({ description: 'Una red regional o programa provincial de hemoterapia y sus servicios miembros' })
export class Red {
  @Field(() => ID) id: string;
  @Field() nombre: string;

  @Field({ description: 'El código que el administrador de un servicio escribe para unirse a la red' })
  codigoInvitacion: string;

  @Field(() => [ServicioResumen]) miembros: ServicioResumen[];
}

@ObjectType({ description: 'Los indicadores de un servicio miembro de la red' })
export class IndicadoresServicio {
  @Field(() => ServicioResumen) servicio: ServicioResumen;
  @Field(() => Indicadores) indicadores: Indicadores;
}

@ObjectType({ description: 'Los indicadores de la red: el total de sus miembros y los de cada uno' })
export class IndicadoresRed {
  @Field(() => Indicadores, {
    description: 'Todos los miembros juntos (donantesDistintos suma los registros de cada servicio)',
  })
  total: Indicadores;

  @Field(() => [IndicadoresServicio]) porServicio: IndicadoresServicio[];
}
