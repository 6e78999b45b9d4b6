import { useQuery } from '@apollo/client/react';
import { useAuth } from '@/lib/auth-context';
import { ServicioDocument } from '@/generated/graphql';
import type { ServicioImprimible } from '@/imprimibles/types';
import { toServicioImprimible } from './from-graphql';

/**
 * The service's name, address and phone for printed headers, loaded with the
 * screen (so that printing itself needs no call); the session's name until then.
 */
export function useServicioImprimible(): ServicioImprimible {
  const { usuario } = useAuth();
  const { data } = useQuery(ServicioDocument, { fetchPolicy: 'cache-first' });
  return toServicioImprimible(data?.servicio, usuario?.servicio?.nombre ?? usuario?.nombre);
}
