import { Router } from 'express';
import { MSG } from '../../domain/messages';
import { ValidationError } from '../../errors';
import { authed, body } from '../../rest/http';
import { flag, scalar } from '../../rest/input';
import type { Services } from '../../services';

/**
 * Dispatch, return, final destination and transfers over REST (the same service as GraphQL):
 * - POST /despacho { ids, destino: { tipo, nombre?, referencia?, servicioId? } }: a dispatch;
 * - GET /despacho: the servicio's, newest first; GET /despacho/:id: one (the dispatch note's data);
 * - POST /componente/:id/devolver { cadenaFrio, detalle? } and /componente/:id/destino-final
 *   { destino, motivo?, detalle? };
 * - GET /componente/en-transito and POST /componente/recibir { codigo }: transfers between members;
 * - GET /componente/codigo/:codigo/trayectoria: a unit's dispatches.
 */
export function addDespachoRoutes(router: Router, services: Services): void {
  router.post(
    '/despacho',
    authed(services, async (req, ctx) => {
      const b = body(req);
      if (!Array.isArray(b.ids) || b.ids.some((i) => typeof i !== 'string'))
        throw ValidationError.single('ids', MSG.valorNoPermitido);
      const d = b.destino;
      if (typeof d !== 'object' || d === null || Array.isArray(d))
        throw ValidationError.single('destino', MSG.valorNoPermitido);
      const destino = d as Record<string, unknown>;
      return services.despacho.despachar(ctx.auth, b.ids as string[], {
        tipo: (scalar(destino.tipo, 'destino.tipo') ?? '').trim().toUpperCase(),
        nombre: scalar(destino.nombre, 'destino.nombre'),
        referencia: scalar(destino.referencia, 'destino.referencia'),
        servicioId: scalar(destino.servicioId, 'destino.servicioId'),
      });
    }),
  );

  router.get(
    '/despacho',
    authed(services, async (_req, ctx) => services.despacho.despachos(ctx.auth)),
  );

  router.get(
    '/despacho/:id',
    authed(services, async (req, ctx) => services.despacho.despacho(ctx.auth, String(req.params.id))),
  );

  router.get(
    '/componente/en-transito',
    authed(services, async (_req, ctx) => services.despacho.enTransito(ctx.auth)),
  );

  router.post(
    '/componente/recibir',
    authed(services, async (req, ctx) =>
      services.despacho.recibir(ctx.auth, scalar(body(req).codigo, 'codigo') ?? ''),
    ),
  );

  router.get(
    '/componente/codigo/:codigo/trayectoria',
    authed(services, async (req, ctx) => services.despacho.trayectoria(ctx.auth, String(req.params.codigo))),
  );

  router.post(
    '/componente/:id/devolver',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const cadenaFrio = flag(b.cadenaFrio, 'cadenaFrio');
      if (cadenaFrio === undefined) throw ValidationError.single('cadenaFrio', MSG.requerido);
      return services.despacho.devolver(
        ctx.auth,
        String(req.params.id),
        cadenaFrio,
        scalar(b.detalle, 'detalle'),
      );
    }),
  );

  router.post(
    '/componente/:id/destino-final',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const motivo = scalar(b.motivo, 'motivo');
      return services.despacho.registrarDestinoFinal(
        ctx.auth,
        String(req.params.id),
        (scalar(b.destino, 'destino') ?? '').trim().toUpperCase(),
        motivo ? motivo.trim().toUpperCase() : null,
        scalar(b.detalle, 'detalle'),
      );
    }),
  );
}
