import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { FusionDonantes, ParDuplicado, ParesDuplicadosPage } from './donante.duplicados.types';

@Resolver(() => ParDuplicado)
export class DuplicadosResolver {
  @Authorized('ROL_SERVICIO')
  @Query(() => ParesDuplicadosPage, {
    description:
      'Pares de donantes del servicio que parecen la misma persona (mismo DNI; mismo apellido, nombre y fecha de nacimiento)',
  })
  duplicadosDonantes(
    @Ctx() ctx: Context,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 20 }) limit: number,
  ): Promise<ParesDuplicadosPage> {
    return ctx.services.duplicados.listar(requireAuth(ctx), { offset, limit });
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => FusionDonantes, {
    description:
      'Fusiona dos donantes: las donaciones del eliminado pasan al conservado y el eliminado queda borrado',
  })
  fusionarDonantes(
    @Arg('conservarId', () => ID) conservarId: string,
    @Arg('eliminarId', () => ID) eliminarId: string,
    @Ctx() ctx: Context,
  ): Promise<FusionDonantes> {
    return ctx.services.duplicados.fusionar(requireAuth(ctx), conservarId, eliminarId);
  }
}
