/**
 * The donations store of SPEC section 4, on the Apollo cache (no second store):
 * - the held list is the current search result (the `donaciones` query);
 * - get one reads the cache first (a donation of the held list or any loaded
 *   one) and calls the server only when it is not there;
 * - search replaces the held list; update replaces the donation in place
 *   (normalised by id); delete evicts it; clean empties the list.
 */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { ApolloCache, Reference } from '@apollo/client';
import { useApolloClient, useFragment, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { MSG } from '@domain/messages';
import type { FieldError } from '@domain/messages';
import {
  DeleteDonacionDocument,
  DonacionDatosFragmentDoc,
  DonacionDocument,
  DonacionesDocument,
  RegistrarRetipificacionDocument,
  UpdateResultadosDonacionDocument,
} from '@/generated/graphql';
import type {
  DonacionDatosFragment,
  DonacionesQuery,
  DonacionOrdenCampo,
  ResultadosDonacionInput,
} from '@/generated/graphql';
import type { Orden } from '@/components/tabla-tarjetas';
import { invalidarElegibilidad } from '@/lib/elegibilidad-cache';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

/** The server maximum, so that the held list (and the register book) holds a whole day. */
export const DONACIONES_PAGE_SIZE = 100;

export type DonacionConDonante = DonacionesQuery['donaciones']['items'][number];

/**
 * The search as the screen holds it (text fields); both empty = no filter. numero is the label
 * number as typed or scanned, or its code: the server reads it (codigo, @domain/etiquetas
 * numerosDeEtiqueta), refuses a wrong check character, and for digits that are also a shorter
 * number's code ('398' for 39) lists both donations, the number's first.
 */
export type DonacionesFiltro = { numero: string; fecha: string };

/** The columns the list can be ordered by (the server orders the whole list). */
export const DONACIONES_CAMPOS: readonly DonacionOrdenCampo[] = ['NUMERO', 'FECHA', 'APELLIDO', 'GRUPO'];

function filtroVariables(filtro: DonacionesFiltro, pagina: number, orden: Orden<DonacionOrdenCampo> | null) {
  return {
    filter: {
      codigo: filtro.numero.trim() || null,
      fecha: filtro.fecha.trim() || null,
    },
    page: { offset: (pagina - 1) * DONACIONES_PAGE_SIZE, limit: DONACIONES_PAGE_SIZE },
    ...(orden ? { orden } : {}),
  };
}

/**
 * Search: the held list is the result of `filtro` (null: nothing searched, empty list), in the
 * order `orden` (none: newest first).
 */
export function useBuscarDonaciones(
  filtro: DonacionesFiltro | null,
  pagina = 1,
  orden: Orden<DonacionOrdenCampo> | null = null,
) {
  const { data, loading, error } = useQuery(DonacionesDocument, {
    variables: filtroVariables(filtro ?? { numero: '', fecha: '' }, pagina, orden),
    skip: !filtro,
    fetchPolicy: 'cache-and-network',
  });
  const result = filtro ? data?.donaciones : undefined;
  const donaciones: DonacionConDonante[] = result?.items ?? [];
  let errorMessage: string[] | null = null;
  if (error) errorMessage = errorMessages(error);
  else if (result && result.total === 0) errorMessage = [MSG.sinDonaciones];
  return {
    donaciones,
    total: result?.total ?? 0,
    searched: result !== undefined,
    isSearching: Boolean(filtro) && loading,
    errorMessage,
  };
}

/** Clean: empties the held list (and every cached search). */
export function useLimpiarDonaciones() {
  const client = useApolloClient();
  return useCallback(() => {
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'donaciones' });
    client.cache.gc();
  }, [client]);
}

/**
 * Get one: from the cache when the donation is already there (the held list,
 * a donor's list, an earlier visit), otherwise from the server.
 */
export function useDonacion(id: string) {
  const cached = useFragment({
    fragment: DonacionDatosFragmentDoc,
    fragmentName: 'DonacionDatos',
    from: { __typename: 'Donacion', id },
  });
  const { data, loading, error } = useQuery(DonacionDocument, {
    variables: { id },
    skip: cached.complete,
  });
  const donacion: DonacionDatosFragment | undefined = cached.complete
    ? (cached.data as DonacionDatosFragment)
    : data?.donacion;
  return {
    donacion,
    isSearching: !cached.complete && loading,
    errorMessage: error && !donacion ? MSG.errorCargarDonacion : null,
  };
}

