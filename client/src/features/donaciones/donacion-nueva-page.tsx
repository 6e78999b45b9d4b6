import { Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useParams, useSearchParams } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { LoadingOverlay } from '@/components/loading-overlay';
import { DonanteDocument, ElegibilidadDonanteDocument } from '@/generated/graphql';
import { DonacionForm } from './donacion-form';
import { DonanteResumenCard } from './donante-resumen';
import { ElegibilidadPanel } from './elegibilidad-panel';
import { LevantamientosDonante } from './levantamientos';
import { AvisoReaccionSevera } from './reacciones-donacion';

/** A GraphQL NOT_FOUND answer: the donor does not exist (or is another service's). */
export function esNoEncontrado(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'NOT_FOUND');
}

/**
 * /donaciones/nueva/{donanteId}/: the donor at the top, then the new-donation form; with
 * ?visita={id}, the donation ends that visit (the visit page's 'Registrar donación').
 */
export function DonacionNuevaPage() {
  const { donanteId = '' } = useParams();
  const visitaId = useSearchParams()[0].get('visita');
  const { data, loading, error } = useQuery(DonanteDocument, { variables: { id: donanteId } });
  const donante = data?.donante;
  // Why the server would refuse the donation today, before the form is filled in.
  const elegibilidad = useQuery(ElegibilidadDonanteDocument, {
    variables: { id: donanteId },
    fetchPolicy: 'cache-and-network',
  }).data?.donante.elegibilidad;

  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="lg">
        Nueva donación
      </Heading>
      <LoadingOverlay open={loading && !donante} />
      {error && !donante && (
        <AppAlert message={esNoEncontrado(error) ? MSG.donanteNoEncontrado : MSG.errorCargarDonante} />
      )}
      {donante && (
        <>
          <DonanteResumenCard donante={donante} />
          {elegibilidad && <ElegibilidadPanel donanteId={donante.id} elegibilidad={elegibilidad} />}
          <AvisoReaccionSevera donante={donante} />
          <DonacionForm
            donanteId={donante.id}
            donacionAferesis={donante.donacionAferesis}
            sexo={donante.sexo}
            visitaId={visitaId}
          />
          <LevantamientosDonante donanteId={donante.id} />
        </>
      )}
    </Stack>
  );
}
