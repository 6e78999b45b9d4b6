import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import type { AuthUser } from './auth/context';
import type { RunQuery } from './database/prepared';
import { isUuid } from './domain/validation';

/**
 * Per-request batch loaders, so relation fields cost one query per kind, not per row. Each module
 * keeps the loaders of the rows it owns (modules/<feature>/<feature>.loaders.ts); the composition
 * root (services.ts) puts them together into the request's `ctx.loaders`.
 */

/**
 * What a request's loaders read with: the process's data source, prepared reads and services, and
 * the request's signed-in user (the network lookups of a list are audited in their name). `S` is
 * what a loader needs of the services; the composition root gives it all of them.
 */
export type LoaderSource<S = unknown> = {
  dataSource: DataSource;
  query: RunQuery;
  services: S;
  actor: Pick<AuthUser, 'uid' | 'servicio'> | null;
};

/** A module's loaders by name, each made from the request's source when first asked for. */
export type LoaderFactories<S> = Record<string, (source: LoaderSource<S>) => DataLoader<string, unknown>>;

/** The loaders a set of factories makes, by name. */
export type LoadersOf<F> = {
  readonly [K in keyof F]: F[K] extends (source: never) => infer L ? L : never;
};

/** The key of a loader whose rows belong to one servicio: `servicioId/id`. */
export const claveUsuario = (servicioId: string, usuarioId: string): string => `${servicioId}/${usuarioId}`;

/** The rows of `ids`, in their order (null where none). */
export function byId<T extends { id: string }>(rows: T[], ids: readonly string[]): (T | null)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id) ?? null);
}

/** Rows by id, for deUnServicio's reads. */
export const porId = <T extends { id: string }>(rows: T[]): Map<string, T | null> =>
  new Map(rows.map((row) => [row.id, row]));

/**
 * A loader by `servicioId/id` (claveUsuario) whose read sees one servicio's rows: a request is one
 * servicio's, so a key of another servicio, or a malformed one, reads `ausente`, never that
 * servicio's row.
 */
export function deUnServicio<V>(
  read: (servicio: string, ids: string[]) => Promise<Map<string, V>>,
  ausente: V,
): DataLoader<string, V> {
  return new DataLoader(async (keys) => {
    const pares = keys.map((k) => k.split('/'));
    const servicio = pares[0][0];
    const ids = pares.filter(([s, id]) => s === servicio && isUuid(s) && isUuid(id)).map(([, id]) => id);
    const found = ids.length ? await read(servicio, ids) : new Map<string, V>();
    return pares.map(([s, id]) => (s === servicio ? (found.get(id) ?? ausente) : ausente));
  });
}

/**
 * Makes the loaders of one request from `factories`, each made when a field first asks for it:
 * most requests use one or none, and making them all for every request cost more than a small
 * query's execution. The getters are defined once, on a class, so a request costs one object.
 */
export function requestLoaders<S, F extends LoaderFactories<S>>(
  factories: F,
): (source: LoaderSource<S>) => LoadersOf<F> {
  class RequestLoaders {
    readonly made = new Map<string, DataLoader<string, unknown>>();
    constructor(readonly source: LoaderSource<S>) {}
  }
  for (const [name, make] of Object.entries(factories)) {
    Object.defineProperty(RequestLoaders.prototype, name, {
      get(this: RequestLoaders) {
        let loader = this.made.get(name);
        if (!loader) {
          loader = make(this.source);
          this.made.set(name, loader);
        }
        return loader;
      },
    });
  }
  return (source) => new RequestLoaders(source) as unknown as LoadersOf<F>;
}
