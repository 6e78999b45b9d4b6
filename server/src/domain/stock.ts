/**
 * The stock of released units: how many days before its expiry a unit is shown as expiring soon,
 * per type (the servicio sets it), and whether a unit counts as stock at an instant. A unit past
 * its expiry is never stock: the read paths leave it out and the sweep discards it as
 * 'Vencimiento' (siguienteEstado 'vencer'). Shared by the server and the client.
 */
import { estaVencido, isTipoComponente, TIPOS_COMPONENTE, type TipoComponente } from './componentes';
import { type FieldError, MSG } from './messages';

/** Days before the expiry a unit of each type is shown as expiring soon, unless the servicio sets others. */
export const AVISO_VENCIMIENTO: Record<TipoComponente, number> = {
  GLOBULOS_ROJOS: 7,
  PLASMA_FRESCO_CONGELADO: 30,
  PLAQUETAS: 2,
  CRIOPRECIPITADO: 30,
};
export const DIAS_AVISO_MIN = 0;
export const DIAS_AVISO_MAX = 365;

/** A servicio's warning days of a type: a whole number within the bounds. */
export function validateDiasAviso(tipo: unknown, dias: unknown): FieldError[] {
  if (!isTipoComponente(tipo)) return [{ field: 'tipo', msg: MSG.valorNoPermitido }];
  if (typeof dias !== 'number' || !Number.isInteger(dias) || dias < DIAS_AVISO_MIN || dias > DIAS_AVISO_MAX)
    return [{ field: 'dias', msg: MSG.diasAvisoFueraDeRango(DIAS_AVISO_MIN, DIAS_AVISO_MAX) }];
  return [];
}

/** Every type's warning days: the servicio's where set (and valid), else the default. */
export function diasDeAviso(delServicio: Partial<Record<string, number>>): Record<TipoComponente, number> {
  return Object.fromEntries(
    TIPOS_COMPONENTE.map((t) => {
      const propio = delServicio[t];
      const valido = typeof propio === 'number' && validateDiasAviso(t, propio).length === 0;
      return [t, valido ? propio : AVISO_VENCIMIENTO[t]];
    }),
  ) as Record<TipoComponente, number>;
}

/** A released unit is stock while not expired. */
export const enStock = (c: { estado: string; venceEn: Date }, ahora: Date): boolean =>
  c.estado === 'LIBERADO' && !estaVencido(c.venceEn, ahora);

/** Expiring soon: not expired, and its expiry within `dias` days of now. */
export const porVencer = (venceEn: Date, ahora: Date, dias: number): boolean =>
  !estaVencido(venceEn, ahora) && venceEn.getTime() - ahora.getTime() <= dias * 86_400_000;
