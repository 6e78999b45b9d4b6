import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { Agrupacion, REGLA_SUPRESION } from '../indicadores/indicadores.service';
import { Servicio } from '../servicio/servicio.entity';
import { ConsultasRedMiembro, IndicadoresRed, MiembroRed, Red, ServicioResumen } from './red.types';

@Resolver(() => Servicio)
export class RedResolver {
  @Authorized('ROL_RED')
  @Query(() => Red, {
    description: 'La red de quien consulta (una cuenta de red), con sus servicios miembros',
  })
  red(@Ctx() ctx: Context): Promise<Red> {
    return ctx.services.red.red(requireAuth(ctx));
  }

  @Authorized('ROL_RED')
  @Query(() => IndicadoresRed, {
    description:
      'Los indicadores de los servicios de la red entre dos fechas YYYY-MM-DD (inclusive): el total y los de cada ' +
      `servicio. ${REGLA_SUPRESION}`,
  })
  indicadoresRed(
    @Arg('desde') desde: string,
    @Arg('hasta') hasta: string,
    @Arg('agrupacion', () => Agrupacion, { nullable: true, defaultValue: Agrupacion.MES })
    agrupacion: Agrupacion | null,
    @Ctx() ctx: Context,
  ): Promise<IndicadoresRed> {
    return ctx.services.red.indicadoresRed(requireAuth(ctx), desde, hasta, agrupacion);
  }

  @Authorized()
  @Query(() => [MiembroRed], {
    description:
      'Los otros integrantes de la red del servicio (a cuál despachar), por el nombre que la red aprobó; vacía si ' +
      'el servicio no está en una red',
  })
  miembrosRed(@Ctx() ctx: Context): Promise<MiembroRed[]> {
    return ctx.services.red.miembrosRed(requireAuth(ctx));
  }

  @Authorized('ROL_RED')
  @Query(() => [ConsultasRedMiembro], {
    description:
      'Las consultas de cada servicio miembro a registros de los otros en los últimos 7 días, con las inusuales señaladas',
  })
  consultasRed(@Ctx() ctx: Context): Promise<ConsultasRedMiembro[]> {
    return ctx.services.red.consultasRed(requireAuth(ctx));
  }

  @Authorized('ROL_RED')
  @Mutation(() => Red, {
    description:
      'Aprueba el nombre que un servicio miembro se dio, o le da uno (nombre): es el que leen los otros servicios de la red',
  })
  async aprobarNombreMiembro(
    @Arg('servicioId', () => ID) servicioId: string,
    @Arg('nombre', () => String, { nullable: true }) nombre: string | null,
    @Ctx() ctx: Context,
  ): Promise<Red> {
    const auth = requireAuth(ctx);
    await ctx.services.red.aprobarNombre(auth, servicioId, nombre ?? null);
    return ctx.services.red.red(auth);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, { description: 'El servicio se une a la red del código de invitación' })
  async unirseARed(@Arg('codigo') codigo: string, @Ctx() ctx: Context): Promise<Servicio> {
    const auth = requireAuth(ctx);
    await ctx.services.red.unirse(auth, codigo);
    return ctx.services.opciones.get(auth);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, { description: 'El servicio sale de su red' })
  async salirDeRed(@Ctx() ctx: Context): Promise<Servicio> {
    const auth = requireAuth(ctx);
    await ctx.services.red.salir(auth);
    return ctx.services.opciones.get(auth);
  }

  @Authorized('ROL_RED')
  @Mutation(() => Red, {
    description: 'La red renueva su código de invitación: el anterior deja de servir para unirse',
  })
  async renovarCodigoInvitacion(@Ctx() ctx: Context): Promise<Red> {
    const auth = requireAuth(ctx);
    await ctx.services.red.renovarCodigo(auth);
    return ctx.services.red.red(auth);
  }

  @Authorized('ROL_RED')
  @Mutation(() => Red, {
    description:
      'La red quita un servicio miembro: deja de compartir la seguridad del donante y sus cifras, y el código de invitación se renueva',
  })
  async quitarMiembroDeRed(
    @Arg('servicioId', () => ID) servicioId: string,
    @Ctx() ctx: Context,
  ): Promise<Red> {
    const auth = requireAuth(ctx);
    await ctx.services.red.quitarMiembro(auth, servicioId);
    return ctx.services.red.red(auth);
  }

  @FieldResolver(() => ServicioResumen, {
    name: 'red',
    nullable: true,
    description: 'La red a la que pertenece el servicio',
  })
  redDelServicio(@Root() servicio: Servicio, @Ctx() ctx: Context): Promise<ServicioResumen | null> {
    return ctx.services.red.deServicio(servicio.id);
  }
}
