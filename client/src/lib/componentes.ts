/**
 * Names of the blood components as the screens and labels print them, shared by the components'
 * screen and the options: the domain's, one home.
 */
import type { TipoComponente } from '@domain/componentes';

export type TipoComponenteNombre = TipoComponente;

export { identificadorLegible, NOMBRE_PRODUCTO } from '@domain/componentes';

/** 'A Positivo', 'O Negativo'; 'Sin tipificar' while the group is not typed. */
export function grupoTexto(abo: string, rh: string): string {
  const factor = rh.toUpperCase().startsWith('POS')
    ? 'Positivo'
    : rh.toUpperCase().startsWith('NEG')
      ? 'Negativo'
      : '';
  return [abo, factor].filter(Boolean).join(' ') || 'Sin tipificar';
}
