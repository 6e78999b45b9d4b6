/**
 * What the dispatch note (remito) prints: plain data, mapped from the GraphQL results in one place
 * (../remito-format.ts). The note never fetches anything.
 */
import type { TipoComponente } from '@domain/componentes';
import type { TipoDestino } from '@domain/despacho';

export type UnidadRemito = {
  /** The unit identifier as stored: no separators, the check character last. */
  codigo: string;
  tipo: TipoComponente;
  abo: string;
  rh: string;
  /** ml */
  volumen: number;
  /** ISO date-time */
  venceEn: string;
};

export type RemitoData = {
  /** The dispatch's id (its number on the note). */
  id: string;
  /** ISO date-time */
  despachadoEn: string;
  despachadoPor: string;
  destinoTipo: TipoDestino;
  destinoNombre: string;
  destinoReferencia: string | null;
  unidades: UnidadRemito[];
  servicio: { nombre: string; codigoInstalacion: string };
};
