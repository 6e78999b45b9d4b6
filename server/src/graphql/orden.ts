import { registerEnumType } from 'type-graphql';

/** The direction of a list's order. */
export enum OrdenDireccion {
  ASC = 'ASC',
  DESC = 'DESC',
}

registerEnumType(OrdenDireccion, {
  name: 'OrdenDireccion',
  description: 'ASC: de menor a mayor (A a Z, más antiguas primero); DESC: al revés',
});

/**
 * A list's order as a service receives it: one of the list's own columns (an enum: a name, never
 * SQL) and the direction. Each list maps its columns to a fixed ORDER BY with the id last, so
 * that equal values keep one order from page to page.
 */
export type Orden<Campo extends string> = { campo: Campo; direccion?: OrdenDireccion | null };

/** 'ASC' or 'DESC' for SQL: only these two words, whatever the caller sent. */
export function direccionSql(orden: { direccion?: OrdenDireccion | null }): 'ASC' | 'DESC' {
  return orden.direccion === OrdenDireccion.DESC ? 'DESC' : 'ASC';
}
