/**
 * Names of the blood components as the screens and labels print them, shared by the components'
 * screen and the options: the domain's, one home.
 */
import type { TipoComponente } from '@domain/componentes';

export type TipoComponenteNombre = TipoComponente;

export { identificadorLegible, NOMBRE_PRODUCTO } from '@domain/componentes';
