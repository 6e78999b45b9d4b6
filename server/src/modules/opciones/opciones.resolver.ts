import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { NUMERO_ETIQUETA_MAX } from '../../domain/etiquetas';
import { OpcionesInput, OpcionesPayload } from './opciones.input';
import { Servicio } from '../servicio/servicio.entity';

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

  @Authorized()
  @Query(() => Int, { description: 'El último número de etiqueta emitido por el servicio (0: ninguno)' })
  contadorEtiquetas(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.opciones.contadorEtiquetas(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Int, {
    description:
      'Adelanta la numeración de etiquetas (un servicio que continúa un libro en papel): ' +
      `\`ultimo\` pasa a ser el último número emitido. Nunca retrocede ni pasa de ${NUMERO_ETIQUETA_MAX}.`,
  })
  avanzarContadorEtiquetas(@Arg('ultimo', () => Int) ultimo: number, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.opciones.avanzarContadorEtiquetas(requireAuth(ctx), ultimo);
  }
}
