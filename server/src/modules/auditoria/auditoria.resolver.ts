import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { autorSinUsuario, usuariosDeCambios } from '../../domain/campos';
import { claveUsuario } from '../../loaders';
import { PageInput } from '../../graphql/pagination';
import { Donacion } from '../donacion/donacion.entity';
import { Donante } from '../donante/donante.entity';
import { Auditoria } from './auditoria.entity';
import {
  AuditoriaFilter,
  AuditoriaOrden,
  AuditoriaPage,
  CabezaAuditoria,
  PersonaAuditoria,
  VerificacionAuditoria,
} from './auditoria.input';

@Resolver(() => Auditoria)
export class AuditoriaResolver {
  @Authorized('ROL_SERVICIO')
  @Query(() => AuditoriaPage, {
    description:
      'Registro de auditoría del servicio: por registro, donante, número de donación, usuario, acción y fechas; ' +
      'ordenado por `orden`, o sin él lo más nuevo primero',
  })
  auditoria(
    @Ctx() ctx: Context,
    @Arg('filter', () => AuditoriaFilter, { nullable: true }) filter?: AuditoriaFilter | null,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
    @Arg('orden', () => AuditoriaOrden, { nullable: true }) orden?: AuditoriaOrden | null,
  ): Promise<AuditoriaPage> {
    return ctx.services.auditoria.list(requireAuth(ctx), filter ?? {}, page ?? {}, orden);
  }

  @Authorized('ROL_SERVICIO')
  @Query(() => [PersonaAuditoria], {
    description:
      'Los usuarios del servicio por su nombre, también los eliminados (sus cambios siguen en la auditoría): el filtro Usuario',
  })
  usuariosAuditoria(@Ctx() ctx: Context): Promise<PersonaAuditoria[]> {
    return ctx.services.auditoria.usuarios(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Query(() => VerificacionAuditoria, {
    description:
      'Recalcula la cadena de hashes de la auditoría del servicio: si alguna entrada fue modificada, quitada o reordenada, la primera rota',
  })
  verificarAuditoria(
    @Ctx() ctx: Context,
    @Arg('ancla', () => String, {
      nullable: true,
      description:
        'Un ultimoHash guardado fuera de la base, o sus primeros 16 caracteres o más (como los imprime el libro): ' +
        'la cadena debe contenerlo todavía, o fue reescrita',
    })
    ancla?: string | null,
  ): Promise<VerificacionAuditoria> {
    return ctx.services.auditoria.verificar(requireAuth(ctx), ancla ?? null);
  }

  @Authorized()
  @Query(() => CabezaAuditoria, {
    description:
      'La cabeza actual de la cadena de auditoría del servicio: el libro de registro la imprime en cada hoja, ' +
      'y el papel ancla así la cadena (verificarAuditoria(ancla))',
  })
  cabezaAuditoria(@Ctx() ctx: Context): Promise<CabezaAuditoria> {
    return ctx.services.auditoria.cabeza(requireAuth(ctx));
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

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Nombre y apellido de quien hizo el cambio (su usuario si no tiene nombre); de otro servicio de la red, su nombre',
  })
  autor(@Root() entry: Auditoria, @Ctx() ctx: Context): Promise<string | null> | string | null {
    if (!entry.usuarioId) return autorSinUsuario(entry.cambios);
    return ctx.loaders.nombreUsuario.load(claveUsuario(requireAuth(ctx).servicio, entry.usuarioId));
  }

  @FieldResolver(() => [PersonaAuditoria], {
    description: 'Las personas que nombran los cambios (Registrado por), con su nombre',
  })
  async personas(@Root() entry: Auditoria, @Ctx() ctx: Context): Promise<PersonaAuditoria[]> {
    const ids = usuariosDeCambios(entry.cambios);
    const nombres = await ctx.loaders.nombreUsuario.loadMany(
      ids.map((id) => claveUsuario(requireAuth(ctx).servicio, id)),
    );
    return ids.flatMap((id, i) => {
      const nombre = nombres[i];
      return typeof nombre === 'string' ? [{ id, nombre }] : [];
    });
  }
}
