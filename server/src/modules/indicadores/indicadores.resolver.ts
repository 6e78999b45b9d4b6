import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { Context, requireServicio } from '../../context';
import { ROLES_SERVICIO } from '../../domain/roles';
import type { Lector } from './indicadores.service';
import { Agrupacion, Indicadores, REGLA_SUPRESION } from './indicadores.types';

/** The servicio's own signed-in staff read exact figures; an API key reads them from outside. */
function lectorDe(ctx: Context): Lector {
  return ctx.auth && (ROLES_SERVICIO as readonly string[]).includes(ctx.auth.rol) ? 'servicio' : 'externo';
}

@Resolver()
export class IndicadoresResolver {
  @Authorized()
  @Query(() => Indicadores, {
    description:
      'Los indicadores del servicio entre dos fechas YYYY-MM-DD (inclusive): atendidos y donaciones, voluntarias, ' +
      `primera vez, grupos, serología reactiva por marcador, exclusiones y la serie por período. ${REGLA_SUPRESION}`,
  })
  indicadores(
    @Arg('desde') desde: string,
    @Arg('hasta') hasta: string,
    @Arg('agrupacion', () => Agrupacion, { nullable: true, defaultValue: Agrupacion.MES })
    agrupacion: Agrupacion | null,
    @Ctx() ctx: Context,
  ): Promise<Indicadores> {
    return ctx.services.indicadores.indicadores(
      requireServicio(ctx),
      desde,
      hasta,
      agrupacion,
      lectorDe(ctx),
    );
  }
}
