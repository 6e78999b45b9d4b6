import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { PageInput, Paginated } from '../../graphql/pagination';
import { claveUsuario } from '../../loaders';
import { Donante } from '../donante/donante.entity';
import { EstadoVisita, PreguntaCuestionario, Visita } from './visita.entity';
import { CierreNoAptoInput, FirmasInput, PreguntaCuestionarioInput, RespuestaInput } from './visita.input';

export const VisitasPage = Paginated(Visita, 'VisitasPage');
export type VisitasPage = InstanceType<typeof VisitasPage>;

/**
 * Visits and their interview (the rules: VisitaService, domain/visita.ts, domain/entrevista.ts).
 * Every servicio role receives a donor, records the answers and the signatures; a doctor confirms
 * the interview; confidential answers are read only by ROL_MEDICO (VisitaService.vista).
 */
@Resolver(() => Visita)
export class VisitaResolver {
  @Authorized()
  @Query(() => VisitasPage, {
    description:
      'Las visitas del servicio de un día (hoy si no se indica) o de un donante, las más nuevas primero',
  })
  visitas(
    @Ctx() ctx: Context,
    @Arg('fecha', () => String, { nullable: true, description: 'YYYY-MM-DD' }) fecha?: string | null,
    @Arg('donanteId', () => ID, { nullable: true }) donanteId?: string | null,
    @Arg('estado', () => EstadoVisita, { nullable: true }) estado?: EstadoVisita | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<VisitasPage> {
    return ctx.services.visita.search(requireAuth(ctx), { fecha, donanteId, estado }, page ?? {});
  }

  @Authorized()
  @Query(() => Visita, {
    description: 'Una visita, con la entrevista (las respuestas confidenciales, solo ROL_MEDICO)',
  })
  visita(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Visita> {
    return ctx.services.visita.get(requireAuth(ctx), id);
  }

  @Authorized()
  @Query(() => [PreguntaCuestionario], {
    description: 'El cuestionario de la entrevista predonación del servicio',
  })
  cuestionario(@Ctx() ctx: Context): Promise<PreguntaCuestionario[]> {
    return ctx.services.visita.cuestionario(requireAuth(ctx));
  }

  @Authorized('ROL_MEDICO', 'ROL_SERVICIO')
  @Mutation(() => [PreguntaCuestionario], {
    description:
      'Reemplaza el cuestionario: edita las preguntas con id, agrega las nuevas y desactiva las que faltan (ROL_MEDICO o ROL_SERVICIO)',
  })
  updateCuestionario(
    @Arg('preguntas', () => [PreguntaCuestionarioInput]) preguntas: PreguntaCuestionarioInput[],
    @Ctx() ctx: Context,
  ): Promise<PreguntaCuestionario[]> {
    return ctx.services.visita.updateCuestionario(
      requireAuth(ctx),
      preguntas.map((p) => ({ ...p, difiereSi: p.difiereSi ?? null, motivoCodigo: p.motivoCodigo ?? null })),
    );
  }

  @Authorized()
  @Mutation(() => Visita, { description: 'Registra la llegada del donante: una visita en curso' })
  iniciarVisita(@Arg('donanteId', () => ID) donanteId: string, @Ctx() ctx: Context): Promise<Visita> {
    return ctx.services.visita.iniciar(requireAuth(ctx), donanteId);
  }

  @Authorized()
  @Mutation(() => Visita, {
    description: 'Registra las respuestas de la entrevista (todas las preguntas activas)',
  })
  responderEntrevista(
    @Arg('visitaId', () => ID) visitaId: string,
    @Arg('respuestas', () => [RespuestaInput]) respuestas: RespuestaInput[],
    @Ctx() ctx: Context,
  ): Promise<Visita> {
    return ctx.services.visita.responder(
      requireAuth(ctx),
      visitaId,
      respuestas.map((r) => ({ preguntaId: r.preguntaId, valor: r.valor })),
    );
  }

  @Authorized('ROL_MEDICO')
  @Mutation(() => Visita, {
    description: "El médico confirma la entrevista; una respuesta que difiere termina la visita 'No apto'",
  })
  confirmarEntrevista(@Arg('visitaId', () => ID) visitaId: string, @Ctx() ctx: Context): Promise<Visita> {
    return ctx.services.visita.confirmar(requireAuth(ctx), visitaId);
  }

  @Authorized()
  @Mutation(() => Visita, {
    description: 'Registra la firma de la declaración jurada y del consentimiento, y sus testigos',
  })
  registrarFirmas(
    @Arg('visitaId', () => ID) visitaId: string,
    @Arg('input') input: FirmasInput,
    @Ctx() ctx: Context,
  ): Promise<Visita> {
    return ctx.services.visita.firmar(requireAuth(ctx), visitaId, { ...input });
  }

  @Authorized()
  @Mutation(() => Visita, {
    description: "Termina la visita 'No apto', con el motivo, los valores medidos y el diferimiento",
  })
  cerrarVisitaNoApto(
    @Arg('visitaId', () => ID) visitaId: string,
    @Arg('input') input: CierreNoAptoInput,
    @Ctx() ctx: Context,
  ): Promise<Visita> {
    return ctx.services.visita.cerrarNoApto(requireAuth(ctx), visitaId, {
      ...input,
      sv: input.sv ? { ...input.sv } : null,
    });
  }

  @Authorized()
  @Mutation(() => Visita, { description: 'El donante se fue sin donar: la visita termina abandonada' })
  abandonarVisita(@Arg('visitaId', () => ID) visitaId: string, @Ctx() ctx: Context): Promise<Visita> {
    return ctx.services.visita.abandonar(requireAuth(ctx), visitaId);
  }

  @FieldResolver(() => Donante, { nullable: true, description: 'El donante' })
  donante(@Root() v: Visita, @Ctx() ctx: Context): Promise<Donante | null> {
    return ctx.loaders.donacionDonante.load(claveUsuario(v.servicioId, v.donanteId));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Quién lo recibió (nombre y apellido)' })
  recibidoPor(@Root() v: Visita, @Ctx() ctx: Context): Promise<string | null> | null {
    return v.recibidoPorId
      ? ctx.loaders.nombreUsuario.load(claveUsuario(v.servicioId, v.recibidoPorId))
      : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Quién hizo la entrevista' })
  entrevistador(@Root() v: Visita, @Ctx() ctx: Context): Promise<string | null> | null {
    return v.entrevistadorId
      ? ctx.loaders.nombreUsuario.load(claveUsuario(v.servicioId, v.entrevistadorId))
      : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'El médico que confirmó la entrevista' })
  confirmadaPor(@Root() v: Visita, @Ctx() ctx: Context): Promise<string | null> | null {
    return v.confirmadaPorId
      ? ctx.loaders.nombreUsuario.load(claveUsuario(v.servicioId, v.confirmadaPorId))
      : null;
  }
}
