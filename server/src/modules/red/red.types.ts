import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Indicadores } from '../indicadores/indicadores.service';

@ObjectType({ description: 'Un servicio, por su nombre (lo que una red ve de sus miembros)' })
export class ServicioResumen {
  @Field(() => ID) id: string;

  @Field({ description: 'El nombre que los otros servicios de la red leen (el que la red aprobó)' })
  nombre: string;

  @Field(() => String, {
    nullable: true,
    description: 'Un nombre nuevo que el servicio se dio y espera la aprobación de la red; null si no hay',
  })
  nombrePropuesto?: string | null;
}

@ObjectType({
  description:
    'Otro integrante de la red, como lo leen sus compañeros: el nombre que la red aprobó y nada más',
})
export class MiembroRed {
  @Field(() => ID) id: string;

  @Field({ description: 'El nombre que la red aprobó para el integrante' })
  nombre: string;
}

@ObjectType({
  description:
    'Las consultas de un servicio miembro a registros de otros servicios de la red en los últimos 7 días: cifras del servicio, nunca de una persona',
})
export class ConsultasRedMiembro {
  @Field(() => ServicioResumen) servicio: ServicioResumen;

  @Field(() => Int, { description: 'Registros distintos de otros servicios consultados' })
  consultas: number;

  @Field(() => Int, { description: 'Lo más consultado en un minuto' })
  maximoPorMinuto: number;

  @Field(() => Int, { description: 'Consultas rechazadas por superar el límite' })
  rechazadas: number;

  @Field({ description: 'Fuera de lo que hace un servicio con mucho trabajo: revisar' })
  inusual: boolean;
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
    description:
      'Todos los miembros juntos (donantesDistintos suma los registros de cada servicio). Las cifras del total ' +
      'y las de cada servicio se suprimen juntas: ninguna suprimida se deduce restando del total las demás',
  })
  total: Indicadores;

  @Field(() => [IndicadoresServicio]) porServicio: IndicadoresServicio[];
}
