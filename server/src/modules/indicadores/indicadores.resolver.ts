import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { Context, requireServicio } from '../../context';
import { Agrupacion, Indicadores } from './indicadores.types';

@Resolver()
export class IndicadoresResolver {
  @Authorized()
  @Query(() => Indicadores, {
    description:
      'Los indicadores del servicio entre dos fechas YYYY-MM-DD (inclusive): atendidos y donaciones, voluntarias, ' +
      'primera vez, grupos, serología reactiva por marcador, exclusiones y la serie por período',
  })
  indicadores(
    @Arg('desde') desde: string,
    @Arg('hasta') hasta: string,
    @Arg('agrupacion', () => Agrupacion, { nullable: true, defaultValue: Agrupacion.MES })
    agrupacion: Agrupacion | null,
    @Ctx() ctx: Context,
  ): Promise<Indicadores> {
    return ctx.services.indicadores.indicadores(requireServicio(ctx), desde, hasta, agrupacion);
  }
}
