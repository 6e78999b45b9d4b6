import { Router } from 'express';
import { assertOwnServicio, authed, body } from '../../rest/http';
import { entero, flag, pageFromQuery, queryText, scalar } from '../../rest/input';
import type { Services } from '../../services';

/**
 * The stock over REST (the same service as GraphQL):
 * - GET /stock: rows by type and ABO/Rh;
 * - GET /stock/unidades?tipo=&abo=&rh=&porVencer=&offset=&limit=: the units behind a row;
 * - POST /auth/opciones/aviso-vencimiento { tipo, dias }: the warning days of a type.
 */
export function addStockRoutes(router: Router, services: Services): void {
  router.get(
    '/stock',
    authed(services, async (_req, ctx) => ({ filas: await services.stock.stock(ctx.auth) })),
  );

  router.get(
    '/stock/unidades',
    authed(services, async (req, ctx) =>
      services.stock.unidades(
        ctx.auth,
        {
          tipo: queryText(req, 'tipo')?.trim().toUpperCase() || null,
          abo: queryText(req, 'abo')?.trim() || null,
          rh: queryText(req, 'rh')?.trim() || null,
          porVencer: flag(queryText(req, 'porVencer'), 'porVencer') ?? null,
        },
        await pageFromQuery(req),
      ),
    ),
  );

  router.post(
    '/auth/opciones/aviso-vencimiento',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      const tipo = (scalar(b.tipo, 'tipo') ?? '').trim().toUpperCase();
      return {
        avisoVencimiento: await services.stock.updateAvisoVencimiento(
          ctx.auth,
          tipo,
          entero(b.dias) as number,
        ),
      };
    }),
  );
}
