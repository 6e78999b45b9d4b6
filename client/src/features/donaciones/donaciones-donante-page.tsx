import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { GrupoCell } from '@/components/grupo-discordante';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, EliminarButton, TablaTarjetas } from '@/components/tabla-tarjetas';
import {
  DonacionesDeDonanteDocument,
  DonanteDocument,
  ElegibilidadDonanteDocument,
} from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { useBorrarDonacion } from './borrar-donacion';
import { esNoEncontrado } from './donacion-nueva-page';
import { ConstanciaButton } from './constancia';
import { ElegibilidadPanel } from './elegibilidad-panel';
import { AvisoReaccionSevera } from './reacciones-donacion';
import { CitacionPendienteMarca } from './informe-postdonacion';
import { LevantamientosDonante } from './levantamientos';
import { RegistrarNoAptoDialog, VisitasNoAptoTabla } from './no-apto';
import { SerologiaCell } from '@/components/resultado-marcas';
import { VisitasDonante } from './visitas-donante';

/**
 * /donaciones/donante/{donanteId}: whether the donor may donate (and why not), the donor's
 * donations, newest first, every visit (how each ended), the 'No apto' screening visits and the
 * lifted deferrals.
 */
export function DonacionesDonantePage() {
  const { donanteId = '' } = useParams();
  const donanteQuery = useQuery(DonanteDocument, { variables: { id: donanteId } });
  const elegibilidadQuery = useQuery(ElegibilidadDonanteDocument, {
    variables: { id: donanteId },
    fetchPolicy: 'cache-and-network',
  });
  const [noApto, setNoApto] = useState(false);
  const { data, loading, error } = useQuery(DonacionesDeDonanteDocument, {
    variables: { donanteId },
    fetchPolicy: 'cache-and-network',
  });
  const borrar = useBorrarDonacion();
  const donante = donanteQuery.data?.donante;
  const donaciones = data?.donacionesDeDonante ?? [];
  const elegibilidad = elegibilidadQuery.data?.donante.elegibilidad;

  return (
    <Stack gap="5" maxW="6xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h1" size="lg">
            Donaciones del donante
          </Heading>
          {donante && <Text color="gray.600">{`${nombreCompleto(donante)} · DNI ${donante.dni}`}</Text>}
          <CitacionPendienteMarca donanteId={donanteId} />
        </Stack>
        <HStack gap="2" wrap="wrap">
          {elegibilidad && (
            <Button variant="outline" colorPalette="brand" onClick={() => setNoApto(true)}>
              Registrar No apto
            </Button>
          )}
          {elegibilidad?.puedeDonar && (
            <Button asChild colorPalette="brand">
              <RouterLink to={`/donaciones/nueva/${donanteId}/`}>Nueva donación</RouterLink>
            </Button>
          )}
        </HStack>
      </HStack>

      {elegibilidad && <ElegibilidadPanel donanteId={donanteId} elegibilidad={elegibilidad} />}
      <AvisoReaccionSevera donante={donante} />

      <LoadingOverlay open={loading && !data} />
      {donanteQuery.error && !donante && (
        <AppAlert
          message={esNoEncontrado(donanteQuery.error) ? MSG.donanteNoEncontrado : MSG.errorCargarDonante}
        />
      )}
      {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {borrar.alert}
      {data && donaciones.length === 0 && <AppAlert severity="info" message={MSG.sinDonaciones} />}

      {donaciones.length > 0 && (
        <TablaTarjetas
          label="Donaciones del donante"
          columnas={['Número', 'Fecha y hora', 'Grupo y factor', 'Serología']}
          acciones="Acciones"
          scrollArea={{ bg: 'white' }}
        >
          {donaciones.map((d) => (
            <Table.Row key={d.id}>
              <Table.Cell fontWeight="medium" data-label="Número">
                {d.numero}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" data-label="Fecha y hora">
                {`${formatDate(d.fecha)} ${d.hora}`}
              </Table.Cell>
              <GrupoCell donacion={d} />
              <SerologiaCell donacion={d} />
              <AccionesCell>
                <Button asChild size="xs" variant="outline">
                  <RouterLink
                    to={`/donacion/${d.id}/donante/${d.donanteId}`}
                    aria-label={`Resultados de la donación ${d.numero}`}
                  >
                    Resultados
                  </RouterLink>
                </Button>
                <Button asChild size="xs" colorPalette="brand">
                  <RouterLink
                    to={`/donaciones/hemodos/${d.donanteId}/${d.id}`}
                    aria-label={`Imprimir la donación ${d.numero}`}
                  >
                    Imprimir
                  </RouterLink>
                </Button>
                <ConstanciaButton
                  label={`Constancia de la donación ${d.numero}`}
                  datos={donante ? { tipo: 'donacion', donante, donacion: d } : null}
                />
                <EliminarButton label={`Eliminar la donación ${d.numero}`} onClick={() => borrar.pedir(d)} />
              </AccionesCell>
            </Table.Row>
          ))}
        </TablaTarjetas>
      )}
      <VisitasDonante donanteId={donanteId} />
      <VisitasNoAptoTabla donanteId={donanteId} donante={donante ?? null} />
      <LevantamientosDonante donanteId={donanteId} />
      {borrar.dialog}
      <RegistrarNoAptoDialog donanteId={donanteId} open={noApto} onClose={() => setNoApto(false)} />
    </Stack>
  );
}
