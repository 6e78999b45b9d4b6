import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { Usuario } from '../usuario/usuario.entity';
import {
  IntegranteInput,
  IntegrantePasswordInput,
  IntegrantePayload,
  IntegranteUpdateInput,
} from './integrante.input';

@Resolver()
export class IntegranteResolver {
  @Authorized('ROL_SERVICIO')
  @Query(() => [Usuario], { description: 'Los integrantes (personal) del servicio' })
  integrantes(@Ctx() ctx: Context): Promise<Usuario[]> {
    return ctx.services.integrante.list(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Query(() => Usuario, { description: 'Un integrante del servicio' })
  integrante(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Usuario> {
    return ctx.services.integrante.get(requireAuth(ctx), id);
  }

  @Authorized()
  @Query(() => [Usuario], { description: 'Integrantes marcados como agentes de captación CPH' })
  agentesCph(@Ctx() ctx: Context): Promise<Usuario[]> {
    return ctx.services.integrante.agentesCph(requireAuth(ctx));
  }

  @Authorized()
  @Query(() => [Usuario], {
    description:
      'Los médicos del servicio (ROL_MEDICO), con su matrícula: quienes firman la constancia de donación',
  })
  medicosFirmantes(@Ctx() ctx: Context): Promise<Usuario[]> {
    return ctx.services.integrante.medicos(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => IntegrantePayload, { description: 'Agrega un integrante al servicio' })
  createIntegrante(@Arg('input') input: IntegranteInput, @Ctx() ctx: Context): Promise<IntegrantePayload> {
    return ctx.services.integrante.create(requireAuth(ctx), input);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => IntegrantePayload, { description: 'Edita un integrante (sin usuario ni clave)' })
  updateIntegrante(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: IntegranteUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<IntegrantePayload> {
    return ctx.services.integrante.update(requireAuth(ctx), id, input);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => IntegrantePayload, {
    description: 'Asigna una clave nueva a un integrante; sus tokens anteriores dejan de valer',
  })
  setIntegrantePassword(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: IntegrantePasswordInput,
    @Ctx() ctx: Context,
  ): Promise<IntegrantePayload> {
    return ctx.services.integrante.setPassword(requireAuth(ctx), id, input);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => IntegrantePayload, { description: 'Elimina un integrante; su sesión termina en el acto' })
  deleteIntegrante(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<IntegrantePayload> {
    return ctx.services.integrante.delete(requireAuth(ctx), id);
  }
}
