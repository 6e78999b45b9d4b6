import { Router } from 'express';
import { authed } from '../../rest/http';
import { pageFromQuery, queryText } from '../../rest/input';
import type { Services } from '../../services';

/**
 * The registers over REST (the same service as GraphQL):
 * - GET /registro/descartes?desde=&hasta=&offset=&limit=: the discarded units of a period;
 * - GET /registro/despachos?desde=&hasta=&offset=&limit=: the dispatches of a period, with their units.
 */
export function addRegistroRoutes(router: Router, services: Services): void {
  router.get(
    '/registro/descartes',
    authed(services, async (req, ctx) =>
      services.registro.descartes(
        ctx.auth,
        queryText(req, 'desde')?.trim() ?? '',
        queryText(req, 'hasta')?.trim() ?? '',
        await pageFromQuery(req),
      ),
    ),
  );

  router.get(
    '/registro/despachos',
    authed(services, async (req, ctx) =>
      services.registro.despachos(
        ctx.auth,
        queryText(req, 'desde')?.trim() ?? '',
        queryText(req, 'hasta')?.trim() ?? '',
        await pageFromQuery(req),
      ),
    ),
  );
}
