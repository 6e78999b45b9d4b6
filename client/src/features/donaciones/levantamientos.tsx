import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { formatDateTime } from '@domain/dates';
import { AppAlert } from '@/components/app-alert';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { LevantamientosDonanteDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';

export type LevantamientosDonanteProps = { donanteId: string };

/**
 * The donor's lifted deferrals, newest first: when, which deferral (its words when it was lifted),
 * who lifted it and why. A lift that a later result set aside says so. Nothing when there is none.
 */
export function LevantamientosDonante({ donanteId }: LevantamientosDonanteProps) {
  const { data, error } = useQuery(LevantamientosDonanteDocument, {
    variables: { id: donanteId },
    fetchPolicy: 'cache-and-network',
  });
  const levantamientos = data?.donante.levantamientos ?? [];
  if (error && !data) return <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />;
  if (levantamientos.length === 0) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="levantamientos-titulo">
      <Heading as="h2" size="md" id="levantamientos-titulo">
        Diferimientos levantados
      </Heading>
      <TablaTarjetas
        label="Diferimientos levantados"
        columnas={['Fecha y hora', 'Diferimiento', 'Levantado por', 'Motivo']}
        scrollArea={{ bg: 'white' }}
      >
        {levantamientos.map((l) => (
          <Table.Row key={l.id}>
            <Table.Cell whiteSpace="nowrap" data-label="Fecha y hora">
              {formatDateTime(l.at)}
            </Table.Cell>
            <Table.Cell data-label="Diferimiento" whiteSpace="normal">
              {l.diferimiento}
              {l.anulado && (
                <Text as="span" display="block" fontSize="xs" color="gray.600">
                  Sin efecto: el resultado se volvió a registrar y el diferimiento rige de nuevo.
                </Text>
              )}
            </Table.Cell>
            <Table.Cell data-label="Levantado por">{l.autor ?? '—'}</Table.Cell>
            <Table.Cell data-label="Motivo" whiteSpace="normal">
              {l.motivo}
            </Table.Cell>
          </Table.Row>
        ))}
      </TablaTarjetas>
    </Stack>
  );
}
