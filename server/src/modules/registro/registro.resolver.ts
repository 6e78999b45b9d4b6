import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { PageInput } from '../../graphql/pagination';
import { DescartesPage, DespachosPage, PERIODO_REGISTRO } from './registro.types';

/** The discard and dispatch registers of a period (the rules: RegistroService, domain/registros.ts). */
@Resolver()
export class RegistroResolver {
  @Authorized()
  @Query(() => DescartesPage, {
    description:
      'El registro de unidades descartadas del período: cada unidad que el servicio descartó (en su stock, al ' +
      `volver de un despacho, en el destino o por vencimiento), la más antigua primero. ${PERIODO_REGISTRO}`,
  })
  registroDescartes(
    @Arg('desde') desde: string,
    @Arg('hasta') hasta: string,
    @Ctx() ctx: Context,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<DescartesPage> {
    return ctx.services.registro.descartes(requireAuth(ctx), desde, hasta, page ?? {});
  }

  @Authorized()
  @Query(() => DespachosPage, {
    description:
      'El registro de despachos del período: cada despacho del servicio con sus unidades y qué fue de ellas, ' +
      `el más antiguo primero. ${PERIODO_REGISTRO}`,
  })
  registroDespachos(
    @Arg('desde') desde: string,
    @Arg('hasta') hasta: string,
    @Ctx() ctx: Context,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<DespachosPage> {
    return ctx.services.registro.despachos(requireAuth(ctx), desde, hasta, page ?? {});
  }
}
