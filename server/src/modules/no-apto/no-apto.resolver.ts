import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { NoAptoInput, VisitaNoApto } from './no-apto.types';

/** 'No apto' screening visits (NoAptoService). */
@Resolver(() => VisitaNoApto)
export class NoAptoResolver {
  @Authorized()
  @Query(() => [VisitaNoApto], { description: "Las visitas 'No apto' del donante, de la más reciente" })
  visitasNoApto(@Arg('donanteId', () => ID) donanteId: string, @Ctx() ctx: Context): Promise<VisitaNoApto[]> {
    return ctx.services.noApto.visitasNoApto(requireAuth(ctx), donanteId);
  }

  @Authorized()
  @Mutation(() => VisitaNoApto, {
    description: 'Registra que el donante vino y no fue apto para donar, con el motivo y los valores medidos',
  })
  registrarNoApto(@Arg('input') input: NoAptoInput, @Ctx() ctx: Context): Promise<VisitaNoApto> {
    return ctx.services.noApto.registrarNoApto(requireAuth(ctx), input.donanteId, input);
  }
}
