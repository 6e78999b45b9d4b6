/**
 * The discard and dispatch registers of a period (modules/registro): the period a request may ask
 * for, the dispatch's number, and each unit's later fate in words. Shared by the server, the
 * registers' PDF and their CSV.
 */
import { MOTIVO_DESCARTE_LABELS, isMotivoDescarte } from './componentes';
import { daysBetween, isValidIsoDate, type IsoDate } from './dates';
import { type EstadoUnidadDespacho } from './despacho';
import { type FieldError, MSG } from './messages';
import { ErrorList } from './validation';

/** The longest period one register reads: a year (a leap one too). */
export const REGISTRO_DIAS_MAX = 366;

/** The period's errors: real dates, in order, at most REGISTRO_DIAS_MAX days. */
export function validatePeriodoRegistro(desde: unknown, hasta: unknown): FieldError[] {
  const list = new ErrorList();
  if (!isValidIsoDate(desde)) list.add('desde', MSG.fechaInvalida);
  if (!isValidIsoDate(hasta)) list.add('hasta', MSG.fechaInvalida);
  if (list.errors.length > 0) return list.errors;
  const dias = daysBetween(desde as IsoDate, hasta as IsoDate) + 1;
  if (dias < 1) list.add('hasta', MSG.periodoInvertido);
  else if (dias > REGISTRO_DIAS_MAX) list.add('desde', MSG.periodoRegistroDemasiadoLargo);
  return list.errors;
}

/** A dispatch's number as the dispatch note, its list and the register show it: its id's first 8 characters. */
export const numeroDespacho = (id: string): string =>
  id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();

/** A discard's reason in words ('Otro' with its detail is still 'Otro': the detail has its column). */
export const motivoEnPalabras = (motivo: string | null | undefined): string =>
  motivo && isMotivoDescarte(motivo) ? MOTIVO_DESCARTE_LABELS[motivo] : 'Sin motivo registrado';

/** Who discarded: the person, or the expiry sweep when no one did. */
export const quienDescarto = (persona: string | null | undefined): string =>
  persona && persona.trim() !== '' ? persona.trim() : 'Automático (vencimiento)';

/** What became of a unit after its dispatch, in words: the register's 'Destino posterior'. */
export function destinoPosterior(u: {
  estado: EstadoUnidadDespacho;
  cadenaFrio: boolean | null;
  motivo?: string | null;
}): string {
  switch (u.estado) {
    case 'DEVUELTO':
      return u.cadenaFrio
        ? 'Devuelta, con la cadena de frío mantenida'
        : 'Devuelta, sin la cadena de frío (descartada)';
    case 'TRANSFUNDIDO':
      return 'Transfundida';
    case 'DESCARTADO':
      return `Descartada en el destino: ${motivoEnPalabras(u.motivo)}`;
    case 'RECIBIDO':
      return 'Recibida por el servicio de la red';
    case 'EN_TRANSITO':
      return 'En tránsito al servicio de la red';
    case 'EN_DESTINO':
      return 'En el destino, sin novedad';
  }
}
