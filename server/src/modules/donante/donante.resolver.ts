import { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { PageInput } from '../../graphql/pagination';
import { selectedFields } from '../../graphql/selection';
import { Donante } from './donante.entity';
import { DonanteFilter, DonanteInput, DonanteOrden, DonantePage } from './donante.input';

@Resolver(() => Donante)
export class DonanteResolver {
  @Authorized()
  @Query(() => DonantePage, {
    description:
      'Busca donantes por prefijo de dni, nombre y apellido (sin acentos ni mayúsculas), por grupo y factor ' +
      'y por si pueden donar hoy; ordenados por `orden`, o sin él por apellido y nombre',
  })
  donantes(
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => DonanteFilter, { nullable: true }) filter?: DonanteFilter | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
    @Arg('orden', () => DonanteOrden, { nullable: true }) orden?: DonanteOrden | null,
  ): Promise<DonantePage> {
    // Only the columns of the fields asked for are read (a list shows a few of its 30).
    const fields = selectedFields(info, ['items']);
    return ctx.services.donante.search(requireAuth(ctx), filter ?? {}, page ?? {}, fields, orden);
  }

  @Authorized()
  @Query(() => Donante)
  donante(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Donante> {
    return ctx.services.donante.get(requireAuth(ctx), id);
  }

  @Authorized()
  @Mutation(() => Donante)
  createDonante(
    @Arg('input', () => DonanteInput) input: DonanteInput,
    @Ctx() ctx: Context,
  ): Promise<Donante> {
    return ctx.services.donante.create(requireAuth(ctx), input);
  }

  @Authorized()
  @Mutation(() => Donante)
  updateDonante(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => DonanteInput) input: DonanteInput,
    @Ctx() ctx: Context,
  ): Promise<Donante> {
    return ctx.services.donante.update(requireAuth(ctx), id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Marca el donante como eliminado (se conserva con sus donaciones)',
  })
  deleteDonante(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.donante.softDelete(requireAuth(ctx), id);
  }
}
