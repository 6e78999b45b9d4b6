import { Button, Heading, Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { ESTADO_VISITA_LABELS } from '@domain/visita';
import { AppAlert } from '@/components/app-alert';
import { Pager } from '@/components/pager';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { VisitasDeDonanteDocument } from '@/generated/graphql';
import type { VisitasDeDonanteQuery } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';

/** How many of the donor's visits a page shows. */
export const VISITAS_DONANTE_PAGE_SIZE = 10;

/** The page of this list in the address, beside whatever else the donor's page keeps there. */
const PARAM_PAGINA = 'paginaVisitas';

const COLUMNAS = ['Fecha', 'Hora', 'Estado', 'Recibió', 'Final'] as const;

type VisitaDeDonante = VisitasDeDonanteQuery['visitas']['items'][number];

/** How a visit ended, as its page says it: the donation's number, the 'No apto' reason or that the donor left. */
export function finalDeVisita(
  v: Pick<VisitaDeDonante, 'estado' | 'donacionNumero' | 'motivoNoApto'>,
): string {
  switch (v.estado) {
    case 'DONACION':
      return v.donacionNumero === null || v.donacionNumero === undefined
        ? 'Donación'
        : `Donación N° ${v.donacionNumero}`;
    case 'NO_APTO':
      return v.motivoNoApto ?? 'No apto';
    case 'ABANDONADA':
      return 'Se fue sin donar';
    case 'EN_CURSO':
      return '—';
  }
}

/**
 * 'Visitas': every attendance of the donor, newest first and paginated, with its state, who
 * received the donor and how it ended (a donation, a 'No apto' and its reason, or the donor left),
 * each with a link to its page. No interview answer is asked for here.
 */
export function VisitasDonante({ donanteId }: { donanteId: string }) {
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get(PARAM_PAGINA)) || 1);
  const setPagina = (n: number) =>
    setParams((p) => {
      const nuevos = new URLSearchParams(p);
      nuevos.set(PARAM_PAGINA, String(n));
      return nuevos;
    });
  const { data, error } = useQuery(VisitasDeDonanteDocument, {
    variables: {
      donanteId,
      page: { offset: (pagina - 1) * VISITAS_DONANTE_PAGE_SIZE, limit: VISITAS_DONANTE_PAGE_SIZE },
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.visitas;
  const visitas = page?.items ?? [];
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Visitas
      </Heading>
      {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {page && page.total === 0 && (
        <AppAlert severity="info" message="El donante no tiene visitas registradas." />
      )}
      {page && (visitas.length > 0 || pagina > 1) && (
        <Stack gap="3">
          {visitas.length > 0 && (
            <TablaTarjetas
              label="Visitas del donante"
              columnas={[...COLUMNAS]}
              acciones="Acciones"
              scrollArea={{ bg: 'white' }}
            >
              {visitas.map((v) => (
                <Table.Row key={v.id}>
                  <Table.Cell whiteSpace="nowrap" data-label={COLUMNAS[0]}>
                    {formatDate(v.fecha)}
                  </Table.Cell>
                  <Table.Cell data-label={COLUMNAS[1]}>{v.hora}</Table.Cell>
                  <Table.Cell data-label={COLUMNAS[2]}>{ESTADO_VISITA_LABELS[v.estado]}</Table.Cell>
                  <Table.Cell data-label={COLUMNAS[3]}>{v.recibidoPor ?? '—'}</Table.Cell>
                  <Table.Cell data-label={COLUMNAS[4]} whiteSpace="normal">
                    {finalDeVisita(v)}
                  </Table.Cell>
                  <AccionesCell>
                    <Button asChild size="xs" variant="outline">
                      <RouterLink
                        to={`/visitas/${v.id}`}
                        aria-label={`Abrir la visita del ${formatDate(v.fecha)} ${v.hora}`}
                      >
                        Abrir
                      </RouterLink>
                    </Button>
                  </AccionesCell>
                </Table.Row>
              ))}
            </TablaTarjetas>
          )}
          <Pager
            pagina={pagina}
            pageSize={VISITAS_DONANTE_PAGE_SIZE}
            shown={visitas.length}
            total={page.total}
            onPage={setPagina}
          />
        </Stack>
      )}
    </Stack>
  );
}
