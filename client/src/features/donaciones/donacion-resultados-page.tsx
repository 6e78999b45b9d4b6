import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { ESTADO_COMPONENTE_LABELS } from '@domain/componentes';
import { formatDate } from '@domain/dates';
import {
  ANTICUERPO_MAX,
  ANTICUERPOS_IRREGULARES,
  ANTICUERPOS_IRREGULARES_LABELS,
  EXCLUSION_TIEMPOS,
  EXCLUSION_TIEMPO_LABELS,
  EXCLUSION_TIPOS,
  SEROLOGIA_KEYS,
  SEROLOGIA_LABELS,
  serologiaVacia,
  validateResultados,
} from '@domain/donacion';
import type { Serologia } from '@domain/donacion';
import { RESULTADOS_LABELS } from '@domain/campos';
import { nombreCompleto } from '@domain/donante';
import { cambioDeResultado } from '@domain/elegibilidad';
import { MOTIVO_NO_APTO_MAX, validateMotivo } from '@domain/no-apto';
import { MSG } from '@domain/messages';
import { confirmaGrupo } from '@domain/resultados';
import { decideMedicamente } from '@domain/roles';
import { AppAlert } from '@/components/app-alert';
import { CheckboxField, RadioField, SelectField, TextField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { showToast } from '@/components/toast';
import { ComponentesDeLaDonacionDocument } from '@/generated/graphql';
import type { DonacionDatosFragment, ResultadosDonacionInput } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { NOMBRE_PRODUCTO, identificadorLegible } from '@/lib/componentes';
import { toNestedErrors } from './donacion-form';
import { leerSerologia, useActualizarResultados, useDonacion } from './donaciones-store';
import { ResultadoMarcas } from '@/components/resultado-marcas';
import type { StoreFailure } from './donaciones-store';
import { ResultadosLaboratorio } from './resultados-laboratorio';
import { StoreErrorAlert } from './store-error-alert';
import { InformePostdonacionPanel } from './informe-postdonacion';
import { ABO_OPTIONS, GrupoDiscordantePanel, RH_OPTIONS } from './retipificacion';

/** The start of the server's refusal of a group that differs from the donor's history. */
const GRUPO_DISCORDANTE_PREFIJO = MSG.grupoDiscordante('\u0000', '').split('\u0000')[0];

/** The server's refusal of a group that differs from the donor's earlier donations, if that is it. */
export function rechazoDeGrupo(failure: StoreFailure | null): string | null {
  const campo = failure?.campos?.find(
    (c) => c.field === 'abo' && c.msg.startsWith(GRUPO_DISCORDANTE_PREFIJO),
  );
  return campo?.msg ?? null;
}

export type ResultadosFormValues = {
  abo: string;
  rh: string;
  serologia: Serologia;
  exclusionDefinitiva: string;
  /** '' = none, else days as text (select values are strings). */
  exclusionTiempo: string;
  exclusionCodigo: string;
  /** '' not tested, 'NEGATIVO' or 'POSITIVO' (with the antibody found). */
  anticuerposIrregulares: string;
  anticuerpo: string;
  /** Asked for when the change lifts or shortens the deferral (a doctor's decision, with its reason). */
  motivo: string;
  /** Asked for when the server refused a group that differs from the donor's history. */
  motivoGrupo: string;
};

const ANTICUERPOS_OPTIONS = ANTICUERPOS_IRREGULARES.map((v) => ({
  value: v,
  label: ANTICUERPOS_IRREGULARES_LABELS[v],
}));
const TIEMPO_OPTIONS = [
  { value: '', label: 'Sin exclusión' },
  ...EXCLUSION_TIEMPOS.map((d) => ({ value: String(d), label: EXCLUSION_TIEMPO_LABELS[d] })),
];

export function toResultadosValues(
  d: DonacionDatosFragment,
  serologia: Serologia | null,
): ResultadosFormValues {
  return {
    abo: d.abo ?? '',
    rh: d.rh ?? '',
    serologia: serologia ?? serologiaVacia(),
    exclusionDefinitiva: d.exclusionDefinitiva ?? '',
    exclusionTiempo:
      d.exclusionTiempo === null || d.exclusionTiempo === undefined ? '' : String(d.exclusionTiempo),
    exclusionCodigo: d.exclusionCodigo ?? '',
    anticuerposIrregulares: d.anticuerposIrregulares ?? '',
    anticuerpo: d.anticuerpo ?? '',
    motivo: '',
    motivoGrupo: '',
  };
}

export function toResultadosInput(v: ResultadosFormValues): ResultadosDonacionInput {
  return {
    abo: v.abo,
    rh: v.rh,
    serologia: Object.fromEntries(SEROLOGIA_KEYS.map((k) => [k, Boolean(v.serologia[k])])),
    exclusionDefinitiva: v.exclusionDefinitiva || null,
    exclusionTiempo: v.exclusionTiempo === '' ? null : Number(v.exclusionTiempo),
    exclusionCodigo: v.exclusionCodigo.trim() || null,
    anticuerposIrregulares: v.anticuerposIrregulares,
    anticuerpo: v.anticuerposIrregulares === 'POSITIVO' ? v.anticuerpo.trim() || null : null,
  };
}

/** Whether the serology boxes are as the donation's recorded results read them. */
export function serologiaSinCambios(v: ResultadosFormValues, inicial: ResultadosFormValues): boolean {
  return SEROLOGIA_KEYS.every((k) => Boolean(v.serologia[k]) === Boolean(inicial.serologia[k]));
}

/**
 * Whether saving `v` makes the deferral of the donation `d` (whose recorded serology is `antes`)
 * milder: the server's rule (domain cambioDeResultado), so a doctor is asked for the reason.
 */
export function levantaDiferimiento(
  d: DonacionDatosFragment,
  antes: Serologia | null,
  v: ResultadosFormValues,
): boolean {
  const base = { id: d.id, numero: d.numero, fecha: d.fecha, donacionAferesis: d.donacionAferesis };
  const input = toResultadosInput(v);
  const cambio = cambioDeResultado(
    {
      ...base,
      exclusionDefinitiva: d.exclusionDefinitiva,
      exclusionTiempo: d.exclusionTiempo,
      serologia: antes,
    },
    {
      ...base,
      exclusionDefinitiva: input.exclusionDefinitiva,
      exclusionTiempo: input.exclusionTiempo,
      serologia: v.serologia,
    },
    { decide: true },
  );
  return cambio.levanta !== null;
}

/**
 * The donation's components with their states, once it was split: 'Concentrado de glóbulos rojos
 * (En cuarentena)'; a link to the components screen. Nothing while it is not split (or unreadable:
 * the results are this screen's subject).
 */
function ComponentesDeLaDonacion({ id }: { id: string }) {
  const { data } = useQuery(ComponentesDeLaDonacionDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const componentes = data?.donacion.componentes ?? [];
  if (componentes.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" aria-label="Componentes de la donación" role="group">
      <Text>
        {`Componentes: ${componentes
          .map((c) => `${NOMBRE_PRODUCTO[c.tipo]} (${ESTADO_COMPONENTE_LABELS[c.estado].toLowerCase()})`)
          .join(' · ')}`}
      </Text>
      <Button asChild size="xs" variant="outline">
        <RouterLink to="/componentes">Ver en Componentes</RouterLink>
      </Button>
    </HStack>
  );
}

/** /donacion/{id}/donante/{uid}: blood group, Rh, serology and exclusion of a donation. */
export function DonacionResultadosPage() {
  const { id = '', uid = '' } = useParams();
  const { donacion, isSearching, errorMessage } = useDonacion(id);

  return (
    <Stack gap="5" maxW="4xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          {donacion ? `Donación N° ${donacion.numero}` : 'Donación'}
        </Heading>
        <HStack gap="2">
          <Button asChild variant="outline">
            <RouterLink to={`/donaciones/donante/${uid}`}>Donaciones del donante</RouterLink>
          </Button>
          <Button asChild colorPalette="brand" variant="outline">
            <RouterLink to={`/donaciones/hemodos/${uid}/${id}`}>Planilla</RouterLink>
          </Button>
        </HStack>
      </HStack>
      <LoadingOverlay open={isSearching && !donacion} />
      {errorMessage && <AppAlert message={errorMessage} />}
      {donacion && (
        <Text color="gray.700">
          {`${nombreCompleto(donacion)} · ${formatDate(donacion.fecha)} ${donacion.hora} · ${donacion.tipoBolsa} (lote ${donacion.loteBolsa})`}
          {donacion.identificadorUnidad && ` · Unidad ${identificadorLegible(donacion.identificadorUnidad)}`}
        </Text>
      )}
      {donacion && <ComponentesDeLaDonacion id={donacion.id} />}
      {/* Unreadable serology is reported once, by the form below. */}
      {donacion && leerSerologia(donacion.serologia).ok && (
        <Box as="section" aria-label="Resultados registrados">
          <ResultadoMarcas
            size="md"
            serologia={donacion.serologia}
            exclusionDefinitiva={donacion.exclusionDefinitiva}
            exclusionTiempo={donacion.exclusionTiempo}
            diferimiento={donacion.diferimiento}
            resultados={donacion.resultados}
          />
        </Box>
      )}
      {donacion && <GrupoDiscordantePanel donacion={donacion} />}
      {donacion && <ResultadosLaboratorio donacion={donacion} />}
      {donacion && <ResultadosForm key={donacion.id} donacion={donacion} />}
      {donacion && <InformePostdonacionPanel donacionId={donacion.id} />}
    </Stack>
  );
}

export function ResultadosForm({ donacion }: { donacion: DonacionDatosFragment }) {
  const { actualizar } = useActualizarResultados();
  const { usuario } = useAuth();
  const [failure, setFailure] = useState<StoreFailure | null>(null);
  // The group the server refused as differing from the donor's history, and its message: saving
  // that same group again asks a doctor or a technician to confirm it with a reason.
  const [grupoRechazado, setGrupoRechazado] = useState<{ abo: string; rh: string; msg: string } | null>(null);
  const puedeConfirmarGrupo = confirmaGrupo(usuario?.rol);
  const serologia = leerSerologia(donacion.serologia);
  // The values recorded: read again when the donation changes (a laboratory step recorded above
  // changes its serology), keeping what is typed and not saved yet (keepDirtyOnReinitialize).
  const recorded = JSON.stringify(toResultadosValues(donacion, serologia.ok ? serologia.value : null));
  const initialValues = useMemo(() => JSON.parse(recorded) as ResultadosFormValues, [recorded]);

  if (!serologia.ok) return <AppAlert message={serologia.error} />;

  // Only a doctor or the administrator may lift: anyone else gets the server's refusal.
  const pideMotivo = (v: ResultadosFormValues) =>
    decideMedicamente(usuario?.rol) && levantaDiferimiento(donacion, serologia.value, v);

  // The refusal stands for the group refused: another group is saved (and judged) anew.
  const rechazoVigente = (v: ResultadosFormValues) =>
    grupoRechazado && grupoRechazado.abo === v.abo && grupoRechazado.rh === v.rh ? grupoRechazado : null;
  const confirmaGrupoAhora = (v: ResultadosFormValues) => puedeConfirmarGrupo && rechazoVigente(v) !== null;

  const validate = (v: ResultadosFormValues) => {
    const errors: Record<string, unknown> = toNestedErrors(validateResultados(toResultadosInput(v)));
    const motivo = pideMotivo(v) ? validateMotivo(v.motivo) : undefined;
    if (motivo) errors.motivo = motivo;
    const motivoGrupo = confirmaGrupoAhora(v) ? validateMotivo(v.motivoGrupo) : undefined;
    if (motivoGrupo) errors.motivoGrupo = motivoGrupo;
    return errors;
  };

  const onSubmit = async (values: ResultadosFormValues, form: FormApi<ResultadosFormValues>) => {
    setFailure(null);
    // The reason goes only with a change that needs it.
    const input = toResultadosInput(values);
    // Boxes left as recorded are not written: a marker not tested stays so, and each keeps its tests.
    if (serologiaSinCambios(values, initialValues)) delete input.serologia;
    if (pideMotivo(values)) input.motivo = values.motivo.trim();
    if (confirmaGrupoAhora(values)) {
      input.confirmarGrupo = true;
      input.motivoGrupo = values.motivoGrupo.trim();
    }
    const result = await actualizar(donacion.id, input);
    if (result.ok) {
      showToast(result.message);
      setGrupoRechazado(null);
      form.change('motivo', '');
      form.change('motivoGrupo', '');
      return;
    }
    const msg = rechazoDeGrupo(result);
    if (msg) {
      // Shown beside the save button, with the confirmation it asks for.
      setGrupoRechazado({ abo: values.abo, rh: values.rh, msg });
      const otros = result.errors.filter((e) => e !== msg);
      setFailure(otros.length > 0 ? { ...result, errors: otros } : null);
    } else setFailure(result);
  };

  return (
    <Form<ResultadosFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={validate}
      keepDirtyOnReinitialize
      subscription={{ submitting: true, values: true }}
    >
      {({ handleSubmit, submitting, values }) => {
        const rechazo = rechazoVigente(values);
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Resultados de la donación">
            <Stack gap="5">
              <StoreErrorAlert failure={failure} onClose={() => setFailure(null)} />
              <Box bg="white" borderWidth="1px" borderRadius="lg" p="4">
                <Heading as="h2" size="sm" mb="3">
                  Grupo y factor
                </Heading>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <SelectField name="abo" label={RESULTADOS_LABELS.abo} options={ABO_OPTIONS} />
                  <SelectField name="rh" label={RESULTADOS_LABELS.rh} options={RH_OPTIONS} />
                </Grid>
              </Box>
              <Box bg="white" borderWidth="1px" borderRadius="lg" p="4">
                <Heading as="h2" size="sm" mb="1">
                  Serología
                </Heading>
                <Text fontSize="sm" color="gray.600" mb="3">
                  Marque los marcadores reactivos (+).
                </Text>
                <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
                  {SEROLOGIA_KEYS.map((k) => (
                    <CheckboxField key={k} name={`serologia.${k}`} label={SEROLOGIA_LABELS[k]} />
                  ))}
                </Grid>
              </Box>
              <Box bg="white" borderWidth="1px" borderRadius="lg" p="4">
                <Heading as="h2" size="sm" mb="3">
                  Anticuerpos irregulares
                </Heading>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <SelectField
                    name="anticuerposIrregulares"
                    label="Investigación de anticuerpos irregulares"
                    options={ANTICUERPOS_OPTIONS}
                  />
                  {values.anticuerposIrregulares === 'POSITIVO' && (
                    <TextField
                      name="anticuerpo"
                      label="Anticuerpo"
                      required
                      placeholder="anti-K, anti-E..."
                      inputProps={{ maxLength: ANTICUERPO_MAX, autoComplete: 'off' }}
                    />
                  )}
                </Grid>
              </Box>
              <Box bg="white" borderWidth="1px" borderRadius="lg" p="4">
                <Heading as="h2" size="sm" mb="3">
                  Exclusión
                </Heading>
                <Stack gap="4">
                  <RadioField
                    name="exclusionDefinitiva"
                    label={RESULTADOS_LABELS.exclusionDefinitiva}
                    options={EXCLUSION_TIPOS}
                  />
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                    <SelectField
                      name="exclusionTiempo"
                      label={RESULTADOS_LABELS.exclusionTiempo}
                      options={TIEMPO_OPTIONS}
                      disabled={values.exclusionDefinitiva === 'Definitiva'}
                    />
                    <TextField name="exclusionCodigo" label={RESULTADOS_LABELS.exclusionCodigo} />
                  </Grid>
                  {pideMotivo(values) && (
                    <TextField
                      name="motivo"
                      label="Motivo del levantamiento"
                      required
                      helperText="Este cambio levanta o acorta el diferimiento del donante: la decisión médica queda en la auditoría."
                      inputProps={{ maxLength: MOTIVO_NO_APTO_MAX, autoComplete: 'off' }}
                    />
                  )}
                </Stack>
              </Box>
              <Stack
                direction={{ base: 'column', md: 'row' }}
                justify="flex-end"
                align={{ base: 'stretch', md: 'flex-start' }}
                gap="3"
              >
                {rechazo && (
                  <Stack gap="3" flex="1" aria-label="Confirmación del grupo" role="group">
                    <Text role="alert" fontSize="sm" color="fg.error" fontWeight="medium">
                      {rechazo.msg}
                    </Text>
                    {puedeConfirmarGrupo ? (
                      <TextField
                        name="motivoGrupo"
                        label="Motivo de la confirmación del grupo"
                        required
                        helperText="La donación queda marcada 'Grupo discordante' hasta una nueva tipificación."
                        inputProps={{ maxLength: MOTIVO_NO_APTO_MAX, autoComplete: 'off' }}
                      />
                    ) : (
                      <Text fontSize="sm" color="gray.700">
                        {MSG.soloMedicoTecnicoGrupo}
                      </Text>
                    )}
                  </Stack>
                )}
                <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Guardando...">
                  {rechazo && puedeConfirmarGrupo ? 'Confirmar grupo y guardar' : 'Guardar resultados'}
                </Button>
              </Stack>
            </Stack>
          </form>
        );
      }}
    </Form>
  );
}
