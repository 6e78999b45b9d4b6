import { Box, Button, Grid, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { grupoYFactor, tipoDonante } from '@domain/donacion';
import type { SignoVitalKey } from '@domain/donacion';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { GrupoYFactor } from '@/components/grupo-discordante';
import { LoadingOverlay } from '@/components/loading-overlay';
import {
  DonacionesDeDonanteDocument,
  DonanteDocument,
  ReaccionesDonacionDocument,
} from '@/generated/graphql';
import type { DonacionDatosFragment } from '@/generated/graphql';
import { printHemodonacion } from '@/imprimibles/print';
import { usePrint } from '@/imprimibles/use-print';
import { ConstanciaButton } from './constancia';
import { SV_LABELS } from './donacion-form';
import { ReaccionesDonacion } from './reacciones-donacion';
import { esNoEncontrado } from './donacion-nueva-page';
import { useDonacion } from './donaciones-store';
import { ResultadoMarcas } from '@/components/resultado-marcas';
import { DonanteResumenCard } from './donante-resumen';
import { formatSigno } from '@/imprimibles/format';
import { toDonacionImprimible, toDonacionResumen } from '@/imprimibles/from-graphql';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';

/** The sheet lists the donor's last 3 donations before this one. */
export const ULTIMAS_DONACIONES = 3;

/** The donor's last donations other than `donacion` (the list comes newest first). */
export function ultimasDonaciones(
  lista: readonly DonacionDatosFragment[],
  donacionId: string,
): DonacionDatosFragment[] {
  return lista.filter((d) => d.id !== donacionId).slice(0, ULTIMAS_DONACIONES);
}

/** /donaciones/hemodos/{donanteId}/{donacionId}: the donation sheet and its 'Imprimir' button. */
export function HemodosPage() {
  const { donanteId = '', donacionId = '' } = useParams();
  const donanteQuery = useQuery(DonanteDocument, { variables: { id: donanteId } });
  const { donacion, isSearching, errorMessage } = useDonacion(donacionId);
  const listaQuery = useQuery(DonacionesDeDonanteDocument, {
    variables: { donanteId },
    fetchPolicy: 'cache-and-network',
  });
  const reaccionesQuery = useQuery(ReaccionesDonacionDocument, { variables: { id: donacionId } });
  const servicio = useServicioImprimible();
  const { busy, error: printError, run } = usePrint();
  const donante = donanteQuery.data?.donante;
  const anteriores = ultimasDonaciones(listaQuery.data?.donacionesDeDonante ?? [], donacionId);
  const tipo =
    donante && donacion
      ? tipoDonante(donante.esVoluntario, donante.donacionAnterior, donacion.donacionesPrevias)
      : null;

  const imprimir = () => {
    if (!donacion || !donante) return;
    void run(printHemodonacion, {
      donacion: toDonacionImprimible(donacion, donante),
      anteriores: anteriores.map(toDonacionResumen),
      servicio,
      reacciones: reaccionesQuery.data?.donacion.reacciones ?? [],
    });
  };

  return (
    <Stack gap="5" maxW="5xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          {donacion ? `Hemodonación N° ${donacion.numero}` : 'Hemodonación'}
        </Heading>
        <HStack gap="2">
          <Button asChild variant="outline">
            <RouterLink to={`/donaciones/donante/${donanteId}`}>Donaciones del donante</RouterLink>
          </Button>
          <ConstanciaButton
            size="md"
            label={donacion ? `Constancia de la donación ${donacion.numero}` : 'Constancia'}
            datos={donacion && donante ? { tipo: 'donacion', donante, donacion } : null}
          />
          <Button
            colorPalette="brand"
            onClick={imprimir}
            disabled={!donacion || !donante}
            loading={busy}
            loadingText="Generando PDF..."
          >
            Imprimir
          </Button>
        </HStack>
      </HStack>

      <LoadingOverlay open={(isSearching || donanteQuery.loading) && !(donacion && donante)} />
      {errorMessage && <AppAlert message={errorMessage} />}
      {donanteQuery.error && !donante && (
        <AppAlert
          message={esNoEncontrado(donanteQuery.error) ? MSG.donanteNoEncontrado : MSG.errorCargarDonante}
        />
      )}
      {printError && <AppAlert message={`No se pudo generar la planilla: ${printError.message}`} />}

      {donante && <DonanteResumenCard donante={donante} />}
      {tipo && (
        <Text>
          <Text as="span" fontWeight="medium">
            Categoría:{' '}
          </Text>
          {tipo}
        </Text>
      )}

      {donacion && (
        <Box as="section" aria-label="Esta donación" bg="white" borderWidth="1px" borderRadius="lg" p="4">
          <Heading as="h2" size="sm" mb="3">
            Esta donación
          </Heading>
          <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
            <Dato label="Número" value={String(donacion.numero)} />
            <Dato label="Fecha y hora" value={`${formatDate(donacion.fecha)} ${donacion.hora}`} />
            <Dato label="Bolsa" value={`${donacion.tipoBolsa} · Lote ${donacion.loteBolsa}`} />
            <Dato
              label="Aféresis / Plasma COVID"
              value={`${donacion.donacionAferesis ? 'Sí' : 'No'} / ${donacion.plasmaCovid ? 'Sí' : 'No'}`}
            />
            {(Object.keys(SV_LABELS) as SignoVitalKey[]).map((k) => (
              // With a decimal comma, as the printed sheet has it (36,5).
              <Dato key={k} label={SV_LABELS[k]} value={formatSigno(donacion.sv[k])} />
            ))}
            <Box>
              <Text fontSize="xs" color="gray.600">
                Grupo y factor
              </Text>
              <Text as="div" fontSize="sm">
                {grupoYFactor(donacion.abo, donacion.rh) || donacion.grupoDiscordante ? (
                  <GrupoYFactor donacion={donacion} />
                ) : (
                  '—'
                )}
              </Text>
            </Box>
          </Grid>
          <Stack gap="1" mt="3">
            <Text fontSize="sm" fontWeight="medium">
              Serología
            </Text>
            <ResultadoMarcas
              serologia={donacion.serologia}
              exclusionDefinitiva={donacion.exclusionDefinitiva}
              exclusionTiempo={donacion.exclusionTiempo}
              diferimiento={donacion.diferimiento}
              resultados={donacion.resultados}
            />
          </Stack>
        </Box>
      )}

      {donacion && (
        <ReaccionesDonacion
          donacionId={donacion.id}
          donanteId={donacion.donanteId}
          aferesis={donacion.donacionAferesis}
        />
      )}

      {donacion && (
        <Box
          as="section"
          aria-label="Últimas donaciones"
          bg="white"
          borderWidth="1px"
          borderRadius="lg"
          p="4"
        >
          <Heading as="h2" size="sm" mb="3">
            Últimas donaciones
          </Heading>
          {anteriores.length === 0 ? (
            <Text fontSize="sm">{MSG.sinDatos}</Text>
          ) : (
            <Table.Root size="sm" aria-label="Últimas donaciones">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Número</Table.ColumnHeader>
                  <Table.ColumnHeader>Fecha y hora</Table.ColumnHeader>
                  <Table.ColumnHeader>Grupo y factor</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {anteriores.map((d) => (
                  <Table.Row key={d.id}>
                    <Table.Cell>{d.numero}</Table.Cell>
                    <Table.Cell>{`${formatDate(d.fecha)} ${d.hora}`}</Table.Cell>
                    <Table.Cell>
                      <GrupoYFactor donacion={d} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Box>
      )}
    </Stack>
  );
}

function Dato({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="gray.600">
        {label}
      </Text>
      <Text fontSize="sm">{value || '—'}</Text>
    </Box>
  );
}
