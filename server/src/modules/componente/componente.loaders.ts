import type DataLoader from 'dataloader';
import { hydrate } from '../../database/hydrate';
import type { RunQuery } from '../../database/prepared';
import { deUnServicio, type LoaderSource, porId } from '../../loaders';
import { Donacion } from '../donacion/donacion.entity';
import { Componente } from './componente.entity';
import type { ComponenteService } from './componente.service';

type Fuente = LoaderSource<{ componente: ComponenteService }>;

const runOf =
  (r: Fuente): RunQuery =>
  (sql, params) =>
    r.dataSource.query(sql, params);

/** The components' per-request loaders (services.ts puts every module's together). */
export const componenteLoaders = {
  /** A page of donations' components by `servicioId/donacionId` (Donacion.componentes). */
  componentesDonacion: (r: Fuente): DataLoader<string, Componente[]> =>
    deUnServicio((servicio, ids) => r.services.componente.deDonaciones(servicio, ids), []),
  /**
   * What keeps each component of a page from release by `servicioId/componenteId`
   * (Componente.faltaParaLiberar): the donations, results and donors' histories in one batch; a
   * history read at another member is a lookup, logged as the lists log theirs.
   */
  faltaParaLiberar: (r: Fuente): DataLoader<string, string[]> =>
    deUnServicio(async (servicio, ids) => {
      const rows = await r.dataSource.query(
        `SELECT * FROM componente WHERE servicio_id = $1 AND id = ANY($2::uuid[])`,
        [servicio, ids],
      );
      const componentes = hydrate(r.dataSource, Componente, rows);
      return r.services.componente.faltaDe(runOf(r), servicio, componentes, { actor: r.actor });
    }, []),
  /** A component's donation by `servicioId/donacionId`, deleted ones too (Componente.donacion). */
  donacionDeComponente: (r: Fuente): DataLoader<string, Donacion | null> =>
    deUnServicio(async (servicio, ids) => {
      const rows = await r.dataSource.query(
        `SELECT * FROM donacion WHERE servicio_id = $1 AND id = ANY($2::uuid[])`,
        [servicio, ids],
      );
      return porId(hydrate(r.dataSource, Donacion, rows));
    }, null),
};
