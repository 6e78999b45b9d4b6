import { Box, Button, Dialog, Grid, Heading, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { formatDate, nowTime, todayIso } from '@domain/dates';
import { SIGNOS_VITALES_KEYS, parseMedida } from '@domain/donacion';
import type { SignoVitalKey } from '@domain/donacion';
import { diferimientoDeVisita } from '@domain/elegibilidad';
import { DIFERIMIENTO_NO_APTO_MAX_DIAS } from '@domain/limites';
import { MSG } from '@domain/messages';
import { MOTIVO_NO_APTO_MAX, validateNoApto } from '@domain/no-apto';
import type { NoAptoData } from '@domain/no-apto';
import { AppAlert } from '@/components/app-alert';
import { CheckboxField, DateField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import { RegistrarNoAptoDocument, VisitasNoAptoDocument } from '@/generated/graphql';
import type { NoAptoInput, VisitaNoAptoDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';
import { ConstanciaButton } from './constancia';
import { SV_LABELS, toNestedErrors } from './donacion-form';
import { invalidarDonante, serverFieldErrors } from './donaciones-store';

/** The form as typed: an empty vital sign was not measured. */
export type NoAptoFormValues = {
  fecha: string;
  hora: string;
  motivo: string;
  sv: Record<SignoVitalKey, string>;
  diferimientoDias: string;
  /** Deferred for good: a doctor's decision. */
  definitivo: boolean;
};

function initialNoAptoValues(now = new Date()): NoAptoFormValues {
  return {
    fecha: todayIso(now),
    hora: nowTime(now),
    motivo: '',
    sv: { tas: '', tad: '', fc: '', peso: '', temp: '', hb: '', hto: '' },
    diferimientoDias: '0',
    definitivo: false,
  };
}

function toNoAptoData(values: NoAptoFormValues): NoAptoData {
  const dias = (values.diferimientoDias ?? '').trim();
  return {
    fecha: values.fecha,
    hora: values.hora,
    motivo: values.motivo,
    sv: Object.fromEntries(SIGNOS_VITALES_KEYS.map((k) => [k, parseMedida(values.sv[k])])),
    diferimientoDias: dias === '' ? 0 : Number(dias),
    definitivo: values.definitivo === true,
  };
}

export function toNoAptoInput(donanteId: string, values: NoAptoFormValues): NoAptoInput {
  const data = toNoAptoData(values);
  return {
    donanteId,
    fecha: values.fecha,
    hora: values.hora,
    motivo: values.motivo.trim(),
    sv: data.sv as NoAptoInput['sv'],
    diferimientoDias: data.diferimientoDias ?? 0,
    definitivo: data.definitivo === true,
  };
}

/** The domain's rules of a visit: out-of-bounds vital signs pass (they are often the reason). */
function validateNoAptoForm(values: NoAptoFormValues): Record<string, unknown> {
  return toNestedErrors(validateNoApto(toNoAptoData(values), todayIso()));
}

export type RegistrarNoAptoDialogProps = { donanteId: string; open: boolean; onClose: () => void };

/**
 * 'Registrar No apto': the donor came and could not donate. The reason is required, the measured
 * values optional, and 'Diferir por (días)' defers the donor from the visit's date. On success the
 * donor's eligibility and visits are read again.
 */
export function RegistrarNoAptoDialog({ donanteId, open, onClose }: RegistrarNoAptoDialogProps) {
  const [errores, setErrores] = useState<string[] | null>(null);
  // Only a doctor defers for good (the server refuses it to anyone else).
  const esMedico = useAuth().usuario?.rol === 'ROL_MEDICO';
  const [registrar] = useMutation(RegistrarNoAptoDocument, {
    update(cache) {
      invalidarDonante(cache, donanteId);
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'visitasNoApto', args: { donanteId } });
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'visitas' });
      cache.gc();
    },
  });

  const cerrar = () => {
    setErrores(null);
    onClose();
  };

  const onSubmit = async (values: NoAptoFormValues): Promise<SubmissionErrors | void> => {
    setErrores(null);
    try {
      await registrar({ variables: { input: toNoAptoInput(donanteId, values) } });
      showToast(MSG.noAptoRegistrado);
      cerrar();
    } catch (e) {
      setErrores(errorMessages(e));
      return toNestedErrors(serverFieldErrors(e));
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) cerrar();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {open && (
              <Form<NoAptoFormValues>
                onSubmit={onSubmit}
                initialValues={initialNoAptoValues()}
                validate={validateNoAptoForm}
                subscription={{ submitting: true }}
              >
                {({ handleSubmit, submitting }) => (
                  // display: contents keeps the body the dialog's scrolling part.
                  <Box asChild display="contents">
                    <form onSubmit={handleSubmit} noValidate aria-label="Registrar No apto">
                      <Dialog.Header>
                        <Dialog.Title fontSize="md">Registrar No apto</Dialog.Title>
                      </Dialog.Header>
                      <Dialog.Body>
                        <Stack gap="4">
                          {errores && (
                            <AppAlert
                              title={MSG.datosInvalidos}
                              message={<ServerErrors errors={errores} />}
                              onClose={() => setErrores(null)}
                            />
                          )}
                          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
                            <DateField name="fecha" label="Fecha" required />
                            <TextField name="hora" label="Hora" type="time" required />
                          </Grid>
                          <TextField
                            name="motivo"
                            label="Motivo"
                            required
                            inputProps={{ maxLength: MOTIVO_NO_APTO_MAX, autoComplete: 'off' }}
                          />
                          <Box>
                            <Heading as="h3" size="xs" mb="1">
                              Signos vitales
                            </Heading>
                            <Text fontSize="sm" color="gray.600" mb="3">
                              Deje vacío lo que no se midió. Se aceptan valores fuera de rango.
                            </Text>
                            <Grid templateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }} gap="4">
                              {SIGNOS_VITALES_KEYS.map((key) => (
                                <TextField
                                  key={key}
                                  name={`sv.${key}`}
                                  label={SV_LABELS[key]}
                                  inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
                                />
                              ))}
                            </Grid>
                          </Box>
                          <Box maxW="16rem">
                            <TextField
                              name="diferimientoDias"
                              label="Diferir por (días)"
                              helperText={`De 0 a ${DIFERIMIENTO_NO_APTO_MAX_DIAS}; 0: sin diferimiento.`}
                              inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
                            />
                          </Box>
                          {esMedico && (
                            <CheckboxField
                              name="definitivo"
                              label="Diferimiento definitivo (decisión médica)"
                            />
                          )}
                        </Stack>
                      </Dialog.Body>
                      <Dialog.Footer>
                        <Button variant="outline" onClick={cerrar} disabled={submitting}>
                          Cancelar
                        </Button>
                        <Button
                          type="submit"
                          colorPalette="brand"
                          loading={submitting}
                          loadingText="Guardando..."
                        >
                          Registrar No apto
                        </Button>
                      </Dialog.Footer>
                    </form>
                  </Box>
                )}
              </Form>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Until when a visit defers the donor, by the domain's rule; '—' when it does not. */
function diferidoHasta(v: VisitaNoAptoDatosFragment): string {
  const d = diferimientoDeVisita(v);
  return d?.hasta ? formatDate(d.hasta) : '—';
}

/** The donor's 'No apto' visits, newest first: date, reason and until when they defer. */
export function VisitasNoAptoTabla({
  donanteId,
  donante = null,
}: {
  donanteId: string;
  /** The donor, for each visit's attendance certificate ('Constancia'); none: no certificates. */
  donante?: { nombre: string; apellido: string; dni: string } | null;
}) {
  const { data, error } = useQuery(VisitasNoAptoDocument, {
    variables: { donanteId },
    fetchPolicy: 'cache-and-network',
  });
  const visitas = data?.visitasNoApto ?? [];
  if (error && !data) return <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />;
  if (visitas.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Visitas No apto
      </Heading>
      <TablaTarjetas
        label="Visitas No apto"
        columnas={['Fecha', 'Motivo', 'Diferido hasta']}
        acciones={donante ? 'Acciones' : undefined}
        scrollArea={{ bg: 'white' }}
      >
        {visitas.map((v) => (
          <Table.Row key={v.id}>
            <Table.Cell whiteSpace="nowrap" data-label="Fecha">
              {`${formatDate(v.fecha)} ${v.hora}`}
            </Table.Cell>
            <Table.Cell data-label="Motivo" whiteSpace="normal">
              {v.motivo}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" data-label="Diferido hasta">
              {diferidoHasta(v)}
            </Table.Cell>
            {donante && (
              <AccionesCell>
                <ConstanciaButton
                  label={`Constancia de asistencia del ${formatDate(v.fecha)}`}
                  datos={{ tipo: 'asistencia', donante, visita: { fecha: v.fecha, hora: v.hora } }}
                />
              </AccionesCell>
            )}
          </Table.Row>
        ))}
      </TablaTarjetas>
    </Stack>
  );
}
