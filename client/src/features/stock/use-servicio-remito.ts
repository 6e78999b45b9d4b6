import { useQuery } from '@apollo/client/react';
import { ServicioRemitoDocument } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import type { RemitoData } from './pdf/types';

/** The servicio's name and facility code for the dispatch note, loaded with the screen. */
export function useServicioRemito(): RemitoData['servicio'] {
  const { usuario } = useAuth();
  const { data } = useQuery(ServicioRemitoDocument, { fetchPolicy: 'cache-first' });
  return {
    nombre: data?.servicio.nombre ?? usuario?.servicio?.nombre ?? usuario?.nombre ?? '',
    codigoInstalacion: data?.servicio.codigoInstalacion ?? '',
  };
}
