import type DataLoader from 'dataloader';
import { deUnServicio, type LoaderSource } from '../../loaders';
import { donacionesPrevias } from './persona.historial';

/** The person's per-request loaders (services.ts puts every module's together). */
export const personaLoaders = {
  /** Earlier donations of the same person, by `servicioId/donacionId`: a page in one statement. */
  donacionesPrevias: (r: LoaderSource): DataLoader<string, number> =>
    deUnServicio((servicio, ids) => donacionesPrevias(r.query, servicio, ids), 0),
};
