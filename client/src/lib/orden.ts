/**
 * A list's order in the URL, as its search and its page are: `?orden=DNI&direccion=DESC`. The
 * server orders the whole list (a page is never sorted in the browser); without `orden` the list
 * keeps its own order.
 */
export type Direccion = 'ASC' | 'DESC';
export type Orden<C extends string = string> = { campo: C; direccion: Direccion };

/** The order the URL asks for, when it names one of `campos`; otherwise none. */
export function ordenDeParams<C extends string>(
  params: URLSearchParams,
  campos: readonly C[],
): Orden<C> | null {
  const campo = campos.find((c) => c === params.get('orden'));
  if (!campo) return null;
  return { campo, direccion: params.get('direccion') === 'DESC' ? 'DESC' : 'ASC' };
}

/** The URL's parameters for an order (none: the list's own). */
export function paramsDeOrden(orden: Orden | null): Record<string, string> {
  return orden ? { orden: orden.campo, direccion: orden.direccion } : {};
}

/** A click on a column's header: ascending first, then the other way. */
export function siguienteOrden<C extends string>(actual: Orden<C> | null, campo: C): Orden<C> {
  return { campo, direccion: actual?.campo === campo && actual.direccion === 'ASC' ? 'DESC' : 'ASC' };
}
