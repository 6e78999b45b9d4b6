import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { PageInput, Paginated } from '../../graphql/pagination';
import { TipoComponente } from '../componente/componente.entity';
import { AvisoVencimiento, FiltroStock, StockFila, StockRedFila, UnidadComponente } from './stock.entity';

export const UnidadesPage = Paginated(UnidadComponente, 'UnidadesPage');
export type UnidadesPage = InstanceType<typeof UnidadesPage>;

/** The stock of released units (the rules: StockService, domain/stock.ts). */
@Resolver()
export class StockResolver {
  @Authorized()
  @Query(() => [StockFila], {
    description:
      'Stock del servicio por tipo de componente y grupo ABO/Rh: unidades liberadas sin vencer, el vencimiento ' +
      'más próximo y cuántas vencen dentro de los días de aviso',
  })
  stock(@Ctx() ctx: Context): Promise<StockFila[]> {
    return ctx.services.stock.stock(requireAuth(ctx));
  }

  @Authorized()
  @Query(() => UnidadesPage, {
    description: 'Las unidades en stock (de una fila, o todas), la de vencimiento más próximo primero',
  })
  unidadesEnStock(
    @Ctx() ctx: Context,
    @Arg('filtro', () => FiltroStock, { nullable: true }) filtro?: FiltroStock | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<UnidadesPage> {
    return ctx.services.stock.unidades(requireAuth(ctx), { ...filtro }, page ?? {});
  }

  @Authorized()
  @Query(() => UnidadComponente, {
    nullable: true,
    description:
      'Una unidad por su identificador leído o escrito, como la ve el servicio: la que tiene (propia o recibida de ' +
      'otro integrante: grupo, producto y vencimiento, nunca la donación ni el donante), o una que produjo y ' +
      'otro integrante tiene ahora (DESPACHADO). null si no hay ninguna',
  })
  unidadPorCodigo(@Arg('codigo') codigo: string, @Ctx() ctx: Context): Promise<UnidadComponente | null> {
    return ctx.services.stock.unidadPorCodigo(requireAuth(ctx), codigo);
  }

  @Authorized()
  @Query(() => [AvisoVencimiento], {
    description: 'Los días antes del vencimiento en que cada tipo se señala por vencer en el stock',
  })
  avisoVencimiento(@Ctx() ctx: Context): Promise<AvisoVencimiento[]> {
    return ctx.services.stock.avisoVencimiento(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => [AvisoVencimiento], {
    description: 'Fija los días antes del vencimiento en que un tipo de componente se señala por vencer',
  })
  updateAvisoVencimiento(
    @Arg('tipo', () => TipoComponente) tipo: TipoComponente,
    @Arg('dias', () => Int) dias: number,
    @Ctx() ctx: Context,
  ): Promise<AvisoVencimiento[]> {
    return ctx.services.stock.updateAvisoVencimiento(requireAuth(ctx), tipo, dias);
  }

  @Authorized('ROL_RED')
  @Query(() => [StockRedFila], {
    description:
      'El stock de cada integrante de la red por tipo y grupo ABO/Rh: solo cifras, nunca un donante',
  })
  stockRed(@Ctx() ctx: Context): Promise<StockRedFila[]> {
    return ctx.services.stock.stockRed(requireAuth(ctx));
  }
}
