import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { ROLES } from '../../domain/roles';
import { PasswordChangeInput, PasswordChangePayload } from './clave.input';

@Resolver()
export class ClaveResolver {
  @Authorized(...ROLES)
  @Mutation(() => PasswordChangePayload, {
    description: 'Cambia la clave propia; devuelve un token nuevo (los anteriores dejan de valer)',
  })
  changePassword(
    @Arg('input') input: PasswordChangeInput,
    @Ctx() ctx: Context,
  ): Promise<PasswordChangePayload> {
    return ctx.services.clave.change(requireAuth(ctx), input);
  }
}
