import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { Servicio } from './modules/servicio/servicio.entity';
import { Donante } from './modules/donante/donante.entity';
import { DONANTES_BY_ID_SQL } from './modules/donante/donante.search';
import { hydrate } from './database/hydrate';
import type { RunQuery } from './database/prepared';

/** Per-request batch loaders, so relation fields cost one query per kind, not per row. */
export type Loaders = {
  servicio: DataLoader<string, Servicio | null>;
  /** A donation's donor by id (also a deleted donor: the donation keeps its history). */
  donacionDonante: DataLoader<string, Donante | null>;
};

function byId<T extends { id: string }>(rows: T[], ids: readonly string[]): (T | null)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id) ?? null);
}

export function createLoaders(dataSource: DataSource, query: RunQuery): Loaders {
  return {
    servicio: new DataLoader(async (ids) =>
      byId(await dataSource.getRepository(Servicio).findBy({ id: In([...ids]) }), ids),
    ),
    donacionDonante: new DataLoader(async (ids) =>
      byId(hydrate(dataSource, Donante, await query(DONANTES_BY_ID_SQL, [ids])), ids),
    ),
  };
}
