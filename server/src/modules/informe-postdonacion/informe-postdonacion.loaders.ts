import type DataLoader from 'dataloader';
import { deUnServicio, type LoaderSource } from '../../loaders';
import type { InformePostdonacion } from './informe-postdonacion.entity';
import type { InformePostdonacionService } from './informe-postdonacion.service';

type Fuente = LoaderSource<{ informePostdonacion: InformePostdonacionService }>;

/** The post-donation reports' per-request loaders (services.ts puts every module's together). */
export const informePostdonacionLoaders = {
  /** A page of donations' reports by `servicioId/donacionId`, whole (Donacion.informesPostDonacion applies vistaInforme). */
  informesPostdonacion: (r: Fuente): DataLoader<string, InformePostdonacion[]> =>
    deUnServicio((servicio, ids) => r.services.informePostdonacion.deDonaciones(servicio, ids), []),
};
