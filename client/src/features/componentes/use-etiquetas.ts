import { useCallback, useEffect } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { MSG } from '@domain/messages';
import { ComponentesDeDonacionDocument, ServicioEtiquetaComponenteDocument } from '@/generated/graphql';
import type { ComponenteDatosFragment } from '@/generated/graphql';
import { usePrint } from '@/imprimibles/use-print';
import { toComponenteEtiqueta, toFormato, toServicioEtiqueta } from './from-graphql';
import { preloadEtiquetasComponentes, printEtiquetasComponentes } from './imprimir-etiquetas';

/**
 * Prints component labels: the servicio's name, facility code and label format are read with the
 * screen (and read again, fresh, when printing before they arrived). A discarded unit is never
 * printed from here: the screen offers no label for it, and a donation's labels leave it out.
 */
export function useEtiquetasComponentes() {
  const client = useApolloClient();
  const print = usePrint();
  useQuery(ServicioEtiquetaComponenteDocument, { fetchPolicy: 'cache-and-network' });
  useEffect(() => preloadEtiquetasComponentes(), []);

  const imprimirComponentes = useCallback(
    async (componentes: readonly ComponenteDatosFragment[]) => {
      const { data } = await client.query({
        query: ServicioEtiquetaComponenteDocument,
        fetchPolicy: 'cache-first',
      });
      if (!data) throw new Error(MSG.errorInesperado);
      await printEtiquetasComponentes({
        componentes: componentes.filter((c) => c.estado !== 'DESCARTADO').map(toComponenteEtiqueta),
        servicio: toServicioEtiqueta(data.servicio),
        formato: toFormato(data.servicio),
      });
    },
    [client],
  );

  const imprimirDonacion = useCallback(
    async (donacionId: string) => {
      const { data } = await client.query({
        query: ComponentesDeDonacionDocument,
        variables: { id: donacionId },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error(MSG.errorInesperado);
      await imprimirComponentes(data.donacion.componentes);
    },
    [client, imprimirComponentes],
  );

  return {
    busy: print.busy,
    error: print.error,
    /** The labels of these units (one, or a donation's). */
    imprimir: (componentes: readonly ComponenteDatosFragment[]) =>
      print.run(imprimirComponentes, componentes),
    /** The labels of a donation's units, read fresh. */
    imprimirDonacion: (donacionId: string) => print.run(imprimirDonacion, donacionId),
  };
}
