import { Router } from 'express';
import { MSG } from '../domain/messages';
import { addDonacionRoutes } from '../modules/donacion/donacion.rest';
import { addDonanteRoutes } from '../modules/donante/donante.rest';
import { addIntegranteRoutes } from '../modules/integrante/integrante.rest';
import { addOpcionesRoutes } from '../modules/opciones/opciones.rest';
import { addCuentaRoutes } from '../modules/cuenta/cuenta.rest';
import { Services } from '../services';
import { openApiDocument } from './openapi';

/** The REST compatibility shim of the original product, mounted at /api. */
export function createRestRouter(services: Services): Router {
  const router = Router();
  // API keys never get here: app.ts refuses them before /api parses a body (rechazarClavesApi).
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  addCuentaRoutes(router, services);
  addOpcionesRoutes(router, services);
  addIntegranteRoutes(router, services);
  addDonanteRoutes(router, services);
  addDonacionRoutes(router, services);
  // Any other path or method under /api: the original's error shape, not an HTML page.
  router.use((_req, res) => {
    res.status(404).json({ errors: [{ msg: MSG.noEncontrado }] });
  });
  return router;
}
