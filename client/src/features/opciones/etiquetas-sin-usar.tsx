import { Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { codigoEtiquetaImpreso } from '@domain/etiquetas';
import { AppAlert } from '@/components/app-alert';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { Pager } from '@/components/pager';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { EtiquetasSinUsarDocument } from '@/generated/graphql';
import type { EtiquetaSinUsarOrdenCampo } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { ordenDeParams, paramsDeOrden, siguienteOrden } from '@/components/tabla-tarjetas';

export const SIN_USAR_PAGE_SIZE = 20;

const COLUMNAS = ['Número', 'Código', 'Emitido', 'Emitido por', 'Donante'] as const;

/** The columns the list can be ordered by (the code follows the number). */
const CAMPOS: readonly EtiquetaSinUsarOrdenCampo[] = ['NUMERO', 'EMITIDA', 'EMITIDA_POR', 'DONANTE'];

/**
 * The label numbers the servicio issued that no donation carries, highest first: labels printed
 * and never used, or lost, with who issued each, when and for which donor. Read afresh each time
 * the screen opens (another member may have issued or used one meanwhile).
 */
export function EtiquetasSinUsar() {
  // The order and the page in the URL, as every list's.
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const orden = ordenDeParams(params, CAMPOS);
  const setPagina = (n: number) => setParams({ ...paramsDeOrden(orden), pagina: String(n) });
  const ordenar = (campo: string) => {
    const c = CAMPOS.find((x) => x === campo);
    if (c) setParams(paramsDeOrden(siguienteOrden(orden, c)));
  };
  const { data, loading, error } = useQuery(EtiquetasSinUsarDocument, {
    variables: {
      page: { offset: (pagina - 1) * SIN_USAR_PAGE_SIZE, limit: SIN_USAR_PAGE_SIZE },
      ...(orden ? { orden } : {}),
    },
    fetchPolicy: 'network-only',
  });
  const page = data?.etiquetasSinUsar;
  return (
    <PageCard
      title="Números emitidos sin usar"
      as="h2"
      description="Números de etiqueta que el servicio emitió y que ninguna donación lleva (tampoco una eliminada): etiquetas impresas que no se usaron o se perdieron."
    >
      <LoadingOverlay open={loading && !data} />
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {page && page.total === 0 && (
        <Text color="gray.600">Todos los números emitidos están en una donación.</Text>
      )}
      {page && page.items.length > 0 && (
        <Stack gap="3">
          <TablaTarjetas
            label="Números emitidos sin usar"
            columnas={[
              { titulo: COLUMNAS[0], campo: 'NUMERO' },
              COLUMNAS[1],
              { titulo: COLUMNAS[2], campo: 'EMITIDA' },
              { titulo: COLUMNAS[3], campo: 'EMITIDA_POR' },
              { titulo: COLUMNAS[4], campo: 'DONANTE' },
            ]}
            orden={orden}
            onOrdenar={ordenar}
          >
            {page.items.map((e) => (
              <Table.Row key={e.numero}>
                <Table.Cell data-label={COLUMNAS[0]} fontWeight="semibold">
                  {e.numero}
                </Table.Cell>
                <Table.Cell data-label={COLUMNAS[1]}>{codigoEtiquetaImpreso(e.codigo)}</Table.Cell>
                <Table.Cell data-label={COLUMNAS[2]} whiteSpace="nowrap">
                  {formatDateTime(String(e.emitidaEn))}
                </Table.Cell>
                <Table.Cell data-label={COLUMNAS[3]}>{e.emitidaPor ?? 'Sin registro'}</Table.Cell>
                <Table.Cell data-label={COLUMNAS[4]} whiteSpace="normal">
                  {e.donante ? `${nombreCompleto(e.donante)} (DNI ${e.donante.dni})` : 'Ninguno'}
                </Table.Cell>
              </Table.Row>
            ))}
          </TablaTarjetas>
          <Pager
            pagina={pagina}
            pageSize={SIN_USAR_PAGE_SIZE}
            shown={page.items.length}
            total={page.total}
            onPage={setPagina}
          />
        </Stack>
      )}
    </PageCard>
  );
}
