import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { PageInput, Paginated } from '../../graphql/pagination';
import { claveUsuario } from '../../loaders';
import { Donante } from '../donante/donante.entity';
import {
  Citacion,
  FiltroCitaciones,
  IntentoCitacion,
  IntentoCitacionInput,
  MotivoCitacion,
} from './citacion.entity';

export const CitacionesPage = Paginated(Citacion, 'CitacionesPage');
export type CitacionesPage = InstanceType<typeof CitacionesPage>;

/**
 * Calling donors back (the rules: CitacionService, domain/citacion.ts). Every servicio role reads
 * the list, records attempts and appointments; the reason and what was told are a doctor's
 * (CitacionService answers every role through vistaCitacion).
 */
@Resolver(() => Citacion)
export class CitacionResolver {
  @Authorized()
  @Query(() => CitacionesPage, {
    description:
      'Las citaciones del servicio, las más nuevas primero. El motivo, lo informado y la derivación solo para ROL_MEDICO',
  })
  citaciones(
    @Ctx() ctx: Context,
    @Arg('filtro', () => FiltroCitaciones, { nullable: true }) filtro?: FiltroCitaciones | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<CitacionesPage> {
    return ctx.services.citacion.search(requireAuth(ctx), { ...filtro }, page ?? {});
  }

  @Authorized()
  @Query(() => Citacion, { description: 'Una citación' })
  citacion(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Citacion> {
    return ctx.services.citacion.get(requireAuth(ctx), id);
  }

  @Authorized('ROL_MEDICO')
  @Mutation(() => Citacion, {
    description:
      'Agrega un donante a la lista de citaciones por otro motivo (OTRO, con su detalle; las de resultados las abre el laboratorio)',
  })
  crearCitacion(
    @Arg('donanteId', () => ID) donanteId: string,
    @Arg('motivo', () => MotivoCitacion) motivo: MotivoCitacion,
    @Arg('detalle') detalle: string,
    @Ctx() ctx: Context,
  ): Promise<Citacion> {
    return ctx.services.citacion.crear(requireAuth(ctx), donanteId, motivo, detalle);
  }

  @Authorized()
  @Mutation(() => Citacion, { description: 'Registra un intento de comunicarse con el donante' })
  registrarIntentoCitacion(
    @Arg('id', () => ID) id: string,
    @Arg('intento', () => IntentoCitacionInput) intento: IntentoCitacionInput,
    @Ctx() ctx: Context,
  ): Promise<Citacion> {
    return ctx.services.citacion.registrarIntento(requireAuth(ctx), id, {
      fecha: intento.fecha,
      medio: intento.medio,
      resultado: intento.resultado,
    });
  }

  @Authorized()
  @Mutation(() => Citacion, { description: 'Fija (o cambia) la fecha de la cita: hoy o después' })
  registrarCitaCitacion(
    @Arg('id', () => ID) id: string,
    @Arg('fecha', { description: 'YYYY-MM-DD' }) fecha: string,
    @Ctx() ctx: Context,
  ): Promise<Citacion> {
    return ctx.services.citacion.registrarCita(requireAuth(ctx), id, fecha);
  }

  @Authorized('ROL_MEDICO')
  @Mutation(() => Citacion, {
    description: 'Registra que el donante asistió: lo que se le informó y la derivación',
  })
  registrarAsistenciaCitacion(
    @Arg('id', () => ID) id: string,
    @Arg('informado') informado: string,
    @Ctx() ctx: Context,
    @Arg('derivacion', () => String, { nullable: true }) derivacion?: string | null,
  ): Promise<Citacion> {
    return ctx.services.citacion.registrarAsistencia(requireAuth(ctx), id, informado, derivacion);
  }

  @Authorized('ROL_MEDICO')
  @Mutation(() => Citacion, { description: 'Cierra una citación con su motivo' })
  cerrarCitacion(
    @Arg('id', () => ID) id: string,
    @Arg('motivo') motivo: string,
    @Ctx() ctx: Context,
  ): Promise<Citacion> {
    return ctx.services.citacion.cerrar(requireAuth(ctx), id, motivo);
  }

  @FieldResolver(() => Donante, { nullable: true, description: 'El donante a citar' })
  donante(@Root() c: Citacion, @Ctx() ctx: Context): Promise<Donante | null> {
    return ctx.loaders.donacionDonante.load(claveUsuario(c.servicioId, c.donanteId));
  }
}

@Resolver(() => IntentoCitacion)
export class IntentoCitacionResolver {
  @FieldResolver(() => String, { nullable: true, description: 'Quién lo registró (nombre y apellido)' })
  registradoPor(@Root() i: IntentoCitacion, @Ctx() ctx: Context): Promise<string | null> | null {
    if (!i.registradoPorId) return null;
    return ctx.loaders.nombreUsuario.load(claveUsuario(i.servicioId, i.registradoPorId));
  }
}

/** What a donor shows of the call-back list: only that a call is due. */
@Resolver(() => Donante)
export class CitacionDonanteResolver {
  @FieldResolver(() => Boolean, { description: 'Tiene una citación abierta (Citación pendiente)' })
  citacionPendiente(@Root() d: Donante, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.citacionPendiente.load(claveUsuario(d.servicioId, d.id));
  }
}
