import { Badge, Box, Button, Grid, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  DESCRIPCION_INFORME_MAX,
  INFORMANTE_POSTDONACION_LABELS,
  INFORMANTES_POSTDONACION,
  registraInforme,
} from '@domain/citacion';
import { formatDate, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { DateField, SelectField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  CitacionPendienteDonanteDocument,
  InformesPostDonacionDocument,
  RegistrarInformePostDonacionDocument,
} from '@/generated/graphql';
import type { InformantePostdonacion } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';

/** 'Citación pendiente' beside a donor with an open call-back, linking to the list. */
export function CitacionPendienteMarca({ donanteId }: { donanteId: string }) {
  // Read once per donor (a later change shows on the next visit after a reload).
  const { data } = useQuery(CitacionPendienteDonanteDocument, { variables: { id: donanteId } });
  if (!data?.donante.citacionPendiente) return null;
  return (
    <Badge asChild colorPalette="orange" variant="subtle" size="lg" w="fit-content">
      <Link asChild>
        <RouterLink to="/citaciones">{MSG.citacionPendiente}</RouterLink>
      </Link>
    </Badge>
  );
}

const INFORMANTE_OPTIONS = INFORMANTES_POSTDONACION.map((i) => ({
  value: i,
  label: INFORMANTE_POSTDONACION_LABELS[i],
}));

type InformeValores = { informante?: string; fecha?: string; descripcion?: string };

const validar = (v: InformeValores) => {
  const errores: Partial<Record<keyof InformeValores, string>> = {};
  if (!v.informante) errores.informante = MSG.requerido;
  if (!v.fecha) errores.fecha = MSG.requerido;
  if (!(v.descripcion ?? '').trim()) errores.descripcion = MSG.requerido;
  return errores;
};

/**
 * 'Informe post-donación' on a donation: a button that opens the reports recorded (what each
 * blocked) and, for a doctor or the administrator, the form that records one. Recording it
 * discards the donation's units not yet dispatched (the server decides, and says how many).
 */
export function InformePostdonacionPanel({ donacionId }: { donacionId: string }) {
  const [visible, setVisible] = useState(false);
  if (!visible)
    return (
      <Box>
        <Button size="sm" variant="outline" onClick={() => setVisible(true)}>
          Informe post-donación
        </Button>
      </Box>
    );
  return <InformesPostdonacion donacionId={donacionId} />;
}

function InformesPostdonacion({ donacionId }: { donacionId: string }) {
  const puede = registraInforme(useAuth().usuario?.rol);
  const [abierto, setAbierto] = useState(false);
  const [errores, setErrores] = useState<string[] | null>(null);
  const { data } = useQuery(InformesPostDonacionDocument, {
    variables: { id: donacionId },
    fetchPolicy: 'cache-and-network',
  });
  const [registrar] = useMutation(RegistrarInformePostDonacionDocument, {
    refetchQueries: ['InformesPostDonacion', 'Donacion'],
  });
  const informes = data?.donacion.informesPostDonacion ?? [];

  const onSubmit = async (v: InformeValores) => {
    setErrores(null);
    try {
      const res = await registrar({
        variables: {
          donacionId,
          informe: {
            informante: (v.informante ?? 'DONANTE') as InformantePostdonacion,
            fecha: v.fecha ?? '',
            descripcion: v.descripcion ?? '',
          },
        },
      });
      const n = res.data?.registrarInformePostDonacion.componentesBloqueados ?? 0;
      showToast(`Informe registrado: ${n === 1 ? '1 componente bloqueado' : `${n} componentes bloqueados`}`);
      setAbierto(false);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby="informe-postdonacion-titulo"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <Stack gap="3">
        <Heading as="h2" size="sm" id="informe-postdonacion-titulo">
          Informe post-donación
        </Heading>
        <Text fontSize="sm" color="gray.700">
          Lo que el donante o un médico informa después de la donación y hace insegura la sangre: registrarlo
          bloquea los componentes de la donación que no se despacharon.
        </Text>
        {data && informes.length === 0 && (
          <Text fontSize="sm">No hay informes post-donación de esta donación.</Text>
        )}
        {informes.length > 0 && (
          <TablaTarjetas
            label="Informes post-donación"
            columnas={['Fecha', 'Informó', 'Informe', 'Bloqueados', 'Registró']}
          >
            {informes.map((i) => (
              <Table.Row key={i.id}>
                <Table.Cell data-label="Fecha">{formatDate(i.fecha)}</Table.Cell>
                <Table.Cell data-label="Informó">{INFORMANTE_POSTDONACION_LABELS[i.informante]}</Table.Cell>
                <Table.Cell data-label="Informe" whiteSpace="normal">
                  {i.descripcion ?? 'Reservado al médico'}
                </Table.Cell>
                <Table.Cell data-label="Bloqueados">
                  {i.componentesBloqueados === 1 ? '1 componente' : `${i.componentesBloqueados} componentes`}
                </Table.Cell>
                <Table.Cell data-label="Registró">{i.registradoPor ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </TablaTarjetas>
        )}
        {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
        {puede && !abierto && (
          <Box>
            <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setAbierto(true)}>
              Registrar informe post-donación
            </Button>
          </Box>
        )}
        {puede && abierto && (
          <Form<InformeValores>
            onSubmit={onSubmit}
            initialValues={{ informante: 'DONANTE', fecha: todayIso() }}
            validate={validar}
            subscription={{ submitting: true }}
          >
            {({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Informe post-donación">
                <Stack gap="3">
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                    <SelectField
                      name="informante"
                      label="Quién informó"
                      options={INFORMANTE_OPTIONS}
                      required
                    />
                    <DateField name="fecha" label="Fecha del informe" required />
                  </Grid>
                  <TextField
                    name="descripcion"
                    label="Lo informado"
                    required
                    inputProps={{ maxLength: DESCRIPCION_INFORME_MAX, autoComplete: 'off' }}
                  />
                  <Box>
                    <Button variant="outline" mr="2" onClick={() => setAbierto(false)} disabled={submitting}>
                      Cancelar
                    </Button>
                    <Button
                      type="submit"
                      colorPalette="brand"
                      loading={submitting}
                      loadingText="Guardando..."
                    >
                      Registrar y bloquear componentes
                    </Button>
                  </Box>
                </Stack>
              </form>
            )}
          </Form>
        )}
      </Stack>
    </Box>
  );
}
