import { Router } from 'express';
import type { AuthUser } from '../../auth/context';
import {
  type ComponentePedido,
  estaVencido,
  identificadorLegible,
  type TipoComponente,
} from '../../domain/componentes';
import { MSG } from '../../domain/messages';
import { NotFoundError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { assertOwnServicio, authed, body } from '../../rest/http';
import { pageFromQuery, queryText, scalar } from '../../rest/input';
import type { Services } from '../../services';
import type { Componente } from './componente.entity';

/** A component as the REST answers carry it (the GraphQL type's fields, the donation by id). */
export type ComponenteRecord = {
  id: string;
  donacionId: string;
  codigo: string;
  codigoLegible: string;
  codigoProducto: string;
  tipo: string;
  estado: string;
  volumen: number;
  producidoEn: string;
  venceEn: string;
  vencido: boolean;
  faltaParaLiberar: string[];
  motivoDescarte: string | null;
  detalleDescarte: string | null;
  liberadoEn: string | null;
  descartadoEn: string | null;
};

/** The records of `componentes`, with what keeps each in quarantine (one batch). */
async function records(
  services: Services,
  auth: AuthUser,
  componentes: Componente[],
): Promise<ComponenteRecord[]> {
  const run: RunQuery = (sql, params) => services.dataSource.query(sql, params);
  const falta = await services.componente.faltaDe(run, auth.servicio, componentes, { actor: auth });
  const ahora = new Date();
  return componentes.map((c) => ({
    id: c.id,
    donacionId: c.donacionId,
    codigo: c.codigo,
    codigoLegible: identificadorLegible(c.codigo),
    codigoProducto: c.codigoProducto,
    tipo: c.tipo,
    estado: c.estado,
    volumen: c.volumen,
    producidoEn: c.producidoEn.toISOString(),
    venceEn: c.venceEn.toISOString(),
    vencido: estaVencido(c.venceEn, ahora),
    faltaParaLiberar: falta.get(c.id) ?? [],
    motivoDescarte: c.motivoDescarte,
    detalleDescarte: c.detalleDescarte,
    liberadoEn: c.liberadoEn ? c.liberadoEn.toISOString() : null,
    descartadoEn: c.descartadoEn ? c.descartadoEn.toISOString() : null,
  }));
}

/** A whole number sent as a number or as digits; anything else goes on for the service to refuse. */
function entero(value: unknown): unknown {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

/**
 * The components of a split as the body lists them: [{ tipo, volumen }] (the type in either case,
 * the volume as a number or digits), or none (the bag's default). What each is, is the service's
 * to check (validateFraccion).
 */
function pedidos(value: unknown): Partial<ComponentePedido>[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw ValidationError.single('componentes', MSG.valorNoPermitido);
  return value.map((p, i) => {
    if (typeof p !== 'object' || p === null || Array.isArray(p))
      throw ValidationError.single(`componentes.${i}`, MSG.valorNoPermitido);
    const { tipo, volumen } = p as Record<string, unknown>;
    return {
      tipo: (typeof tipo === 'string' ? tipo.trim().toUpperCase() : tipo) as TipoComponente,
      volumen: entero(volumen) as number,
    };
  });
}

/**
 * Components over REST (the same services as GraphQL):
 * - GET /componente?desde=&hasta=&tipo=&estado=&codigo=&offset=&limit=: the servicio's, newest first;
 * - GET /componente/codigo/:codigo: the component of a unit identifier (404 when none);
 * - POST /donacion/:id/fraccionar { componentes?: [{ tipo, volumen }] }: the split;
 * - POST /componente/liberar { ids }: releases all it can; POST /componente/:id/liberar: one;
 * - POST /componente/:id/descartar { motivo, detalle? };
 * - POST /auth/opciones/vida-util { tipo, dias } and /auth/opciones/codigo-instalacion { codigo }.
 */
export function addComponenteRoutes(router: Router, services: Services): void {
  router.get(
    '/componente',
    authed(services, async (req, ctx) => {
      const filtro = {
        desde: queryText(req, 'desde')?.trim() || null,
        hasta: queryText(req, 'hasta')?.trim() || null,
        tipo: queryText(req, 'tipo')?.trim().toUpperCase() || null,
        estado: queryText(req, 'estado')?.trim().toUpperCase() || null,
        codigo: queryText(req, 'codigo')?.trim() || null,
      };
      const page = await services.componente.search(ctx.auth, filtro, await pageFromQuery(req));
      return { ...page, items: await records(services, ctx.auth, page.items) };
    }),
  );

  router.get(
    '/componente/codigo/:codigo',
    authed(services, async (req, ctx) => {
      const c = await services.componente.porCodigo(ctx.auth, String(req.params.codigo));
      if (!c) throw new NotFoundError(MSG.componenteNoEncontrado);
      return (await records(services, ctx.auth, [c]))[0];
    }),
  );

  router.post(
    '/donacion/:id/fraccionar',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const creados = await services.componente.fraccionar(
        ctx.auth,
        String(req.params.id),
        pedidos(b.componentes),
      );
      return records(services, ctx.auth, creados);
    }),
  );

  router.post(
    '/componente/liberar',
    authed(services, async (req, ctx) => {
      const b = body(req);
      if (!Array.isArray(b.ids) || b.ids.some((i) => typeof i !== 'string'))
        throw ValidationError.single('ids', MSG.valorNoPermitido);
      const { liberados, rechazados } = await services.componente.liberarVarios(ctx.auth, b.ids as string[]);
      const conFalta = await records(
        services,
        ctx.auth,
        rechazados.map((r) => r.componente),
      );
      return {
        liberados: await records(services, ctx.auth, liberados),
        rechazados: rechazados.map((r, i) => ({ componente: conFalta[i], motivos: r.motivos })),
      };
    }),
  );

  router.post(
    '/componente/:id/liberar',
    authed(services, async (req, ctx) => {
      const c = await services.componente.liberar(ctx.auth, String(req.params.id));
      return (await records(services, ctx.auth, [c]))[0];
    }),
  );

  router.post(
    '/componente/:id/descartar',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const motivo = scalar(b.motivo, 'motivo');
      const detalle = scalar(b.detalle, 'detalle');
      const c = await services.componente.descartar(
        ctx.auth,
        String(req.params.id),
        (motivo ?? '').trim().toUpperCase(),
        detalle,
      );
      return (await records(services, ctx.auth, [c]))[0];
    }),
  );

  router.post(
    '/auth/opciones/vida-util',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      const tipo = (scalar(b.tipo, 'tipo') ?? '').trim().toUpperCase();
      const vidas = await services.componente.updateVidaUtil(ctx.auth, tipo, entero(b.dias) as number);
      return { vidaUtil: vidas.map((v) => ({ ...v })) };
    }),
  );

  router.post(
    '/auth/opciones/codigo-instalacion',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      const servicio = await services.componente.updateCodigoInstalacion(
        ctx.auth,
        scalar(b.codigo, 'codigo') ?? '',
      );
      return { codigoInstalacion: servicio.codigoInstalacion };
    }),
  );
}
