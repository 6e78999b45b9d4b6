import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Context, requireAuth } from '../../context';
import { NUMERO_ETIQUETA_MAX } from '../../domain/etiquetas';
import { PageInput } from '../../graphql/pagination';
import { claveUsuario } from '../../loaders';
import { Donante } from '../donante/donante.entity';
import {
  EtiquetaSinUsar,
  EtiquetaSinUsarOrden,
  EtiquetaSinUsarPage,
  FormatoEtiquetasInput,
  OpcionesInput,
  OpcionesPayload,
  UmbralesTamizaje,
  UmbralesTamizajeInput,
} from './opciones.input';
import { umbralesDe } from './opciones.service';
import { MarcadorAdicional, Servicio } from '../servicio/servicio.entity';

@Resolver(() => Servicio)
export class OpcionesResolver {
  @Authorized()
  @Query(() => Servicio, { description: 'El servicio de quien consulta, con sus opciones' })
  servicio(@Ctx() ctx: Context): Promise<Servicio> {
    return ctx.services.opciones.get(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => OpcionesPayload, { description: 'Guarda las opciones generales del servicio' })
  updateOpciones(@Arg('input') input: OpcionesInput, @Ctx() ctx: Context): Promise<OpcionesPayload> {
    return ctx.services.opciones.update(requireAuth(ctx), input);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, {
    description:
      "Guarda cómo imprime 'Generar Etiquetas': la hoja A4 de 6 o una etiqueta por página de la medida dada",
  })
  updateFormatoEtiquetas(@Arg('input') input: FormatoEtiquetasInput, @Ctx() ctx: Context): Promise<Servicio> {
    return ctx.services.opciones.updateFormatoEtiquetas(requireAuth(ctx), { ...input });
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, {
    description:
      'Guarda las pruebas (NAT) que el servicio agrega al tamizaje nacional de su panel de laboratorio; la lista reemplaza a la anterior',
  })
  updatePanelResultados(
    @Arg('marcadores', () => [MarcadorAdicional]) marcadores: MarcadorAdicional[],
    @Ctx() ctx: Context,
  ): Promise<Servicio> {
    return ctx.services.opciones.updatePanelResultados(requireAuth(ctx), marcadores);
  }

  @FieldResolver(() => UmbralesTamizaje, {
    description:
      'Los umbrales de tamizaje del servicio (todos los roles los leen): cada donación nueva se controla con ellos y el sexo del donante',
  })
  umbralesTamizaje(@Root() s: Servicio): UmbralesTamizaje {
    return umbralesDe(s);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Servicio, {
    description:
      'Guarda los umbrales de tamizaje del servicio: mínimos de hemoglobina y hematocrito por sexo y sus máximos, nunca menos exigentes que la norma (hemoglobina 12 g/dl, hematocrito 35 %)',
  })
  updateUmbralesTamizaje(@Arg('input') input: UmbralesTamizajeInput, @Ctx() ctx: Context): Promise<Servicio> {
    return ctx.services.opciones.updateUmbralesTamizaje(requireAuth(ctx), { ...input });
  }

  @Authorized()
  @Query(() => Int, { description: 'El último número de etiqueta emitido por el servicio (0: ninguno)' })
  contadorEtiquetas(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.opciones.contadorEtiquetas(requireAuth(ctx));
  }

  @Authorized('ROL_SERVICIO')
  @Query(() => EtiquetaSinUsarPage, {
    description:
      'Números de etiqueta emitidos que ninguna donación lleva, con quién los emitió y para quién: ' +
      'ordenados por `orden`, o sin él los más altos primero',
  })
  etiquetasSinUsar(
    @Ctx() ctx: Context,
    @Arg('page', () => PageInput, { nullable: true }) page?: PageInput | null,
    @Arg('orden', () => EtiquetaSinUsarOrden, { nullable: true }) orden?: EtiquetaSinUsarOrden | null,
  ): Promise<EtiquetaSinUsarPage> {
    return ctx.services.opciones.etiquetasSinUsar(requireAuth(ctx), page ?? {}, orden);
  }

  @Authorized('ROL_SERVICIO')
  @Mutation(() => Int, {
    description:
      'Adelanta la numeración de etiquetas (un servicio que continúa un libro en papel): ' +
      `\`ultimo\` pasa a ser el último número emitido. Nunca retrocede ni pasa de ${NUMERO_ETIQUETA_MAX}.`,
  })
  avanzarContadorEtiquetas(@Arg('ultimo', () => Int) ultimo: number, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.opciones.avanzarContadorEtiquetas(requireAuth(ctx), ultimo);
  }
}

/** Who issued an unused label number and for whom, by name, through the request's loaders. */
@Resolver(() => EtiquetaSinUsar)
export class EtiquetaSinUsarResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'Quién la emitió: nombre y apellido (su usuario si no tiene nombre); null si no se sabe',
  })
  emitidaPor(@Root() e: EtiquetaSinUsar, @Ctx() ctx: Context): Promise<string | null> | null {
    if (!e.usuarioId) return null;
    return ctx.loaders.nombreUsuario.load(claveUsuario(requireAuth(ctx).servicio, e.usuarioId));
  }

  @FieldResolver(() => Donante, {
    nullable: true,
    description:
      'El donante para el que se emitió (Generar Etiquetas de una donación nueva); null si ninguno',
  })
  donante(@Root() e: EtiquetaSinUsar, @Ctx() ctx: Context): Promise<Donante | null> | null {
    if (!e.donanteId) return null;
    return ctx.loaders.donacionDonante.load(claveUsuario(requireAuth(ctx).servicio, e.donanteId));
  }
}
