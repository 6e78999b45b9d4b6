import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { Servicio } from './modules/servicio/servicio.entity';
import { Donante } from './modules/donante/donante.entity';
import { DONANTES_BY_ID_SQL, NOMBRES_BY_ID_SQL } from './modules/donante/donante.search';
import { hydrate } from './database/hydrate';
import type { RunQuery } from './database/prepared';
import { isUuid } from './domain/validation';
import type { Elegibilidad } from './domain/elegibilidad';
import type { Actor } from './modules/auditoria/audit';
import type { ElegibilidadService } from './modules/elegibilidad/elegibilidad.service';
import { donacionesPrevias } from './modules/elegibilidad/elegibilidad.service';

/** Per-request batch loaders, so relation fields cost one query per kind, not per row. */
export type Loaders = {
  servicio: DataLoader<string, Servicio | null>;
  /**
   * A donation's donor by `servicioId/donanteId` (also a deleted donor: the donation keeps its
   * history); a donor of another servicio reads as unknown (null).
   */
  donacionDonante: DataLoader<string, Donante | null>;
  /**
   * A donation's donor's name and surname by `servicioId/donanteId` (as donacionDonante): the
   * donation lists show only these, read without the other thirty columns.
   */
  nombreDonante: DataLoader<string, NombreDonante | null>;
  /**
   * A user's name ('Nombre Apellido', else the username) by `servicioId/usuarioId`: only a
   * user of that servicio answers, so an id from elsewhere reads as unknown (null).
   */
  nombreUsuario: DataLoader<string, string | null>;
  /** Today's eligibility of a donor by `servicioId/donanteId` (claveUsuario): a page in one statement. */
  elegibilidad: DataLoader<string, Elegibilidad | null>;
  /** Earlier donations of the same person, by `servicioId/donacionId`: a page in one statement. */
  donacionesPrevias: DataLoader<string, number>;
};

export type NombreDonante = { id: string; nombre: string; apellido: string };

/** The key of loaders.nombreUsuario. */
export const claveUsuario = (servicioId: string, usuarioId: string): string => `${servicioId}/${usuarioId}`;

type NombreRow = {
  id: string;
  servicio_id: string;
  nombre: string;
  apellido: string | null;
  username: string;
};

async function nombresDeUsuarios(
  dataSource: DataSource,
  keys: readonly string[],
): Promise<(string | null)[]> {
  const pares = keys.map((k) => k.split('/'));
  const validos = pares.filter(([s, u]) => isUuid(s) && isUuid(u));
  const rows: NombreRow[] = validos.length
    ? await dataSource.query(
        `SELECT u.id, u.servicio_id, u.nombre, u.apellido, u.username
           FROM usuario u
           JOIN unnest($1::uuid[], $2::uuid[]) AS k(servicio_id, id)
             ON u.id = k.id AND u.servicio_id = k.servicio_id`,
        [validos.map(([s]) => s), validos.map(([, u]) => u)],
      )
    : [];
  const map = new Map(
    rows.map((r) => [
      claveUsuario(r.servicio_id, r.id),
      [r.nombre, r.apellido]
        .map((t) => t?.trim())
        .filter(Boolean)
        .join(' ') || r.username,
    ]),
  );
  return keys.map((k) => map.get(k) ?? null);
}

function byId<T extends { id: string }>(rows: T[], ids: readonly string[]): (T | null)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id) ?? null);
}

/** Eligibility of donors by `servicioId/donanteId`, one batch per servicio. */
async function elegibilidades(
  service: ElegibilidadService,
  keys: readonly string[],
  actor: Actor | null,
): Promise<(Elegibilidad | null)[]> {
  const porServicio = new Map<string, string[]>();
  for (const [servicio, id] of keys.map((k) => k.split('/'))) {
    porServicio.set(servicio, [...(porServicio.get(servicio) ?? []), id]);
  }
  const found = new Map<string, Elegibilidad>();
  for (const [servicio, ids] of porServicio) {
    if (!isUuid(servicio)) continue;
    for (const [id, e] of await service.deDonantes(servicio, ids, actor)) {
      found.set(claveUsuario(servicio, id), e);
    }
  }
  return keys.map((k) => found.get(k) ?? null);
}

/**
 * A loader by `servicioId/id` (claveUsuario) whose read sees one servicio's rows: a request is one
 * servicio's, so a key of another servicio, or a malformed one, reads `ausente`, never that
 * servicio's row.
 */
function deUnServicio<V>(
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

const porId = <T extends { id: string }>(rows: T[]): Map<string, T | null> =>
  new Map(rows.map((row) => [row.id, row]));

/**
 * The loaders of one request, each made when a field first asks for it: most requests use one
 * or none, and making them all for every request cost more than a small query's execution.
 */
class RequestLoaders implements Loaders {
  private made: Partial<Loaders> = {};

  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
    private readonly eligibility: ElegibilidadService,
    private readonly actor: Actor | null,
  ) {}

  get servicio(): Loaders['servicio'] {
    return (this.made.servicio ??= new DataLoader(async (ids) =>
      byId(await this.dataSource.getRepository(Servicio).findBy({ id: In([...ids]) }), ids),
    ));
  }

  get donacionDonante(): Loaders['donacionDonante'] {
    return (this.made.donacionDonante ??= deUnServicio(
      async (servicio, ids) =>
        porId(hydrate(this.dataSource, Donante, await this.query(DONANTES_BY_ID_SQL, [ids, servicio]))),
      null,
    ));
  }

  get nombreDonante(): Loaders['nombreDonante'] {
    return (this.made.nombreDonante ??= deUnServicio(
      async (servicio, ids) =>
        porId((await this.query(NOMBRES_BY_ID_SQL, [ids, servicio])) as NombreDonante[]),
      null,
    ));
  }

  get nombreUsuario(): Loaders['nombreUsuario'] {
    return (this.made.nombreUsuario ??= new DataLoader((keys) => nombresDeUsuarios(this.dataSource, keys)));
  }

  get elegibilidad(): Loaders['elegibilidad'] {
    return (this.made.elegibilidad ??= new DataLoader((keys) =>
      elegibilidades(this.eligibility, keys, this.actor),
    ));
  }

  get donacionesPrevias(): Loaders['donacionesPrevias'] {
    return (this.made.donacionesPrevias ??= deUnServicio(
      (servicio, ids) => donacionesPrevias(this.query, servicio, ids),
      0,
    ));
  }
}

/** `actor`: the request's signed-in user (the network lookups of a list are audited in their name). */
export function createLoaders(
  dataSource: DataSource,
  query: RunQuery,
  elegibilidad: ElegibilidadService,
  actor: Actor | null = null,
): Loaders {
  return new RequestLoaders(dataSource, query, elegibilidad, actor);
}
