import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { DESPACHAR_POR_VEZ_MAX } from '../../domain/despacho';
import { MotivoDescarte } from '../componente/componente.entity';
import { UnidadComponente } from '../stock/stock.entity';
import {
  Despacho,
  DestinoFinal,
  DestinoInput,
  PasoUnidad,
  SolicitudTraslado,
  SolicitudTrasladoInput,
} from './despacho.entity';

/** Dispatch, return, final destination and transfers between members (the rules: DespachoService). */
@Resolver()
export class DespachoResolver {
  @Authorized()
  @Query(() => [Despacho], { description: 'Los despachos del servicio, los más nuevos primero' })
  despachos(@Ctx() ctx: Context): Promise<Despacho[]> {
    return ctx.services.despacho.despachos(requireAuth(ctx));
  }

  @Authorized()
  @Query(() => Despacho, { description: 'Un despacho que el servicio envió o recibe: los datos del remito' })
  despacho(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Despacho> {
    return ctx.services.despacho.despacho(requireAuth(ctx), id);
  }

  @Authorized()
  @Query(() => [UnidadComponente], {
    description: 'Las unidades que otros servicios de la red despacharon a este y todavía no se recibieron',
  })
  componentesEnTransito(@Ctx() ctx: Context): Promise<UnidadComponente[]> {
    return ctx.services.despacho.enTransito(requireAuth(ctx));
  }

  @Authorized()
  @Query(() => [PasoUnidad], {
    description: 'Los despachos de una unidad, de qué servicio a qué destino y qué fue de ella',
  })
  trayectoriaUnidad(@Arg('codigo') codigo: string, @Ctx() ctx: Context): Promise<PasoUnidad[]> {
    return ctx.services.despacho.trayectoria(requireAuth(ctx), codigo);
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => Despacho, {
    description:
      `Despacha unidades liberadas y sin vencer (como máximo ${DESPACHAR_POR_VEZ_MAX}) a un hospital, a otro ` +
      'servicio de la red o al servicio de transfusión propio; si una no puede salir, no sale ninguna',
  })
  despacharComponentes(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('destino', () => DestinoInput) destino: DestinoInput,
    @Ctx() ctx: Context,
  ): Promise<Despacho> {
    return ctx.services.despacho.despachar(requireAuth(ctx), ids, { ...destino });
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => UnidadComponente, {
    description:
      'Una unidad despachada vuelve: al stock si se mantuvo la cadena de frío y no venció; si no, se descarta',
  })
  devolverComponente(
    @Arg('id', () => ID) id: string,
    @Arg('cadenaFrio', () => Boolean, { description: 'Si se mantuvo la cadena de frío' }) cadenaFrio: boolean,
    @Ctx() ctx: Context,
    @Arg('detalle', () => String, { nullable: true }) detalle?: string | null,
  ): Promise<UnidadComponente> {
    return ctx.services.despacho.devolver(requireAuth(ctx), id, cadenaFrio, detalle);
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => UnidadComponente, {
    description:
      'Registra qué fue de una unidad en su destino: transfundida, o descartada allí con un motivo',
  })
  registrarDestinoFinal(
    @Arg('id', () => ID) id: string,
    @Arg('destino', () => DestinoFinal) destino: DestinoFinal,
    @Ctx() ctx: Context,
    @Arg('motivo', () => MotivoDescarte, { nullable: true }) motivo?: MotivoDescarte | null,
    @Arg('detalle', () => String, { nullable: true }) detalle?: string | null,
  ): Promise<UnidadComponente> {
    return ctx.services.despacho.registrarDestinoFinal(requireAuth(ctx), id, destino, motivo, detalle);
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => UnidadComponente, {
    description:
      'Recibe, por su identificador leído, una unidad en tránsito desde otro servicio de la red: entra al stock ' +
      'con su identificador original',
  })
  recibirComponente(@Arg('codigo') codigo: string, @Ctx() ctx: Context): Promise<UnidadComponente> {
    return ctx.services.despacho.recibir(requireAuth(ctx), codigo);
  }

  @Authorized('ROL_SERVICIO', 'ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO', 'ROL_RED')
  @Query(() => [SolicitudTraslado], {
    description: 'Las solicitudes de traslado de la red (su cuenta), o las que el servicio envía o recibe',
  })
  solicitudesTraslado(@Ctx() ctx: Context): Promise<SolicitudTraslado[]> {
    return ctx.services.despacho.solicitudesTraslado(requireAuth(ctx));
  }

  @Authorized('ROL_RED')
  @Mutation(() => SolicitudTraslado, {
    description: 'La red pide a un integrante que envíe unidades (tipo, grupo y cantidad) a otro',
  })
  solicitarTraslado(
    @Arg('input', () => SolicitudTrasladoInput) input: SolicitudTrasladoInput,
    @Ctx() ctx: Context,
  ): Promise<SolicitudTraslado> {
    return ctx.services.despacho.solicitarTraslado(requireAuth(ctx), { ...input });
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => SolicitudTraslado, {
    description:
      'El integrante al que la red pidió unidades acepta (y luego las despacha) o rechaza con un motivo',
  })
  responderSolicitudTraslado(
    @Arg('id', () => ID) id: string,
    @Arg('acepta', () => Boolean) acepta: boolean,
    @Ctx() ctx: Context,
    @Arg('motivo', () => String, { nullable: true }) motivo?: string | null,
  ): Promise<SolicitudTraslado> {
    return ctx.services.despacho.responderSolicitud(requireAuth(ctx), id, acepta, motivo);
  }
}
