import { Router } from 'express';
import { authed, body } from '../../rest/http';
import { scalar } from '../../rest/input';
import type { Services } from '../../services';

/**
 * Post-donation information over REST (the same service as GraphQL):
 * POST /donacion/:id/informe-postdonacion { informante, fecha, descripcion } (ROL_MEDICO and
 * ROL_SERVICIO): the report, with how many units it blocked.
 */
export function addInformePostdonacionRoutes(router: Router, services: Services): void {
  router.post(
    '/donacion/:id/informe-postdonacion',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const informante = scalar(b.informante, 'informante');
      const i = await services.informePostdonacion.registrar(ctx.auth, String(req.params.id), {
        informante: typeof informante === 'string' ? informante.trim().toUpperCase() : informante,
        fecha: scalar(b.fecha, 'fecha'),
        descripcion: scalar(b.descripcion, 'descripcion'),
      });
      return {
        id: i.id,
        donacionId: i.donacionId,
        informante: i.informante,
        fecha: i.fecha,
        descripcion: i.descripcion,
        componentesBloqueados: i.componentesBloqueados,
        creadoEn: i.creadoEn.toISOString(),
      };
    }),
  );
}
