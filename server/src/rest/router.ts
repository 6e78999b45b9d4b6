import { Router } from 'express';
import { MSG } from '../domain/messages';
import { openApiDocument } from './openapi';

/** A module's REST routes (modules/<feature>/<feature>.rest.ts), added to the /api router. */
export type AddRoutes<S> = (router: Router, services: S) => void;

/**
 * The REST compatibility shim of the original product, mounted at /api: the modules' `routes`,
 * in order (the composition root's list, services.ts).
 */
export function createRestRouter<S>(services: S, routes: readonly AddRoutes<S>[]): Router {
  const router = Router();
  // API keys never get here: app.ts refuses them before /api parses a body (rechazarClavesApi).
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  for (const addRoutes of routes) addRoutes(router, services);
  // Any other path or method under /api: the original's error shape, not an HTML page.
  router.use((_req, res) => {
    res.status(404).json({ errors: [{ msg: MSG.noEncontrado }] });
  });
  return router;
}
