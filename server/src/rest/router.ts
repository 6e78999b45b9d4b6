import { Router } from 'express';
import { Services } from '../services';

/** The REST compatibility shim of the original product, mounted at /api. */
export function createRestRouter(_services: Services): Router {
  const router = Router();
  return router;
}
