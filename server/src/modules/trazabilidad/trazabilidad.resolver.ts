import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { NotificacionInput, Trazabilidad, TrazabilidadesMiembro } from './trazabilidad.entity';

/** Look-back (trazabilidad inversa): the work-list, notifications and closing (TrazabilidadService). */
@Resolver()
export class TrazabilidadResolver {
  @Authorized()
  @Query(() => [Trazabilidad], {
    description:
      'Trazabilidades inversas que el servicio abrió o que alcanzan unidades que tenía: las abiertas, o todas',
  })
  trazabilidades(
    @Ctx() ctx: Context,
    @Arg('todas', () => Boolean, { nullable: true }) todas?: boolean | null,
  ): Promise<Trazabilidad[]> {
    return ctx.services.trazabilidad.trazabilidades(requireAuth(ctx), todas ?? false);
  }

  @Authorized()
  @Query(() => Trazabilidad, { description: 'Una trazabilidad inversa, con sus unidades y notificaciones' })
  trazabilidad(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Trazabilidad> {
    return ctx.services.trazabilidad.trazabilidad(requireAuth(ctx), id);
  }

  @Authorized()
  @Query(() => Int, { description: 'Cuántos meses hacia atrás lee la trazabilidad inversa del servicio' })
  ventanaTrazabilidad(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.trazabilidad.ventana(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Int, { description: 'Fija cuántos meses hacia atrás lee la trazabilidad inversa' })
  updateVentanaTrazabilidad(@Arg('meses', () => Int) meses: number, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.trazabilidad.updateVentana(requireAuth(ctx), meses);
  }

  @Authorized('ROL_MEDICO', 'ROL_SERVICIO')
  @Mutation(() => Trazabilidad, {
    description: 'Registra una notificación de una trazabilidad: a quién, cómo, cuándo y qué respondió',
  })
  registrarNotificacion(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => NotificacionInput) input: NotificacionInput,
    @Ctx() ctx: Context,
  ): Promise<Trazabilidad> {
    return ctx.services.trazabilidad.notificar(requireAuth(ctx), id, { ...input });
  }

  @Authorized('ROL_MEDICO', 'ROL_SERVICIO')
  @Mutation(() => Trazabilidad, {
    description:
      'Cierra una trazabilidad del servicio una vez notificado el destino de cada unidad que había salido',
  })
  cerrarTrazabilidad(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Trazabilidad> {
    return ctx.services.trazabilidad.cerrar(requireAuth(ctx), id);
  }

  @Authorized('ROL_RED')
  @Query(() => [TrazabilidadesMiembro], {
    description: 'Cuántas trazabilidades inversas abiertas tiene cada integrante de la red: solo cifras',
  })
  trazabilidadesRed(@Ctx() ctx: Context): Promise<TrazabilidadesMiembro[]> {
    return ctx.services.trazabilidad.trazabilidadesRed(requireAuth(ctx));
  }
}
