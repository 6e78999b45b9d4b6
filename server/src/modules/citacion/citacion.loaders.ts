import type DataLoader from 'dataloader';
import { deUnServicio, type LoaderSource } from '../../loaders';
import type { CitacionService } from './citacion.service';

type Fuente = LoaderSource<{ citacion: CitacionService }>;

/** The call-back list's per-request loaders (services.ts puts every module's together). */
export const citacionLoaders = {
  /** Whether each donor of a page has an open citación, by `servicioId/donanteId` (Donante.citacionPendiente). */
  citacionPendiente: (r: Fuente): DataLoader<string, boolean> =>
    deUnServicio((servicio, ids) => r.services.citacion.pendientesDeDonantes(servicio, ids), false),
};
