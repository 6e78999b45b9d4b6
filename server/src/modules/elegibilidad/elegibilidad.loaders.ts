import DataLoader from 'dataloader';
import type { Elegibilidad, LevantamientoHistorial } from '../../domain/elegibilidad';
import { isUuid } from '../../domain/validation';
import { claveUsuario, deUnServicio, type LoaderSource } from '../../loaders';
import type { Actor } from '../auditoria/audit';
import type { ElegibilidadService, LevantamientoData } from './elegibilidad.service';

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

/** Eligibility's per-request loaders (services.ts puts every module's together). */
export const elegibilidadLoaders = {
  /** Today's eligibility of a donor by `servicioId/donanteId` (claveUsuario): a page in one statement. */
  elegibilidad: (
    r: LoaderSource<{ elegibilidad: ElegibilidadService }>,
  ): DataLoader<string, Elegibilidad | null> =>
    new DataLoader((keys) => elegibilidades(r.services.elegibilidad, keys, r.actor)),
  /**
   * The lifts in force of a donation by `servicioId/donacionId`: a list's donations in one
   * statement, for the deferral each one's result imposes today (Donacion.diferimiento).
   */
  levantamientosDeDonacion: (
    r: LoaderSource<{ elegibilidad: ElegibilidadService }>,
  ): DataLoader<string, LevantamientoHistorial[]> =>
    deUnServicio((servicio, ids) => r.services.elegibilidad.levantamientosDeDonaciones(servicio, ids), []),
  /** The lifts of a donor's person by `servicioId/donanteId`, newest first (Donante.levantamientos). */
  levantamientosDeDonante: (
    r: LoaderSource<{ elegibilidad: ElegibilidadService }>,
  ): DataLoader<string, LevantamientoData[]> =>
    deUnServicio((servicio, ids) => r.services.elegibilidad.levantamientosDeDonantes(servicio, ids), []),
};
