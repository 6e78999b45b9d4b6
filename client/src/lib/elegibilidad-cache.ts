import type { ApolloCache } from '@apollo/client';

/** The fields of a donor that the server's rules compute from the person's whole history. */
const CAMPOS_DONANTE = ['puedeDonar', 'proximaDonacion', 'elegibilidad'] as const;

/** What a change touched beyond the person's eligibility. */
export type Cambio = {
  /** The donor whose eligibility the mutation's answer carries, fresh (a lift answers with it). */
  donante?: string;
  /**
   * The donations whose own deferral changed without the answer carrying it (a lift's origin). A
   * donation's deferral rests on its result and its lifts alone: no other donation's changes.
   */
  donaciones?: readonly string[];
};

/**
 * After any change that may alter what the donor-safety rules say (a result, a lift, a 'No apto'
 * visit, a donation created, deleted or restored, a merge, a donor's DNI or sex): every cached
 * donor's eligibility and lifts, the deferral of the donations named, and the doctor's queue are
 * dropped. A list on screen that shows them reads them again at once, and a list opened later
 * asks the server. A person's history spans several records (merged, the same digits of a DNI, a
 * record deleted and created again), so no other cached donor is assumed untouched.
 */
export function invalidarElegibilidad(cache: ApolloCache, cambio: Cambio = {}): void {
  const fresco = cambio.donante ? cache.identify({ __typename: 'Donante', id: cambio.donante }) : undefined;
  for (const id of Object.keys(cache.extract() as Record<string, unknown>)) {
    if (!id.startsWith('Donante:')) continue;
    if (id !== fresco) for (const fieldName of CAMPOS_DONANTE) cache.evict({ id, fieldName });
    cache.evict({ id, fieldName: 'levantamientos' });
  }
  for (const donacion of cambio.donaciones ?? []) {
    cache.evict({ id: cache.identify({ __typename: 'Donacion', id: donacion }), fieldName: 'diferimiento' });
  }
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'pendientesDecision' });
  cache.gc();
}

/**
 * After a change of which records there are or whose they are (a merge, a restore): the lists of
 * donors and donations are read again, and so is everything invalidarElegibilidad drops.
 */
export function invalidarRegistros(cache: ApolloCache): void {
  for (const fieldName of ['donantes', 'donaciones', 'donacionesDeDonante']) {
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  }
  invalidarElegibilidad(cache);
}
