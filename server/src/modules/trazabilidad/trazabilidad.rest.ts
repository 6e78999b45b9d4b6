import { Router } from 'express';
import { MSG } from '../../domain/messages';
import { ValidationError } from '../../errors';
import { authed, body } from '../../rest/http';
import { flag, queryText, scalar } from '../../rest/input';
import type { Services } from '../../services';

/**
 * Look-back over REST (the same service as GraphQL):
 * - GET /componente/trazabilidad?todas=: the work-list; GET /componente/trazabilidad/:id: one;
 * - POST /componente/trazabilidad/:id/notificacion { componenteId?, notificado, medio, respuesta?, notificadoEn? };
 * - POST /componente/trazabilidad/:id/cerrar.
 */
export function addTrazabilidadRoutes(router: Router, services: Services): void {
  router.get(
    '/componente/trazabilidad',
    authed(services, async (req, ctx) =>
      services.trazabilidad.trazabilidades(ctx.auth, flag(queryText(req, 'todas'), 'todas') ?? false),
    ),
  );

  router.get(
    '/componente/trazabilidad/:id',
    authed(services, async (req, ctx) => services.trazabilidad.trazabilidad(ctx.auth, String(req.params.id))),
  );

  router.post(
    '/componente/trazabilidad/:id/notificacion',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const cuando = scalar(b.notificadoEn, 'notificadoEn');
      const notificadoEn = cuando ? new Date(cuando) : null;
      if (notificadoEn && Number.isNaN(notificadoEn.getTime()))
        throw ValidationError.single('notificadoEn', MSG.fechaInvalida);
      return services.trazabilidad.notificar(ctx.auth, String(req.params.id), {
        componenteId: scalar(b.componenteId, 'componenteId'),
        notificado: scalar(b.notificado, 'notificado') ?? '',
        medio: (scalar(b.medio, 'medio') ?? '').trim().toUpperCase(),
        respuesta: scalar(b.respuesta, 'respuesta'),
        notificadoEn,
      });
    }),
  );

  router.post(
    '/componente/trazabilidad/:id/cerrar',
    authed(services, async (req, ctx) => services.trazabilidad.cerrar(ctx.auth, String(req.params.id))),
  );
}
