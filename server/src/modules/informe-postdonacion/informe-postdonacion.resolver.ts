import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { claveUsuario } from '../../loaders';
import { Donacion } from '../donacion/donacion.entity';
import { InformePostdonacion, InformePostdonacionInput } from './informe-postdonacion.entity';
import { vistaInforme } from './informe-postdonacion.service';

/** Post-donation information (the rules: InformePostdonacionService, domain/citacion.ts). */
@Resolver(() => InformePostdonacion)
export class InformePostdonacionResolver {
  @Authorized('ROL_MEDICO', 'ROL_SERVICIO')
  @Mutation(() => InformePostdonacion, {
    description:
      'Registra lo que el donante o un médico informó después de la donación: bloquea (descarta con el motivo ' +
      "'Informe post-donación') los componentes de la donación que no se despacharon y abre la trazabilidad",
  })
  registrarInformePostDonacion(
    @Arg('donacionId', () => ID) donacionId: string,
    @Arg('informe', () => InformePostdonacionInput) informe: InformePostdonacionInput,
    @Ctx() ctx: Context,
  ): Promise<InformePostdonacion> {
    return ctx.services.informePostdonacion.registrar(requireAuth(ctx), donacionId, {
      informante: informe.informante,
      fecha: informe.fecha,
      descripcion: informe.descripcion,
    });
  }

  @FieldResolver(() => String, { nullable: true, description: 'Quién lo registró (nombre y apellido)' })
  registradoPor(@Root() i: InformePostdonacion, @Ctx() ctx: Context): Promise<string | null> | null {
    if (!i.registradoPorId) return null;
    return ctx.loaders.nombreUsuario.load(claveUsuario(i.servicioId, i.registradoPorId));
  }
}

/** What a donation shows of its post-donation reports. */
@Resolver(() => Donacion)
export class InformePostdonacionDonacionResolver {
  @FieldResolver(() => [InformePostdonacion], {
    description: 'Los informes post-donación (el texto, solo para ROL_MEDICO y ROL_SERVICIO)',
  })
  async informesPostDonacion(@Root() d: Donacion, @Ctx() ctx: Context): Promise<InformePostdonacion[]> {
    const informes = await ctx.loaders.informesPostdonacion.load(claveUsuario(d.servicioId, d.id));
    return informes.map((i) => vistaInforme(i, ctx.auth?.rol));
  }
}
