/**
 * Names of the blood components as the screens and labels print them, shared by the components'
 * screen and the options (the server's enum TipoComponente).
 */
export type TipoComponenteNombre =
  'GLOBULOS_ROJOS' | 'PLASMA_FRESCO_CONGELADO' | 'PLAQUETAS' | 'CRIOPRECIPITADO';

export const NOMBRE_PRODUCTO: Record<TipoComponenteNombre, string> = {
  GLOBULOS_ROJOS: 'Concentrado de glóbulos rojos',
  PLASMA_FRESCO_CONGELADO: 'Plasma fresco congelado',
  PLAQUETAS: 'Concentrado de plaquetas',
  CRIOPRECIPITADO: 'Crioprecipitado',
};

/** A unit identifier grouped for reading: '90001 26 000004 GR1 K' (the domain's, one home). */
export { identificadorLegible } from '@domain/componentes';
