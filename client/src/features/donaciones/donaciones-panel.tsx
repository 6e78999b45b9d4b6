import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { AppAlert } from '@/components/app-alert';
import { GrupoCell } from '@/components/grupo-discordante';
import { CabezaAuditoriaDocument } from '@/generated/graphql';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { printLibro } from '@/imprimibles/print';
import { usePrint } from '@/imprimibles/use-print';
import type { DonacionConDonante } from './donaciones-store';
import { SerologiaCell } from '@/components/resultado-marcas';
import { toDonacionImprimible } from '@/imprimibles/from-graphql';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';

export type DonacionesPanelProps = {
  /** The held list (the current search results). */
  donaciones: readonly DonacionConDonante[];
};

/**
 * SPEC 2: titled 'Donaciones', shown only when the held list is not empty;
 * 'Imprimir Libro' makes the register book from the held list, with the servicio's audit chain
 * head read at that moment (one small call), which each page prints.
 */
export function DonacionesPanel({ donaciones }: DonacionesPanelProps) {
  const servicio = useServicioImprimible();
  const client = useApolloClient();
  const { busy, error, run } = usePrint();
  if (donaciones.length === 0) return null;

  const imprimirLibro = () =>
    void run(async () => {
      const { data } = await client.query({ query: CabezaAuditoriaDocument, fetchPolicy: 'network-only' });
      if (!data) throw new Error('no se pudo leer la cadena de auditoría');
      const { entrada, hash } = data.cabezaAuditoria;
      await printLibro(
        donaciones.map((d) => toDonacionImprimible(d, d.donante)),
        { ...servicio, cadenaAuditoria: { entrada: entrada ?? null, hash: hash ?? null } },
      );
    });

  return (
    <Stack
      as="section"
      aria-labelledby="donaciones-panel-titulo"
      gap="3"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="md" id="donaciones-panel-titulo">
          Donaciones
        </Heading>
        <Button colorPalette="green" onClick={imprimirLibro} loading={busy} loadingText="Generando...">
          Imprimir Libro
        </Button>
      </HStack>
      {error && <AppAlert message={`No se pudo generar el libro: ${error.message}`} />}
      <TablaTarjetas
        label="Donaciones del libro"
        columnas={['#', 'Fecha', 'Donante', 'Grupo y factor', 'Serologia']}
        acciones="Acciones"
        accionesOcultas
      >
        {donaciones.map((d) => (
          <Table.Row key={d.id}>
            <Table.Cell fontWeight="medium" data-label="#">
              {d.numero}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" data-label="Fecha">
              {`${formatDate(d.fecha)} ${d.hora}`}
            </Table.Cell>
            <Table.Cell data-label="Donante">
              {nombreCompleto(d)}
              <Text as="span" display="block" fontSize="xs" color="gray.600">
                {`DNI ${d.donante.dni}`}
              </Text>
            </Table.Cell>
            <GrupoCell donacion={d} />
            <SerologiaCell donacion={d} />
            <Table.Cell textAlign="end">
              <Button asChild size="xs" variant="outline">
                <RouterLink
                  to={`/donaciones/hemodos/${d.donanteId}/${d.id}`}
                  aria-label={`Planilla de la donación ${d.numero}`}
                >
                  Planilla
                </RouterLink>
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </TablaTarjetas>
    </Stack>
  );
}
