import { Box, Heading, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { DEFAULT_FOLDER, planillasByCategory } from '@domain/planillas';
import { AppAlert } from '@/components/app-alert';
import { DocumentLink } from '@/components/document-link';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TABLA_TARJETAS } from '@/components/tabla-tarjetas';
import { PlanillasDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { RegistrosPanel } from './registros-panel';

/**
 * /planillas: the catalogue of printable forms, grouped by category, to view or download; then the
 * period's registers the product writes from its records (RegistrosPanel).
 */
export function PlanillasPage() {
  const { data, loading, error } = useQuery(PlanillasDocument);
  const groups = planillasByCategory(data?.planillas ?? []);

  return (
    <Stack gap="6" maxW="5xl">
      <Box bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="lg">
              Planillas
            </Heading>
            <Text fontSize="sm" color="gray.600">
              Formularios en PDF (A4) para imprimir y completar a mano. Cada uno tiene lugar para el nombre y
              el logo del servicio.
            </Text>
          </Stack>
          <LoadingOverlay open={loading && !data} />
          {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
          {groups.length > 0 && (
            <Table.ScrollArea borderWidth="1px" borderRadius="md" position="relative">
              <Table.Root size="sm" aria-label="Planillas descargables" css={TABLA_TARJETAS}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Planilla</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                {groups.map((group) => (
                  <Table.Body key={group.category} data-category={group.category}>
                    <Table.Row bg="gray.100">
                      <Table.Cell colSpan={2} fontWeight="semibold" fontSize="sm" color="gray.700">
                        {group.label}
                      </Table.Cell>
                    </Table.Row>
                    {group.items.map((p) => (
                      <Table.Row key={p.fileName} data-testid="planilla-row">
                        <Table.Cell>
                          <Text fontWeight="medium">{p.displayName}</Text>
                          <Text fontSize="xs" color="gray.600" whiteSpace="normal">
                            {p.description}
                          </Text>
                        </Table.Cell>
                        <AccionesCell gap="3" whiteSpace="nowrap">
                          <DocumentLink fileName={p.fileName} folder={DEFAULT_FOLDER} size="sm">
                            Ver
                            <VisuallyHidden> {p.displayName}</VisuallyHidden>
                          </DocumentLink>
                          <DocumentLink
                            fileName={p.fileName}
                            folder={DEFAULT_FOLDER}
                            variant="button"
                            size="sm"
                            download
                          >
                            Descargar
                            <VisuallyHidden> {p.displayName}</VisuallyHidden>
                          </DocumentLink>
                        </AccionesCell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                ))}
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Stack>
      </Box>
      <RegistrosPanel />
    </Stack>
  );
}
