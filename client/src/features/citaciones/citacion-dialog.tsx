import { Box, Button, Dialog, Grid, Heading, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import {
  decideCitacion,
  DERIVACION_MAX,
  estaAbierta,
  ESTADO_CITACION_LABELS,
  INFORMADO_MAX,
  MEDIO_INTENTO_LABELS,
  MEDIOS_INTENTO,
  MOTIVO_CIERRE_MAX,
  RESULTADO_INTENTO_MAX,
} from '@domain/citacion';
import { formatDate, formatDateTime, todayIso } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { DateField, SelectField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  CerrarCitacionDocument,
  RegistrarAsistenciaCitacionDocument,
  RegistrarCitaCitacionDocument,
  RegistrarIntentoCitacionDocument,
} from '@/generated/graphql';
import type { CitacionDatosFragment, MedioIntento } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';

const MEDIO_OPTIONS = MEDIOS_INTENTO.map((m) => ({ value: m, label: MEDIO_INTENTO_LABELS[m] }));

type Valores = Record<string, string | undefined>;

/** One small form of a step: its fields, its button, the server's refusal under it. */
function Paso({
  titulo,
  boton,
  initialValues,
  requeridos,
  enviar,
  children,
}: {
  titulo: string;
  boton: string;
  initialValues?: Valores;
  requeridos: string[];
  enviar: (v: Valores) => Promise<unknown>;
  children: ReactNode;
}) {
  const [errores, setErrores] = useState<string[] | null>(null);
  const validate = (v: Valores) =>
    Object.fromEntries(requeridos.filter((k) => !(v[k] ?? '').trim()).map((k) => [k, MSG.requerido]));
  return (
    <Form<Valores>
      onSubmit={async (v, form) => {
        setErrores(null);
        try {
          await enviar(v);
          showToast(MSG.citacionActualizada);
          setTimeout(() => form.restart(initialValues));
        } catch (e) {
          setErrores(errorMessages(e));
        }
      }}
      initialValues={initialValues}
      validate={validate}
      subscription={{ submitting: true }}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={titulo}>
          <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" bg="white">
            <Heading as="h3" size="xs">
              {titulo}
            </Heading>
            {errores && (
              <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />
            )}
            {children}
            <Box>
              <Button
                type="submit"
                size="sm"
                colorPalette="brand"
                loading={submitting}
                loadingText="Guardando..."
              >
                {boton}
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Form>
  );
}

export type CitacionDialogProps = { citacion: CitacionDatosFragment | null; onClose: () => void };

/**
 * A citación's detail: the donor and how to reach them, the reason (a doctor's), the attempts,
 * and the forms of what may be done next: an attempt and the appointment by anyone, the
 * attendance (what was told, the referral) and the closure by a doctor. The server decides.
 */
export function CitacionDialog({ citacion: c, onClose }: CitacionDialogProps) {
  const rol = useAuth().usuario?.rol;
  const medico = decideCitacion(rol);
  const [intento] = useMutation(RegistrarIntentoCitacionDocument);
  const [cita] = useMutation(RegistrarCitaCitacionDocument);
  const [asistencia] = useMutation(RegistrarAsistenciaCitacionDocument);
  const [cerrar] = useMutation(CerrarCitacionDocument, { refetchQueries: ['Citaciones'] });
  const abierta = c ? estaAbierta(c.estado) : false;
  const nombre = c?.donante ? nombreCompleto(c.donante) : '';

  return (
    <Dialog.Root
      open={c !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {c && (
              <>
                <Dialog.Header>
                  <Dialog.Title fontSize="md">{`Citación de ${nombre}`}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Box fontSize="sm">
                      <Text>{`DNI ${c.donante?.dni ?? ''}`}</Text>
                      <Text>{`Teléfono: ${c.donante?.telefono || 'no registrado'}`}</Text>
                      {c.donante?.email && <Text>{`Email: ${c.donante.email}`}</Text>}
                      <Text fontWeight="semibold" mt="2">
                        {`Motivo: ${c.motivoTexto}`}
                      </Text>
                      {c.detalle && <Text>{`Detalle: ${c.detalle}`}</Text>}
                      <Text>{`Estado: ${ESTADO_CITACION_LABELS[c.estado]}`}</Text>
                      {c.cita && <Text>{`Cita: ${formatDate(c.cita)}`}</Text>}
                      {c.informado && <Text>{`Informado: ${c.informado}`}</Text>}
                      {c.derivacion && <Text>{`Derivación: ${c.derivacion}`}</Text>}
                      {c.cerradaEn && (
                        <Text>
                          {`Cerrada el ${formatDateTime(c.cerradaEn)}${c.motivoCierre ? `: ${c.motivoCierre}` : ''}`}
                        </Text>
                      )}
                    </Box>
                    {c.intentos.length > 0 && (
                      <TablaTarjetas label="Intentos" columnas={['Fecha', 'Medio', 'Resultado', 'Registró']}>
                        {c.intentos.map((i) => (
                          <Table.Row key={i.id}>
                            <Table.Cell data-label="Fecha">{formatDate(i.fecha)}</Table.Cell>
                            <Table.Cell data-label="Medio">{MEDIO_INTENTO_LABELS[i.medio]}</Table.Cell>
                            <Table.Cell data-label="Resultado" whiteSpace="normal">
                              {i.resultado ?? '—'}
                            </Table.Cell>
                            <Table.Cell data-label="Registró">{i.registradoPor ?? '—'}</Table.Cell>
                          </Table.Row>
                        ))}
                      </TablaTarjetas>
                    )}
                    {abierta && (
                      <Paso
                        titulo="Intento de comunicación"
                        boton="Registrar intento"
                        initialValues={{ fecha: todayIso(), medio: 'TELEFONO' }}
                        requeridos={['fecha', 'medio']}
                        enviar={(v) =>
                          intento({
                            variables: {
                              id: c.id,
                              intento: {
                                fecha: v.fecha ?? '',
                                medio: (v.medio ?? 'TELEFONO') as MedioIntento,
                                resultado: v.resultado?.trim() || null,
                              },
                            },
                          })
                        }
                      >
                        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                          <DateField name="fecha" label="Fecha del intento" required />
                          <SelectField name="medio" label="Medio" options={MEDIO_OPTIONS} required />
                        </Grid>
                        <TextField
                          name="resultado"
                          label="Resultado del intento"
                          inputProps={{ maxLength: RESULTADO_INTENTO_MAX, autoComplete: 'off' }}
                        />
                      </Paso>
                    )}
                    {abierta && c.estado !== 'ASISTIO' && (
                      <Paso
                        titulo="Cita"
                        boton="Fijar cita"
                        requeridos={['fecha']}
                        enviar={(v) => cita({ variables: { id: c.id, fecha: v.fecha ?? '' } })}
                      >
                        <DateField name="fecha" label="Fecha de la cita" required />
                      </Paso>
                    )}
                    {abierta && medico && c.estado !== 'ASISTIO' && (
                      <Paso
                        titulo="Asistencia"
                        boton="Registrar asistencia"
                        requeridos={['informado']}
                        enviar={(v) =>
                          asistencia({
                            variables: {
                              id: c.id,
                              informado: v.informado ?? '',
                              derivacion: v.derivacion?.trim() || null,
                            },
                          })
                        }
                      >
                        <TextField
                          name="informado"
                          label="Lo informado al donante"
                          required
                          inputProps={{ maxLength: INFORMADO_MAX, autoComplete: 'off' }}
                        />
                        <TextField
                          name="derivacion"
                          label="Derivación"
                          inputProps={{ maxLength: DERIVACION_MAX, autoComplete: 'off' }}
                        />
                      </Paso>
                    )}
                    {abierta && medico && (
                      <Paso
                        titulo="Cierre"
                        boton="Cerrar citación"
                        requeridos={['motivo']}
                        enviar={(v) => cerrar({ variables: { id: c.id, motivo: v.motivo ?? '' } })}
                      >
                        <TextField
                          name="motivo"
                          label="Motivo del cierre"
                          required
                          inputProps={{ maxLength: MOTIVO_CIERRE_MAX, autoComplete: 'off' }}
                        />
                      </Paso>
                    )}
                    {abierta && !medico && (
                      <Text fontSize="sm" color="gray.600">
                        {MSG.soloMedicoCitacion}
                      </Text>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose}>
                    Volver
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
