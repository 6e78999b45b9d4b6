import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { claveUsuario } from '../../loaders';
import { Context, requireAuth } from '../../context';
import { SEMANAS_ENTRE_DONACIONES } from '../../domain/limites';
import { NotFoundError } from '../../errors';
import { PageInput } from '../../graphql/pagination';
import { Donante } from '../donante/donante.entity';
import { Servicio } from '../servicio/servicio.entity';
import {
  Elegibilidad,
  Levantamiento,
  PendienteOrden,
  PendientesPage,
  ReglasDonacionInput,
} from './elegibilidad.types';

/** A donor's eligibility (domain/elegibilidad.ts), deferral lifts and the rules. */
@Resolver(() => Donante)
export class ElegibilidadResolver {
  @FieldResolver(() => Elegibilidad, {
    description: 'Si puede donar hoy, desde qué día y cada razón (intervalo, límite anual, diferimientos)',
  })
  async elegibilidad(@Root() d: Donante, @Ctx() ctx: Context): Promise<Elegibilidad> {
    const e = await ctx.loaders.elegibilidad.load(claveUsuario(d.servicioId, d.id));
    if (!e) throw new NotFoundError();
    return e;
  }

  @FieldResolver(() => Boolean, {
    description: `Si puede donar hoy: sin donaciones en las últimas ${SEMANAS_ENTRE_DONACIONES} semanas (o las del servicio), dentro del límite anual y sin diferimientos`,
  })
  async puedeDonar(@Root() d: Donante, @Ctx() ctx: Context): Promise<boolean> {
    return (await this.elegibilidad(d, ctx)).puedeDonar;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Primer día en que puede volver a donar (YYYY-MM-DD) cuando hoy no puede; null si puede hoy o mientras dure un diferimiento sin fecha',
  })
  async proximaDonacion(@Root() d: Donante, @Ctx() ctx: Context): Promise<string | null> {
    const e = await this.elegibilidad(d, ctx);
    return e.puedeDonar ? null : e.desde;
  }

  @FieldResolver(() => [Levantamiento], {
    description:
      'Los diferimientos levantados de la persona en el servicio, lo más nuevo primero: cuál, cuándo, quién y por qué',
  })
  async levantamientos(@Root() d: Donante, @Ctx() ctx: Context): Promise<Levantamiento[]> {
    const lista = await ctx.loaders.levantamientosDeDonante.load(claveUsuario(d.servicioId, d.id));
    // Who lifted it: a user of the donor's servicio, by the servicio's own key (never another's).
    const autores = await ctx.loaders.nombreUsuario.loadMany(
      lista.map((l) => (l.usuarioId ? claveUsuario(d.servicioId, l.usuarioId) : '')),
    );
    return lista.map((l, i) => {
      const autor = autores[i];
      return { ...l, autor: typeof autor === 'string' ? autor : null };
    });
  }

  @Authorized('ROL_MEDICO', 'ROL_SERVICIO')
  @Query(() => PendientesPage, {
    description:
      'La cola del médico: las donaciones del servicio con serología reactiva que esperan una decisión médica, ' +
      'ordenadas por `orden`, o sin él las más antiguas primero',
  })
  pendientesDecision(
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | null,
    @Ctx() ctx: Context,
    @Arg('orden', () => PendienteOrden, { nullable: true }) orden?: PendienteOrden | null,
  ): Promise<PendientesPage> {
    return ctx.services.elegibilidad.pendientes(requireAuth(ctx), page ?? {}, orden);
  }

  @Authorized('ROL_MEDICO', 'ROL_SERVICIO')
  @Mutation(() => Donante, {
    description: 'Levanta un diferimiento vigente del donante (médico o administrador), con el motivo',
  })
  async levantarDiferimiento(
    @Arg('donanteId', () => ID) donanteId: string,
    @Arg('origenId', () => ID) origenId: string,
    @Arg('motivo') motivo: string,
    @Ctx() ctx: Context,
  ): Promise<Donante> {
    const auth = requireAuth(ctx);
    await ctx.services.elegibilidad.levantarDiferimiento(auth, donanteId, origenId, motivo);
    return ctx.services.donante.get(auth, donanteId);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, {
    description:
      'Guarda las reglas de donación del servicio: nunca menos de 8 semanas entre donaciones ni más de 4 (hombres) y 3 (mujeres) en 12 meses',
  })
  async updateReglasDonacion(
    @Arg('input') input: ReglasDonacionInput,
    @Ctx() ctx: Context,
  ): Promise<Servicio> {
    const auth = requireAuth(ctx);
    await ctx.services.elegibilidad.updateReglas(auth, input);
    return ctx.services.opciones.get(auth);
  }
}
