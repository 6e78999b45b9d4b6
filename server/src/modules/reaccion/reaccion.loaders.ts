import type DataLoader from 'dataloader';
import { deUnServicio, type LoaderSource } from '../../loaders';
import type { ReaccionDonante } from './reaccion.entity';
import { donantesConReaccionSevera, reaccionesDeDonaciones } from './reaccion.service';

/** The reactions' per-request loaders (services.ts puts every module's together). */
export const reaccionLoaders = {
  /** The reactions of a page of donations by `servicioId/donacionId`, oldest first. */
  reaccionesDonacion: (r: LoaderSource): DataLoader<string, ReaccionDonante[]> =>
    deUnServicio((servicio, ids) => reaccionesDeDonaciones(r.query, servicio, ids), []),

  /** Whether each donor (`servicioId/donanteId`) had a severe reaction at a live donation. */
  reaccionSeveraPrevia: (r: LoaderSource): DataLoader<string, boolean> =>
    deUnServicio(async (servicio, ids) => {
      const con = await donantesConReaccionSevera(r.query, servicio, ids);
      return new Map(ids.map((id) => [id, con.has(id)]));
    }, false),
};
