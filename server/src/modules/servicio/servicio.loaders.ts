import DataLoader from 'dataloader';
import { In } from 'typeorm';
import { byId, type LoaderSource } from '../../loaders';
import { Servicio } from './servicio.entity';

/** The servicio's per-request loaders (services.ts puts every module's together). */
export const servicioLoaders = {
  /** A servicio by id. */
  servicio: (r: LoaderSource): DataLoader<string, Servicio | null> =>
    new DataLoader(async (ids) =>
      byId(await r.dataSource.getRepository(Servicio).findBy({ id: In([...ids]) }), ids),
    ),
};