/** A failure: a heading (a catalogue text) and/or the server's messages, one per line. */
/** A refusal: its heading, the server's messages, and which field each names (when it does). */
export type StoreFailure = { ok: false; title?: string; errors: string[]; campos?: FieldError[] };
export type StoreResult = { ok: true; message: string } | StoreFailure;

/** The field errors of a GraphQL error (written once, in lib/graphql-errors). */
export { serverFieldErrors } from '@/lib/graphql-errors';

/** Update: the donation in the cache is replaced by the answer (same id); okMessage is the server's message. */
export function useActualizarResultados() {
  const [mutate, { loading }] = useMutation(UpdateResultadosDonacionDocument, {
    // A result may defer the donor (or no longer), or set a lift aside: every list that shows
    // the person's eligibility is read again; the donation's own deferral comes with the answer.
    update(cache, { data }) {
      const donanteId = data?.updateResultadosDonacion.donacion.donanteId;
      if (donanteId) invalidarDonante(cache, donanteId);
    },
  });
  const actualizar = useCallback(
    async (id: string, input: ResultadosDonacionInput): Promise<StoreResult> => {
      try {
        const { data } = await mutate({ variables: { id, input } });
        return { ok: true, message: data?.updateResultadosDonacion.message ?? MSG.donacionActualizada };
      } catch (e) {
        if (CombinedGraphQLErrors.is(e)) {
          const errors = errorMessages(e);
          return { ok: false, title: MSG.errorActualizarDonacion, errors, campos: serverFieldErrors(e) };
        }
        return { ok: false, title: MSG.errorInesperadoActualizarDonacion, errors: [] };
      }
    },
    [mutate],
  );
  return { actualizar, isSaving: loading };
}

/**
 * The repeat typing of a donation flagged 'Grupo discordante' (a doctor or a technician): the
 * answer replaces the donation in the cache, so every list that shows it loses the flag.
 */
export function useRegistrarRetipificacion() {
  const [mutate, { loading }] = useMutation(RegistrarRetipificacionDocument);
  const registrar = useCallback(
    async (donacionId: string, abo: string, rh: string): Promise<StoreResult> => {
      try {
        await mutate({ variables: { donacionId, abo, rh } });
        return { ok: true, message: MSG.retipificacionRegistrada };
      } catch (e) {
        return { ok: false, errors: errorMessages(e) };
      }
    },
    [mutate],
  );
  return { registrar, isSaving: loading };
}

/**
 * After a donor's donations or results change: their "last donation" and list are stale, and so is
 * whatever the donor-safety rules say of the person (lib/elegibilidad-cache), on every list.
 */
export function invalidarDonante(cache: ApolloCache, donanteId: string): void {
  const donante = cache.identify({ __typename: 'Donante', id: donanteId });
  if (donante) cache.evict({ id: donante, fieldName: 'ultimaDonacion' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'donacionesDeDonante', args: { donanteId } });
  invalidarElegibilidad(cache);
}

/** Delete: on success the donation leaves the cache, hence the held list and the donor's list. */
export function useEliminarDonacion() {
  const [mutate, { loading }] = useMutation(DeleteDonacionDocument, {
    update(cache, { data }) {
      const borrada = data?.deleteDonacion;
      if (!borrada) return;
      cache.modify({
        id: 'ROOT_QUERY',
        fields: {
          donaciones(value, { readField }) {
            const existing = value as { items?: Reference[]; total?: number } | undefined;
            if (!existing?.items) return value;
            const items = existing.items.filter((ref) => readField('id', ref) !== borrada.id);
            if (items.length === existing.items.length) return value;
            return { ...existing, items, total: Math.max(0, (existing.total ?? 1) - 1) } as typeof value;
          },
        },
      });
      cache.evict({ id: cache.identify({ __typename: 'Donacion', id: borrada.id }) });
      invalidarDonante(cache, borrada.donanteId);
      cache.gc();
    },
  });
  const eliminar = useCallback(
    async (id: string): Promise<StoreResult> => {
      try {
        await mutate({ variables: { id } });
        return { ok: true, message: MSG.donacionEliminada };
      } catch (e) {
        // The server's answer is shown as it comes (SPEC 4: "the error is the response msg").
        if (CombinedGraphQLErrors.is(e)) return { ok: false, errors: errorMessages(e) };
        return { ok: false, title: MSG.errorInesperadoEliminarDonacion, errors: [] };
      }
    },
    [mutate],
  );
  return { eliminar, isDeleting: loading };
}

/** Serology as received (written once, in lib/serologia). */
export { leerSerologia } from '@/lib/serologia';
