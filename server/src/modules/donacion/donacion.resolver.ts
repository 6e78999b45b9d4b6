import { GraphQLResolveInfo } from 'graphql';
import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Info,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { claveUsuario } from '../../loaders';
import { codigoEtiqueta, ETIQUETAS_POR_SOLICITUD_MAX, NUMERO_ETIQUETA_MAX } from '../../domain/etiquetas';
import { PageInput } from '../../graphql/pagination';
import { selectedFields } from '../../graphql/selection';
import { Donante } from '../donante/donante.entity';
import { Donacion } from './donacion.entity';
import {
  CreateDonacionInput,
  DonacionFilter,
  DonacionOrden,
  DonacionPage,
  ResultadosDonacionInput,
  UpdateDonacionPayload,
} from './donacion.input';

@Resolver(() => Donacion)
export class DonacionResolver {
  @Authorized()
  @Query(() => DonacionPage, {
    description:
      'Donaciones del servicio por número y/o fecha, ordenadas por `orden`, o sin él las más nuevas primero',
  })
  donaciones(
    @Arg('filter', () => DonacionFilter, { nullable: true }) filter: DonacionFilter | null,
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | null,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('orden', () => DonacionOrden, { nullable: true }) orden?: DonacionOrden | null,
  ): Promise<DonacionPage> {
    // Only the columns of the fields asked for are read.
    const fields = selectedFields(info, ['items']);
    return ctx.services.donacion.search(requireAuth(ctx), { ...filter }, page ?? {}, fields, orden);
  }

  @Authorized()
  @Query(() => Donacion, { description: 'Una donación del servicio' })
  donacion(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Donacion> {
    return ctx.services.donacion.get(requireAuth(ctx), id);
  }

  @Authorized()
  @Query(() => [Donacion], { description: 'Las donaciones de un donante, las más nuevas primero' })
  donacionesDeDonante(
    @Arg('donanteId', () => ID) donanteId: string,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Donacion[]> {
    // Only the columns of the fields asked for are read.
    return ctx.services.donacion.deDonante(requireAuth(ctx), donanteId, selectedFields(info, []));
  }

  @Authorized()
  @Mutation(() => Int, {
    description:
      `Emite el próximo número de etiqueta del servicio (nunca se repite, nunca pasa de ${NUMERO_ETIQUETA_MAX}). ` +
      `Una operación emite como máximo ${ETIQUETAS_POR_SOLICITUD_MAX} números (alias incluidos): ` +
      'una que pida más se rechaza entera antes de emitir ninguno. Con `donanteId` (Generar Etiquetas de ' +
      'una donación nueva) se emite para ese donante, y se rechaza, con cada razón, si hoy no puede donar.',
  })
  nextEtiquetaNumero(
    @Ctx() ctx: Context,
    @Arg('donanteId', () => ID, {
      nullable: true,
      description: 'El donante de la donación para la que se imprimen las etiquetas',
    })
    donanteId?: string | null,
    @Arg('aferesis', () => Boolean, {
      nullable: true,
      description: 'La donación es por aféresis (no cuenta para el límite anual de sangre entera)',
    })
    aferesis?: boolean | null,
  ): Promise<number> {
    return ctx.services.donacion.nextEtiquetaNumero(requireAuth(ctx), { donanteId, aferesis });
  }

  @Authorized()
  @Mutation(() => Donacion, { description: 'Registra una donación' })
  createDonacion(@Arg('input') input: CreateDonacionInput, @Ctx() ctx: Context): Promise<Donacion> {
    return ctx.services.donacion.create(requireAuth(ctx), {
      ...input,
      sv: input.sv ? { ...input.sv } : null,
    });
  }

  @Authorized()
  @Mutation(() => UpdateDonacionPayload, { description: 'Carga grupo, factor, serología y exclusión' })
  updateResultadosDonacion(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: ResultadosDonacionInput,
    @Ctx() ctx: Context,
  ): Promise<UpdateDonacionPayload> {
    return ctx.services.donacion.updateResultados(requireAuth(ctx), id, {
      ...input,
      serologia: input.serologia ? { ...input.serologia } : input.serologia,
    });
  }

  @Authorized()
  @Mutation(() => Donacion, { description: 'Elimina la donación (queda en la auditoría)' })
  deleteDonacion(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Donacion> {
    return ctx.services.donacion.softDelete(requireAuth(ctx), id);
  }

  @FieldResolver(() => Donante)
  async donante(@Root() d: Donacion, @Ctx() ctx: Context): Promise<Donante> {
    const donante = await ctx.loaders.donacionDonante.load(claveUsuario(d.servicioId, d.donanteId));
    if (!donante) throw new Error(`Donante ${d.donanteId} inexistente`);
    return donante;
  }

  @FieldResolver(() => Int, {
    description:
      'Donaciones de la misma persona registradas antes de esta: con una o más (o "Donó anteriormente") es habitual',
  })
  donacionesPrevias(@Root() d: Donacion, @Ctx() ctx: Context): Promise<number> {
    return ctx.loaders.donacionesPrevias.load(claveUsuario(d.servicioId, d.id));
  }

  @FieldResolver(() => String, {
    description: 'Número de etiqueta seguido de su carácter de control ISO 7064 MOD 37-2 (ISBT 128)',
  })
  codigoEtiqueta(@Root() d: Donacion): string {
    return codigoEtiqueta(d.numero);
  }

  @FieldResolver(() => String, { description: 'Nombre del donante' })
  async nombre(@Root() d: Donacion, @Ctx() ctx: Context): Promise<string> {
    return (await ctx.loaders.nombreDonante.load(claveUsuario(d.servicioId, d.donanteId)))?.nombre ?? '';
  }

  @FieldResolver(() => String, { description: 'Apellido del donante' })
  async apellido(@Root() d: Donacion, @Ctx() ctx: Context): Promise<string> {
    return (await ctx.loaders.nombreDonante.load(claveUsuario(d.servicioId, d.donanteId)))?.apellido ?? '';
  }
}
