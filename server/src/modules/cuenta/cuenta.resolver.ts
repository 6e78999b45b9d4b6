import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { ROLES } from '../../domain/roles';
import { Servicio } from '../servicio/servicio.entity';
import { AuthPayload, LoginInput, RegisterInput } from './cuenta.input';
import { Usuario } from '../usuario/usuario.entity';

@Resolver(() => Usuario)
export class CuentaResolver {
  @Mutation(() => AuthPayload, { description: 'Registra un servicio y su administrador' })
  register(@Arg('input') input: RegisterInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return ctx.services.cuenta.register(input, ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: 'Inicia sesión con usuario y clave' })
  login(@Arg('input') input: LoginInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return ctx.services.cuenta.login(input.username, input.password, ctx.ip);
  }

  @Authorized(...ROLES)
  @Query(() => Usuario, { description: 'El usuario que hace la consulta' })
  me(@Ctx() ctx: Context): Promise<Usuario> {
    return ctx.services.cuenta.me(requireAuth(ctx));
  }

  @FieldResolver(() => Servicio)
  async servicio(@Root() usuario: Usuario, @Ctx() ctx: Context): Promise<Servicio> {
    const servicio = await ctx.loaders.servicio.load(usuario.servicioId);
    if (!servicio) throw new Error(`Servicio ${usuario.servicioId} inexistente`);
    return servicio;
  }
}
