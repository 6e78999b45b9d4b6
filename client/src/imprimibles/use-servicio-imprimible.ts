import { useCallback } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useAuth } from '@/lib/auth-context';
import { FormatoEtiquetasDocument, ServicioDocument } from '@/generated/graphql';
import type { FormatoEtiquetas, ServicioImprimible } from '@/imprimibles/types';
import { toFormatoEtiquetas, toServicioImprimible } from './from-graphql';

/**
 * The service's name, address and phone for printed headers, loaded with the
 * screen (so that printing itself needs no call); the session's name until then.
 */
export function useServicioImprimible(): ServicioImprimible {
  const { usuario } = useAuth();
  const { data } = useQuery(ServicioDocument, { fetchPolicy: 'cache-first' });
  return toServicioImprimible(data?.servicio, usuario?.servicio?.nombre ?? usuario?.nombre);
}

/**
 * The servicio's label format for 'Generar Etiquetas' (Opciones > Numeración): read as the screen
 * opens, fresh (the administrator may have changed it since), and waited for when a label is
 * printed before it arrived. Undefined, the A4 sheet, when it cannot be read.
 */
export function useFormatoEtiquetas(): () => Promise<FormatoEtiquetas | undefined> {
  const client = useApolloClient();
  useQuery(FormatoEtiquetasDocument, { fetchPolicy: 'cache-and-network' });
  return useCallback(async () => {
    try {
      const { data } = await client.query({ query: FormatoEtiquetasDocument, fetchPolicy: 'cache-first' });
      return data ? toFormatoEtiquetas(data.servicio) : undefined;
    } catch {
      return undefined;
    }
  }, [client]);
}
