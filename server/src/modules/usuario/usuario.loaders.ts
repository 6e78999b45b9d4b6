import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../domain/validation';
import { claveUsuario, type LoaderSource } from '../../loaders';

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

/** The users' per-request loaders (services.ts puts every module's together). */
export const usuarioLoaders = {
  /**
   * A user's name ('Nombre Apellido', else the username) by `servicioId/usuarioId`: only a
   * user of that servicio answers, so an id from elsewhere reads as unknown (null).
   */
  nombreUsuario: (r: LoaderSource): DataLoader<string, string | null> =>
    new DataLoader((keys) => nombresDeUsuarios(r.dataSource, keys)),
};
