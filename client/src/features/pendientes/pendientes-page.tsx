import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { daysBetween, formatDate, todayIso } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { MSG } from '@domain/messages';
import { decideMedicamente } from '@domain/roles';
import { AppAlert } from '@/components/app-alert';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { Pager } from '@/components/pager';
import { ResultadoMarcas } from '@/components/resultado-marcas';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { PendientesDecisionDocument } from '@/generated/graphql';
import type { PendienteOrdenCampo } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';
import { ordenDeParams, paramsDeOrden, siguienteOrden } from '@/components/tabla-tarjetas';

/** The columns the queue can be ordered by (the server orders the whole queue). */
const CAMPOS: readonly PendienteOrdenCampo[] = ['DONANTE', 'NUMERO', 'ESPERA'];

export const PENDIENTES_PAGE_SIZE = 20;

/** How long a result has waited, in words: 'hoy', '1 día', '12 días'. */
export function espera(fecha: string, hoy = todayIso()): string {
  const dias = Math.max(0, daysBetween(fecha, hoy));
  if (dias === 0) return 'Desde hoy';
  return dias === 1 ? '1 día' : `${dias} días`;
}

/**
 * /pendientes: the doctor's queue. Everything awaiting a medical decision at the servicio (a
 * reactive serology marker nobody decided on), oldest first, each with a link to act on it: the
 * donor's page, where the deferral is lifted, and the donation's results, where a decision
 * (an exclusion) is recorded. For ROL_MEDICO and ROL_SERVICIO; the server refuses anyone else.
 */
export function PendientesPage() {
  const { usuario } = useAuth();
  if (!decideMedicamente(usuario?.rol)) return <AppAlert message={MSG.sinPermiso} />;
  return <PendientesLista />;
}

function PendientesLista() {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const orden = ordenDeParams(params, CAMPOS);
  // Another user's decision takes a result off the queue: it is read from the server on every visit.
  const { data, loading, error } = useQuery(PendientesDecisionDocument, {
    variables: {
      page: { offset: (pagina - 1) * PENDIENTES_PAGE_SIZE, limit: PENDIENTES_PAGE_SIZE },
      ...(orden ? { orden } : {}),
    },
    fetchPolicy: 'cache-and-network',
  });
  // A new order starts at the first page.
  const ordenar = (campo: string) => {
    const c = CAMPOS.find((x) => x === campo);
    if (c) setParams(paramsDeOrden(siguienteOrden(orden, c)));
  };
  const page = data?.pendientesDecision;
  const items = page?.items ?? [];

  return (
    <Stack gap="5" maxW="6xl">
      <PageCard
        title="Decisiones pendientes"
        description="Donaciones con serología reactiva que esperan la decisión de un médico, las más antiguas primero (o en el orden de la columna elegida). El donante no puede donar hasta que se decida."
      >
        <LoadingOverlay open={loading && !data} />
        {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {page && page.total === 0 && (
          <AppAlert severity="info" message="No hay resultados que esperen una decisión médica." />
        )}
        {items.length > 0 && (
          <TablaTarjetas
            label="Decisiones pendientes"
            columnas={[
              { titulo: 'Donante', campo: 'DONANTE' },
              { titulo: 'Donación', campo: 'NUMERO' },
              { titulo: 'Espera', campo: 'ESPERA' },
              'Serología',
            ]}
            orden={orden}
            onOrdenar={ordenar}
            acciones="Acciones"
            scrollArea={{ bg: 'white' }}
          >
            {items.map((p) => (
              <Table.Row key={p.donacionId}>
                <Table.Cell data-label="Donante">
                  {nombreCompleto(p)}
                  <Text as="span" display="block" fontSize="xs" color="gray.600">
                    {`DNI ${p.dni}`}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" data-label="Donación">
                  {`N° ${p.numero} · ${formatDate(p.fecha)}`}
                  {p.eliminada && (
                    <Text as="span" display="block" fontSize="xs" color="gray.600">
                      Donación eliminada
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" data-label="Espera">
                  {espera(p.fecha)}
                </Table.Cell>
                <Table.Cell data-label="Serología">
                  <ResultadoMarcas serologia={p.serologia} />
                </Table.Cell>
                <AccionesCell>
                  <Button asChild size="xs" colorPalette="brand">
                    <RouterLink
                      to={`/donaciones/donante/${p.donanteId}`}
                      aria-label={`Decidir sobre ${nombreCompleto(p)}: donación ${p.numero}`}
                    >
                      Decidir
                    </RouterLink>
                  </Button>
                  {!p.eliminada && (
                    <Button asChild size="xs" variant="outline">
                      <RouterLink
                        to={`/donacion/${p.donacionId}/donante/${p.donanteId}`}
                        aria-label={`Resultados de la donación ${p.numero}`}
                      >
                        Resultados
                      </RouterLink>
                    </Button>
                  )}
                </AccionesCell>
              </Table.Row>
            ))}
          </TablaTarjetas>
        )}
        {page && (items.length > 0 || pagina > 1) && (
          <Pager
            pagina={pagina}
            pageSize={PENDIENTES_PAGE_SIZE}
            shown={items.length}
            total={page.total}
            onPage={(n) => setParams({ ...paramsDeOrden(orden), pagina: String(n) })}
          />
        )}
      </PageCard>
    </Stack>
  );
}
