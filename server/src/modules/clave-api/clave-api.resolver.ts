import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { ClaveApi, ClaveApiCreada } from './clave-api.types';

/** API keys for dashboards: only the service administrator manages them. */
@Resolver()
export class ClaveApiResolver {
  @Authorized('ROL_SERVICIO')
  @Query(() => [ClaveApi], { description: 'Las claves de API del servicio, activas primero' })
  clavesApi(@Ctx() ctx: Context): Promise<ClaveApi[]> {
    return ctx.services.claveApi.listar(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => ClaveApiCreada, {
    description:
      'Crea una clave de API de solo lectura de los indicadores; el secreto se devuelve una sola vez',
  })
  crearClaveApi(@Arg('nombre') nombre: string, @Ctx() ctx: Context): Promise<ClaveApiCreada> {
    return ctx.services.claveApi.crear(requireAuth(ctx), nombre);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => ClaveApi, { description: 'Revoca una clave de API: deja de valer en su próxima consulta' })
  revocarClaveApi(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ClaveApi> {
    return ctx.services.claveApi.revocar(requireAuth(ctx), id);
  }
}
