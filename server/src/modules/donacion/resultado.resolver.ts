import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { claveUsuario } from '../../loaders';
import { Donacion } from './donacion.entity';
import { Resultado } from './resultado.entity';
import { ConfirmatorioInput, RepeticionInput, TamizajeInput } from './resultado.input';

/** A donation's laboratory results per marker: read with the donation, recorded step by step. */
@Resolver(() => Donacion)
export class ResultadoResolver {
  @FieldResolver(() => [Resultado], {
    description:
      'Los resultados de laboratorio por marcador del panel del servicio (NO_REALIZADO donde no se cargó nada)',
  })
  resultados(@Root() d: Donacion, @Ctx() ctx: Context): Promise<Resultado[]> {
    return ctx.loaders.resultadosDonacion.load(claveUsuario(d.servicioId, d.id));
  }

  @Authorized()
  @Mutation(() => Donacion, {
    description:
      'Registra el tamizaje de un marcador; reactivo o indeterminado pide la repetición por duplicado',
  })
  registrarTamizaje(
    @Arg('donacionId', () => ID) donacionId: string,
    @Arg('input') input: TamizajeInput,
    @Ctx() ctx: Context,
  ): Promise<Donacion> {
    return ctx.services.donacion.registrarTamizaje(requireAuth(ctx), donacionId, { ...input });
  }

  @Authorized()
  @Mutation(() => Donacion, {
    description:
      'Registra la repetición por duplicado; repetidamente reactivo difiere al donante y pide la prueba confirmatoria',
  })
  registrarRepeticion(
    @Arg('donacionId', () => ID) donacionId: string,
    @Arg('input') input: RepeticionInput,
    @Ctx() ctx: Context,
  ): Promise<Donacion> {
    return ctx.services.donacion.registrarRepeticion(requireAuth(ctx), donacionId, { ...input });
  }

  @Authorized('ROL_MEDICO', 'ROL_TECNICO')
  @Mutation(() => Donacion, {
    description:
      'Registra la nueva tipificación (médico o técnico) de una donación marcada por un grupo que difiere de donaciones anteriores: confirma ese grupo y quita la marca',
  })
  registrarRetipificacion(
    @Arg('donacionId', () => ID) donacionId: string,
    @Arg('abo', () => String, { description: "'A', 'B', 'AB' u 'O'" }) abo: string,
    @Arg('rh', () => String, { description: "'POSITIVO' o 'NEGATIVO'" }) rh: string,
    @Ctx() ctx: Context,
  ): Promise<Donacion> {
    return ctx.services.donacion.registrarRetipificacion(requireAuth(ctx), donacionId, { abo, rh });
  }

  @Authorized()
  @Mutation(() => Donacion, {
    description:
      'Registra la prueba confirmatoria: positiva difiere al donante en forma definitiva; negativa deja que un médico levante el diferimiento',
  })
  registrarConfirmatorio(
    @Arg('donacionId', () => ID) donacionId: string,
    @Arg('input') input: ConfirmatorioInput,
    @Ctx() ctx: Context,
  ): Promise<Donacion> {
    return ctx.services.donacion.registrarConfirmatorio(requireAuth(ctx), donacionId, { ...input });
  }
}
