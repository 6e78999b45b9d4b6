import type DataLoader from 'dataloader';
import { hydrate } from '../../database/hydrate';
import { deUnServicio, porId, type LoaderSource } from '../../loaders';
import { Donante } from './donante.entity';
import { DONANTES_BY_ID_SQL, NOMBRES_BY_ID_SQL } from './donante.search';

export type NombreDonante = { id: string; nombre: string; apellido: string };

/** The donors' per-request loaders (services.ts puts every module's together). */
export const donanteLoaders = {
  /**
   * A donation's donor by `servicioId/donanteId` (also a deleted donor: the donation keeps its
   * history); a donor of another servicio reads as unknown (null).
   */
  donacionDonante: (r: LoaderSource): DataLoader<string, Donante | null> =>
    deUnServicio(
      async (servicio, ids) =>
        porId(hydrate(r.dataSource, Donante, await r.query(DONANTES_BY_ID_SQL, [ids, servicio]))),
      null,
    ),
  /**
   * A donation's donor's name and surname by `servicioId/donanteId` (as donacionDonante): the
   * donation lists show only these, read without the other thirty columns.
   */
  nombreDonante: (r: LoaderSource): DataLoader<string, NombreDonante | null> =>
    deUnServicio(
      async (servicio, ids) => porId((await r.query(NOMBRES_BY_ID_SQL, [ids, servicio])) as NombreDonante[]),
      null,
    ),
};
