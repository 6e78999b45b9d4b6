import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { PageInput } from '../../graphql/pagination';
import { Donacion } from '../donacion/donacion.entity';
import { Donante } from '../donante/donante.entity';
import { Auditoria } from './auditoria.entity';
import { AuditoriaFilter, AuditoriaPage } from './auditoria.input';

@Resolver(() => Auditoria)
export class AuditoriaResolver {
  @Authorized('ROL_SERVICIO')
  @Query(() => AuditoriaPage, {
    description: 'Registro de auditoría del servicio, lo más nuevo primero, por registro y fechas',
  })
  auditoria(
    @Ctx() ctx: Context,
    @Arg('filter', () => AuditoriaFilter, { nullable: true }) filter?: AuditoriaFilter | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
  ): Promise<AuditoriaPage> {
    return ctx.services.auditoria.list(requireAuth(ctx), filter ?? {}, page ?? {});
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Donante, { description: 'Restaura un donante eliminado (si su DNI sigue libre)' })
  restaurarDonante(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Donante> {
    return ctx.services.auditoria.restaurarDonante(requireAuth(ctx), id);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Donacion, {
    description: 'Restaura una donación eliminada (número libre y regla de 8 semanas)',
  })
  restaurarDonacion(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Donacion> {
    return ctx.services.auditoria.restaurarDonacion(requireAuth(ctx), id);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Usuario que hizo el cambio' })
  usuarioNombre(@Root() entry: Auditoria & { usuarioNombre?: string | null }): string | null {
    return entry.usuarioNombre ?? null;
  }
}
