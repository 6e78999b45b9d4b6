/**
 * What the component unit label prints: plain data, mapped from the GraphQL results in one place
 * (../from-graphql.ts). The label never fetches anything.
 */
import type { FormatoEtiquetas } from '@domain/etiquetas';

export const TIPOS_COMPONENTE = [
  'GLOBULOS_ROJOS',
  'PLASMA_FRESCO_CONGELADO',
  'PLAQUETAS',
  'CRIOPRECIPITADO',
] as const;
export type TipoComponenteEtiqueta = (typeof TIPOS_COMPONENTE)[number];

export const ESTADOS_COMPONENTE = ['CUARENTENA', 'LIBERADO', 'DESPACHADO', 'DESCARTADO'] as const;
export type EstadoComponenteEtiqueta = (typeof ESTADOS_COMPONENTE)[number];

export type ComponenteEtiqueta = {
  /** The unit identifier as stored: no separators, the check character last. */
  codigo: string;
  tipo: TipoComponenteEtiqueta;
  estado: EstadoComponenteEtiqueta;
  /** ml */
  volumen: number;
  /** ISO date-times */
  producidoEn: string;
  venceEn: string;
  vencido: boolean;
  /** The donation's group: '', 'A', 'B', 'AB', 'O' or null while not typed. */
  abo: string | null;
  /** 'positivo' / 'negativo' (also '+', '-'); null while not typed. */
  rh: string | null;
};

export type ServicioEtiquetaComponente = {
  nombre: string;
  /** The facility code (ICCBBA FIN or the one the installation assigned), 5 characters. */
  codigoInstalacion: string;
};

export type EtiquetasComponentesData = {
  componentes: ComponenteEtiqueta[];
  servicio: ServicioEtiquetaComponente;
  /** The servicio's label format (Opciones > Numeración); the A4 sheet when absent. */
  formato?: FormatoEtiquetas;
};
