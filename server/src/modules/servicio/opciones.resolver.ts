import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { OpcionesInput, OpcionesPayload } from './opciones.input';
import { Servicio } from './servicio.entity';

@Resolver(() => Servicio)
export class OpcionesResolver {
  @Authorized()
  @Query(() => Servicio, { description: 'El servicio de quien consulta, con sus opciones' })
  servicio(@Ctx() ctx: Context): Promise<Servicio> {
    return ctx.services.opciones.get(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => OpcionesPayload, { description: 'Guarda las opciones generales del servicio' })
  updateOpciones(@Arg('input') input: OpcionesInput, @Ctx() ctx: Context): Promise<OpcionesPayload> {
    return ctx.services.opciones.update(requireAuth(ctx), input);
  }
}
