/**
 * Regional networks: what members read of each other, and what the network's account is shown of
 * its members' lookups.
 */
import { CONSULTAS_RED_POR_MINUTO } from './limites';
import { MSG } from './messages';

/** The longest name a network gives a member. */
export const NOMBRE_EN_RED_MAX = 200;

/** A member's name as the network sets it: required, at most NOMBRE_EN_RED_MAX characters. */
export function validateNombreEnRed(nombre: string): string | undefined {
  if (nombre.trim() === '') return MSG.requerido;
  return nombre.length > NOMBRE_EN_RED_MAX ? MSG.textoDemasiadoLargo(NOMBRE_EN_RED_MAX) : undefined;
}

/** A member's lookups of other members' records over the last 7 days, and its own donations. */
export type CifrasConsultasRed = {
  /** Distinct records of other members read. */
  consultas: number;
  /** The most distinct records read in one minute. */
  maximoPorMinuto: number;
  /** Reads refused for the budget. */
  rechazadas: number;
  /** The member's own donations. */
  donaciones: number;
};

/**
 * What a busy reception desk does not do: any read refused for the budget, more than half the
 * per-minute budget in one minute, or far more records of other members read than donors bled
 * (each donation reads its donor's records once, a list a few more).
 */
export function consultasInusuales(c: CifrasConsultasRed): boolean {
  return (
    c.rechazadas > 0 ||
    c.maximoPorMinuto > CONSULTAS_RED_POR_MINUTO / 2 ||
    c.consultas > 10 * c.donaciones + 100
  );
}
