import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { FusionDonantes, ParDuplicado, ParesDuplicadosPage } from './donante.duplicados.types';

@Resolver(() => ParDuplicado)
export class DuplicadosResolver {
  @Authorized('ROL_SERVICIO')
  @Query(() => ParesDuplicadosPage, {
    description:
      'Pares de donantes del servicio que parecen la misma persona (mismo DNI; mismos dígitos del DNI; mismo apellido, nombre y fecha de nacimiento)',
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

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Boolean, {
    description:
      "Registra que dos donantes cuyos DNI tienen los mismos dígitos ('Mismos dígitos del DNI') son personas distintas, con el motivo: desde entonces la historia de uno no cuenta para el otro",
  })
  async registrarPersonasDistintas(
    @Arg('donanteAId', () => ID) donanteAId: string,
    @Arg('donanteBId', () => ID) donanteBId: string,
    @Arg('motivo') motivo: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.persona.registrarDistintas(requireAuth(ctx), donanteAId, donanteBId, motivo);
    return true;
  }
}
