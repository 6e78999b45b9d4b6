import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { estaVencido, identificadorUnidad, LIBERAR_POR_VEZ_MAX } from '../../domain/componentes';
import { PageInput, Paginated } from '../../graphql/pagination';
import { claveUsuario } from '../../loaders';
import { Donacion } from '../donacion/donacion.entity';
import { Servicio } from '../servicio/servicio.entity';
import {
  Componente,
  ComponenteInput,
  FiltroComponentes,
  MotivoDescarte,
  ResultadoLiberacion,
  TipoComponente,
  VidaUtilComponente,
} from './componente.entity';

export const ComponentesPage = Paginated(Componente, 'ComponentesPage');
export type ComponentesPage = InstanceType<typeof ComponentesPage>;

/** Components: split, quarantine, release and discard (the rules: ComponenteService, domain/componentes.ts). */
@Resolver(() => Componente)
export class ComponenteResolver {
  @Authorized()
  @Query(() => ComponentesPage, {
    description:
      'Componentes del servicio por día de producción, tipo, estado e identificador; los más nuevos primero',
  })
  componentes(
    @Ctx() ctx: Context,
    @Arg('filtro', () => FiltroComponentes, { nullable: true }) filtro?: FiltroComponentes | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<ComponentesPage> {
    return ctx.services.componente.search(requireAuth(ctx), { ...filtro }, page ?? {});
  }

  @Authorized()
  @Query(() => Componente, {
    nullable: true,
    description:
      'El componente de un identificador de unidad leído o escrito (espacios y guiones se ignoran; el carácter de control se verifica)',
  })
  componentePorCodigo(@Arg('codigo') codigo: string, @Ctx() ctx: Context): Promise<Componente | null> {
    return ctx.services.componente.porCodigo(requireAuth(ctx), codigo);
  }

  @Authorized()
  @Query(() => [Donacion], {
    description: 'Las donaciones del día (hoy si no se indica) que todavía no se fraccionaron, por hora',
  })
  donacionesPorFraccionar(
    @Ctx() ctx: Context,
    @Arg('fecha', () => String, { nullable: true, description: 'YYYY-MM-DD' }) fecha?: string | null,
  ): Promise<Donacion[]> {
    return ctx.services.componente.porFraccionar(requireAuth(ctx), fecha);
  }

  @Authorized()
  @Query(() => [VidaUtilComponente], {
    description: 'La vida útil de cada tipo de componente en el servicio, con sus límites y su fuente',
  })
  vidaUtilComponentes(@Ctx() ctx: Context): Promise<VidaUtilComponente[]> {
    return ctx.services.componente.vidaUtilComponentes(requireAuth(ctx));
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => [Componente], {
    description:
      'Fracciona una donación: sin `componentes`, lo que da su bolsa (doble: glóbulos rojos y plasma; triple: ' +
      'también plaquetas; aféresis: lo recolectado). Cada componente queda en cuarentena',
  })
  fraccionarDonacion(
    @Arg('donacionId', () => ID) donacionId: string,
    @Ctx() ctx: Context,
    @Arg('componentes', () => [ComponenteInput], { nullable: true }) componentes?: ComponenteInput[] | null,
  ): Promise<Componente[]> {
    return ctx.services.componente.fraccionar(
      requireAuth(ctx),
      donacionId,
      componentes ? componentes.map((c) => ({ tipo: c.tipo, volumen: c.volumen })) : null,
    );
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO')
  @Mutation(() => Componente, {
    description:
      'Libera un componente en cuarentena: grupo, factor y las siete serologías cargadas, ninguna reactiva, ' +
      'sin diferimiento del donante que lo impida y sin vencer; si no, responde con cada falta',
  })
  liberarComponente(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Componente> {
    return ctx.services.componente.liberar(requireAuth(ctx), id);
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO')
  @Mutation(() => ResultadoLiberacion, {
    description: `Libera todos los que se pueda (como máximo ${LIBERAR_POR_VEZ_MAX}); los demás vuelven con sus faltas`,
  })
  liberarComponentes(
    @Arg('ids', () => [ID]) ids: string[],
    @Ctx() ctx: Context,
  ): Promise<ResultadoLiberacion> {
    return ctx.services.componente.liberarVarios(requireAuth(ctx), ids);
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO')
  @Mutation(() => Componente, {
    description: "Descarta un componente con un motivo codificado ('Otro' pide el detalle)",
  })
  descartarComponente(
    @Arg('id', () => ID) id: string,
    @Arg('motivo', () => MotivoDescarte) motivo: MotivoDescarte,
    @Ctx() ctx: Context,
    @Arg('detalle', () => String, { nullable: true }) detalle?: string | null,
  ): Promise<Componente> {
    return ctx.services.componente.descartar(requireAuth(ctx), id, motivo, detalle);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => [VidaUtilComponente], {
    description:
      'Fija la vida útil de un tipo de componente, en días desde la extracción, dentro de sus límites',
  })
  updateVidaUtilComponente(
    @Arg('tipo', () => TipoComponente) tipo: TipoComponente,
    @Arg('dias', () => Int) dias: number,
    @Ctx() ctx: Context,
  ): Promise<VidaUtilComponente[]> {
    return ctx.services.componente.updateVidaUtil(requireAuth(ctx), tipo, dias);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, {
    description:
      'Fija el código de instalación del servicio: su FIN de ICCBBA (una letra y 4 dígitos). ' +
      'No cambia una vez que el servicio tiene componentes',
  })
  updateCodigoInstalacion(@Arg('codigo') codigo: string, @Ctx() ctx: Context): Promise<Servicio> {
    return ctx.services.componente.updateCodigoInstalacion(requireAuth(ctx), codigo);
  }

  @FieldResolver(() => Boolean, { description: 'Venció (la fecha y hora de vencimiento ya pasó)' })
  vencido(@Root() c: Componente): boolean {
    return estaVencido(c.venceEn, new Date());
  }

  @FieldResolver(() => [String], {
    description:
      'Todo lo que falta o impide liberarlo, en palabras; vacío si puede liberarse (o si no está en cuarentena)',
  })
  faltaParaLiberar(@Root() c: Componente, @Ctx() ctx: Context): Promise<string[]> | string[] {
    if (c.estado !== 'CUARENTENA') return [];
    return ctx.loaders.faltaParaLiberar.load(claveUsuario(c.servicioId, c.id));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Quién lo liberó (nombre y apellido)' })
  liberadoPor(@Root() c: Componente, @Ctx() ctx: Context): Promise<string | null> | null {
    if (!c.liberadoPorId) return null;
    return ctx.loaders.nombreUsuario.load(claveUsuario(c.servicioId, c.liberadoPorId));
  }

  @FieldResolver(() => Donacion)
  async donacion(@Root() c: Componente, @Ctx() ctx: Context): Promise<Donacion> {
    const d = await ctx.loaders.donacionDeComponente.load(claveUsuario(c.servicioId, c.donacionId));
    if (!d) throw new Error(`Donación ${c.donacionId} inexistente`);
    return d;
  }
}

/** What a donation shows of its components and its unit identifier. */
@Resolver(() => Donacion)
export class ComponenteDonacionResolver {
  @FieldResolver(() => [Componente], { description: 'Los componentes en que se fraccionó' })
  componentes(@Root() d: Donacion, @Ctx() ctx: Context): Promise<Componente[]> {
    return ctx.loaders.componentesDonacion.load(claveUsuario(d.servicioId, d.id));
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Identificador de la unidad, único en la red: código de instalación, año, número y carácter de control',
  })
  async identificadorUnidad(@Root() d: Donacion, @Ctx() ctx: Context): Promise<string | null> {
    const servicio = await ctx.loaders.servicio.load(d.servicioId);
    if (!servicio?.codigoInstalacion) return null;
    return identificadorUnidad(servicio.codigoInstalacion, d.fecha, d.numero);
  }

  @FieldResolver(() => Boolean, { description: 'Se puede fraccionar ahora: no eliminada y sin fraccionar' })
  async fraccionable(@Root() d: Donacion, @Ctx() ctx: Context): Promise<boolean> {
    if (d.deletedAt) return false;
    const componentes = await ctx.loaders.componentesDonacion.load(claveUsuario(d.servicioId, d.id));
    return componentes.length === 0;
  }
}
