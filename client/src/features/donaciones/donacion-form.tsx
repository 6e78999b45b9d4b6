import { Box, Button, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation, useQuery } from '@apollo/client/react';
import { getIn, setIn } from 'final-form';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { SV_NOMBRES, svLabel } from '@domain/campos';
import { nowTime, todayIso } from '@domain/dates';
import { SIGNOS_VITALES_KEYS, TIPOS_BOLSA, parseMedida, validateDonacion } from '@domain/donacion';
import type { CriterioTamizaje } from '@domain/donacion';
import type { DonacionData, SignoVitalKey } from '@domain/donacion';
import { codigoEtiqueta, leerNumeroEtiqueta } from '@domain/etiquetas';
import { MSG } from '@domain/messages';
import type { FieldError } from '@domain/messages';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { CheckboxField, DateField, SelectField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { CreateDonacionDocument, NextEtiquetaNumeroDocument, ServicioDocument } from '@/generated/graphql';
import type { CreateDonacionInput } from '@/generated/graphql';
import { preloadEtiquetas, printEtiquetas } from '@/imprimibles/print';
import { usePrint } from '@/imprimibles/use-print';
import { errorMessages } from '@/lib/graphql-errors';
import { recordarBolsa, ultimaBolsa } from './bolsa-storage';
import { invalidarDonante, serverFieldErrors } from './donaciones-store';
import { useFormatoEtiquetas, useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';

/** Text fields as typed; an empty vital sign means "not measured". */
export type DonacionFormValues = {
  fecha: string;
  hora: string;
  plasmaCovid: boolean;
  sv: Record<SignoVitalKey, string>;
  tipoBolsa: string;
  loteBolsa: string;
  donacionAferesis: boolean;
  numero: string;
};

/** 'TAS (mmHg)': the names the audit trail uses too (@domain/campos). */
export const SV_LABELS = Object.fromEntries(
  (Object.keys(SV_NOMBRES) as SignoVitalKey[]).map((k) => [k, svLabel(k)]),
) as Record<SignoVitalKey, string>;

function initialDonacionValues(donacionAferesis = false, now = new Date()): DonacionFormValues {
  const bolsa = ultimaBolsa();
  return {
    fecha: todayIso(now),
    hora: nowTime(now),
    plasmaCovid: false,
    sv: { tas: '', tad: '', fc: '', peso: '', temp: '', hb: '', hto: '' },
    tipoBolsa: bolsa.tipoBolsa,
    loteBolsa: bolsa.loteBolsa,
    donacionAferesis,
    numero: '',
  };
}

/** The number of the Número field: digits, or a label code (number + check character) read as the server reads it. */
function toNumero(value: string): number | null {
  const leido = leerNumeroEtiqueta(value);
  return leido.ok ? leido.value : null;
}

function toDonacionData(values: DonacionFormValues): DonacionData {
  const sv = Object.fromEntries(SIGNOS_VITALES_KEYS.map((k) => [k, parseMedida(values.sv[k])]));
  return {
    // As typed: validateDonacion reads a code and refuses a wrong check character.
    numero: values.numero,
    fecha: values.fecha,
    hora: values.hora,
    tipoBolsa: values.tipoBolsa,
    loteBolsa: values.loteBolsa,
    sv,
  };
}

export function toCreateInput(
  donanteId: string,
  values: DonacionFormValues,
  visitaId?: string | null,
): CreateDonacionInput {
  const data = toDonacionData(values);
  return {
    ...(visitaId ? { visitaId } : {}),
    donanteId,
    numero: toNumero(values.numero),
    fecha: values.fecha,
    hora: values.hora,
    plasmaCovid: values.plasmaCovid,
    sv: data.sv as CreateDonacionInput['sv'],
    tipoBolsa: values.tipoBolsa,
    loteBolsa: values.loteBolsa.trim(),
    donacionAferesis: values.donacionAferesis,
  };
}

/** A field error list -> react-final-form's nested errors ('sv.fc' -> { sv: { fc } }), first per field. */
export function toNestedErrors(list: readonly FieldError[]): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const { field, msg } of list) {
    if (field && getIn(errors, field) === undefined)
      errors = setIn(errors, field, msg) as Record<string, unknown>;
  }
  return errors;
}

/** The form's check; `criterio`: the donor's sex and the servicio's screening thresholds. */
function validateDonacionForm(
  values: DonacionFormValues,
  criterio?: CriterioTamizaje,
): Record<string, unknown> {
  return toNestedErrors(validateDonacion(toDonacionData(values), todayIso(), criterio));
}

export type DonacionFormProps = {
  donanteId: string;
  /** The donor's apheresis flag, the default of this donation's. */
  donacionAferesis?: boolean;
  /** The donor's sex: the servicio's thresholds by sex apply to the signs (the server checks them too). */
  sexo?: string | null;
  /** The visit the donation ends (started from its page: interview confirmed, both documents signed). */
  visitaId?: string | null;
};

