import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { claveUsuario } from '../../loaders';
import { Donacion } from '../donacion/donacion.entity';
import { Donante } from '../donante/donante.entity';
import { ReaccionDonante } from './reaccion.entity';
import { ReaccionInput } from './reaccion.input';

/** A donation's donor reactions: read with the donation, recorded and corrected (never deleted). */
@Resolver(() => Donacion)
export class ReaccionResolver {
  @FieldResolver(() => [ReaccionDonante], {
    description: 'Las reacciones del donante en esta donación, en el orden en que se registraron',
  })
  reacciones(@Root() d: Donacion, @Ctx() ctx: Context): Promise<ReaccionDonante[]> {
    return ctx.loaders.reaccionesDonacion.load(claveUsuario(d.servicioId, d.id));
  }

  @Authorized()
  @Mutation(() => Donacion, {
    description:
      'Registra una reacción del donante en la donación; una SEVERA queda como aviso para su próxima entrevista',
  })
  async registrarReaccion(
    @Arg('donacionId', () => ID) donacionId: string,
    @Arg('reaccion') reaccion: ReaccionInput,
    @Ctx() ctx: Context,
  ): Promise<Donacion> {
    const auth = requireAuth(ctx);
    const id = await ctx.services.reaccion.registrar(auth, donacionId, { ...reaccion });
    return ctx.services.donacion.get(auth, id);
  }

  @Authorized()
  @Mutation(() => Donacion, {
    description: 'Corrige una reacción registrada (queda en la auditoría; una reacción no se elimina)',
  })
  async updateReaccion(
    @Arg('id', () => ID) id: string,
    @Arg('reaccion') reaccion: ReaccionInput,
    @Ctx() ctx: Context,
  ): Promise<Donacion> {
    const auth = requireAuth(ctx);
    const donacionId = await ctx.services.reaccion.corregir(auth, id, { ...reaccion });
    return ctx.services.donacion.get(auth, donacionId);
  }
}

/** Who recorded a reaction, by name. */
@Resolver(() => ReaccionDonante)
export class ReaccionDonanteResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'Quién la registró: nombre y apellido (su usuario si no tiene nombre)',
  })
  registradaPor(@Root() r: ReaccionDonante, @Ctx() ctx: Context): Promise<string | null> | null {
    if (!r.registradaPorId) return null;
    return ctx.loaders.nombreUsuario.load(claveUsuario(r.servicioId, r.registradaPorId));
  }
}

/** The notice of a severe reaction, on the donor. */
@Resolver(() => Donante)
export class ReaccionDonanteAvisoResolver {
  @FieldResolver(() => Boolean, {
    description:
      'Si tuvo una reacción severa en una donación anterior: un aviso para evaluar en la entrevista (no lo difiere)',
  })
  reaccionSeveraPrevia(@Root() d: Donante, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.reaccionSeveraPrevia.load(claveUsuario(d.servicioId, d.id));
  }
}