/** The new-donation form of /donaciones/nueva/{donanteId}/. */
export function DonacionForm({
  donanteId,
  donacionAferesis = false,
  sexo = null,
  visitaId = null,
}: DonacionFormProps) {
  const navigate = useNavigate();
  const { usuario } = useAuth();
  const servicio = useServicioImprimible();
  // The same query as the printed header's (cached): the servicio's screening thresholds.
  const umbrales = useQuery(ServicioDocument, { fetchPolicy: 'cache-first' }).data?.servicio.umbralesTamizaje;
  const formatoEtiquetas = useFormatoEtiquetas();
  const [initialValues] = useState(() => initialDonacionValues(donacionAferesis));
  const [saveErrors, setSaveErrors] = useState<string[] | null>(null);
  /** Why no number was issued, and the server's reasons (a donor who may not donate today). */
  const [etiquetaError, setEtiquetaError] = useState<{ titulo: string; motivos: string[] } | null>(null);
  const [nextNumero, { loading: pidiendoNumero }] = useMutation(NextEtiquetaNumeroDocument);
  const [crear] = useMutation(CreateDonacionDocument, {
    update(cache) {
      invalidarDonante(cache, donanteId);
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'donaciones' });
      cache.gc();
    },
  });
  const etiquetas = usePrint();
  // The labels are printed on almost every new donation: have their code ready.
  useEffect(() => preloadEtiquetas(), []);

  const generarEtiquetas = async (form: FormApi<DonacionFormValues>) => {
    setEtiquetaError(null);
    if (!usuario) {
      setEtiquetaError({ titulo: MSG.usuarioNoAutenticado, motivos: [] });
      return;
    }
    let numero: number | undefined;
    try {
      // For this donor: the server issues no number for one who may not donate today.
      const { donacionAferesis: aferesis } = form.getState().values;
      const { data } = await nextNumero({ variables: { donanteId, aferesis } });
      numero = data?.nextEtiquetaNumero;
    } catch (e) {
      // The refusal's reasons when the server gave them, under the spec's text.
      const motivos = CombinedGraphQLErrors.is(e) ? errorMessages(e) : [];
      setEtiquetaError({ titulo: MSG.errorNumeroEtiqueta, motivos });
      return;
    }
    if (numero === undefined) {
      setEtiquetaError({ titulo: MSG.errorNumeroEtiqueta, motivos: [] });
      return;
    }
    form.change('numero', String(numero));
    await etiquetas.run(printEtiquetas, {
      numero: String(numero),
      codigo: codigoEtiqueta(numero),
      fecha: form.getState().values.fecha || todayIso(),
      servicio,
      // The A4 sheet or the label printer's size, as the administrator chose.
      formato: await formatoEtiquetas(),
    });
  };

  const onSubmit = async (values: DonacionFormValues): Promise<SubmissionErrors | void> => {
    setSaveErrors(null);
    try {
      const { data } = await crear({ variables: { input: toCreateInput(donanteId, values, visitaId) } });
      const nueva = data?.createDonacion;
      if (!nueva) {
        setSaveErrors([]);
        return;
      }
      recordarBolsa(values.tipoBolsa, values.loteBolsa);
      navigate(`/donaciones/hemodos/${donanteId}/${nueva.id}`);
    } catch (e) {
      setSaveErrors(errorMessages(e));
      return toNestedErrors(serverFieldErrors(e));
    }
  };

  return (
    <Form<DonacionFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => validateDonacionForm(values, { sexo, umbrales })}
      subscription={{ submitting: true }}
    >
      {({ handleSubmit, submitting, form }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Nueva donación">
          <Stack gap="5">
            {saveErrors && (
              <AppAlert
                title={MSG.errorCrearDonacion}
                message={<ServerErrors errors={saveErrors} />}
                onClose={() => setSaveErrors(null)}
              />
            )}

            <Section title="Donación">
              <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
                <DateField name="fecha" label="Fecha" required />
                <TextField name="hora" label="Hora" type="time" required />
                <Box alignSelf="end" pb="2">
                  <CheckboxField name="plasmaCovid" label="Plasma COVID" />
                </Box>
              </Grid>
            </Section>

            <Section title="Signos vitales" hint="Deje vacío lo que no se midió.">
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
            </Section>

            <Section title="Bolsa y etiqueta">
              <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
                <SelectField name="tipoBolsa" label="Tipo de bolsa" options={TIPOS_BOLSA} required />
                <TextField
                  name="loteBolsa"
                  label="Lote de bolsa"
                  required
                  inputProps={{ autoComplete: 'off' }}
                />
                <Box alignSelf="end" pb="2">
                  <CheckboxField name="donacionAferesis" label="Donación por aféresis" />
                </Box>
              </Grid>
              <HStack gap="3" align="flex-end" wrap="wrap" mt="4">
                <Box flex="1" minW="12rem" maxW="20rem">
                  <TextField
                    name="numero"
                    label="Número"
                    required
                    // The label's code may be typed too: it may end in a letter or '*'.
                    inputProps={{ inputMode: 'text', autoComplete: 'off' }}
                  />
                </Box>
                <Button
                  type="button"
                  variant="outline"
                  colorPalette="brand"
                  onClick={() => void generarEtiquetas(form)}
                  loading={pidiendoNumero || etiquetas.busy}
                  loadingText="Generando..."
                >
                  Generar Etiquetas
                </Button>
              </HStack>
              {etiquetaError && (
                <Box mt="3">
                  <AppAlert
                    title={etiquetaError.motivos.length > 0 ? etiquetaError.titulo : undefined}
                    message={
                      etiquetaError.motivos.length > 0 ? (
                        <ServerErrors errors={etiquetaError.motivos} />
                      ) : (
                        etiquetaError.titulo
                      )
                    }
                    onClose={() => setEtiquetaError(null)}
                  />
                </Box>
              )}
              {etiquetas.error && (
                <Box mt="3">
                  <AppAlert message={`No se pudieron imprimir las etiquetas: ${etiquetas.error.message}`} />
                </Box>
              )}
            </Section>

            <HStack justify="flex-end">
              <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Guardando...">
                Guardar donación
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box as="fieldset" bg="white" borderWidth="1px" borderRadius="lg" p="4">
      <Heading as="legend" size="sm" mb="3" float="left" width="100%">
        {title}
      </Heading>
      {hint && (
        <Text fontSize="sm" color="gray.600" mb="3" clear="both">
          {hint}
        </Text>
      )}
      <Box clear="both">{children}</Box>
    </Box>
  );
}
