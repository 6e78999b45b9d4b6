import { Badge, Box, Button, Grid, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, isValidIsoDate, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import {
  ESTADO_RESULTADO_LABELS,
  ESTADOS_REPETICION,
  ESTADOS_RESULTADO,
  ETAPA_LABELS,
  type Etapa,
  type EstadoResultado,
} from '@domain/resultados';
import { AppAlert } from '@/components/app-alert';
import { DateField, SelectField, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  RegistrarConfirmatorioDocument,
  RegistrarRepeticionDocument,
  RegistrarTamizajeDocument,
} from '@/generated/graphql';
import type { DonacionDatosFragment, ResultadoDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';
import { invalidarDonante } from './donaciones-store';

/** The step a laboratory records next for a marker. */
export type Paso = 'tamizaje' | 'repeticion' | 'confirmatorio';

export const PASO_LABELS: Record<Paso, string> = {
  tamizaje: 'Registrar tamizaje',
  repeticion: 'Registrar repetición',
  confirmatorio: 'Registrar confirmatorio',
};

/**
 * What may be recorded of a marker, as the server allows it: a screening until it is repeated,
 * the repeat in duplicate of a reactive or indeterminate screening, the confirmatory test of a
 * repeatedly reactive one. Nothing after the confirmatory test.
 */
export function pasosDe(r: Pick<ResultadoDatosFragment, 'etapa' | 'repeticion1' | 'repeticion2'>): Paso[] {
  const etapa = r.etapa as Etapa;
  if (etapa === 'REPETIR') return ['repeticion', 'tamizaje'];
  if (etapa === 'REPETIDAMENTE_REACTIVO') return ['confirmatorio'];
  if (r.repeticion1 || r.repeticion2) return [];
  if (etapa === 'SIN_REALIZAR' || etapa === 'NO_REACTIVO') return ['tamizaje'];
  return [];
}

const estadoLabel = (e: string | null | undefined) =>
  e ? (ESTADO_RESULTADO_LABELS[e as EstadoResultado] ?? e) : '';
const entre = (...partes: (string | null | undefined)[]) => {
  const dichas = partes.filter((p): p is string => Boolean(p));
  return dichas.length ? ` (${dichas.join(', ')})` : '';
};
const fecha = (f: string | null | undefined) => (f && isValidIsoDate(f) ? formatDate(f) : f);

/** How the stage reads on the screen: a coloured badge, the words say it (never colour alone). */
function EtapaBadge({ r }: { r: ResultadoDatosFragment }) {
  const etapa = r.etapa as Etapa;
  const palette =
    etapa === 'SIN_REALIZAR' || etapa === 'NO_REACTIVO' || etapa === 'CONFIRMADO_NEGATIVO'
      ? 'gray'
      : etapa === 'REPETIR'
        ? 'orange'
        : 'red';
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={palette} variant={palette === 'red' ? 'solid' : 'subtle'}>
        {ETAPA_LABELS[etapa] ?? r.etapa}
      </Badge>
      <Text as="span" fontSize="xs" color="gray.600">
        {r.signo}
      </Text>
    </Stack>
  );
}

type FormValues = Record<string, string>;

const ESTADO_OPTIONS = ESTADOS_RESULTADO.map((e) => ({ value: e, label: ESTADO_RESULTADO_LABELS[e] }));
const REPETICION_OPTIONS = ESTADOS_REPETICION.map((e) => ({ value: e, label: ESTADO_RESULTADO_LABELS[e] }));
const CONFIRMATORIO_OPTIONS = [
  { value: 'POSITIVO', label: 'Positivo' },
  { value: 'NEGATIVO', label: 'Negativo' },
];

function requerido(v: FormValues, campos: string[]) {
  const errors: FormValues = {};
  for (const c of campos) if (!(v[c] ?? '').trim()) errors[c] = MSG.requerido;
  if (v.fecha && !isValidIsoDate(v.fecha)) errors.fecha = MSG.fechaInvalida;
  else if (v.fecha && v.fecha > todayIso()) errors.fecha = MSG.resultadoFechaFutura;
  return errors;
}

function valoresIniciales(paso: Paso, r: ResultadoDatosFragment): FormValues {
  const hoy = todayIso();
  if (paso === 'tamizaje')
    return { estado: r.estado === 'NO_REALIZADO' ? '' : r.estado, tecnica: r.tecnica ?? '', fecha: hoy };
  if (paso === 'repeticion') return { primera: '', segunda: '', tecnica: r.tecnica ?? '', fecha: hoy };
  return { resultado: '', tecnica: '', laboratorio: '', fecha: hoy };
}

function validar(paso: Paso, v: FormValues) {
  if (paso === 'tamizaje')
    return requerido(v, v.estado === 'NO_REALIZADO' ? ['estado'] : ['estado', 'fecha']);
  if (paso === 'repeticion') return requerido(v, ['primera', 'segunda', 'fecha']);
  return requerido(v, ['resultado', 'tecnica', 'laboratorio', 'fecha']);
}

type PasoFormProps = {
  donacion: DonacionDatosFragment;
  resultado: ResultadoDatosFragment;
  paso: Paso;
  onDone: () => void;
};

/** One step of a marker, recorded: the server's refusal is shown in Spanish next to the button. */
function PasoForm({ donacion, resultado: r, paso, onDone }: PasoFormProps) {
  const [errores, setErrores] = useState<string[] | null>(null);
  const opciones = { update: invalidar };
  const [tamizaje] = useMutation(RegistrarTamizajeDocument, opciones);
  const [repeticion] = useMutation(RegistrarRepeticionDocument, opciones);
  const [confirmatorio] = useMutation(RegistrarConfirmatorioDocument, opciones);
  const [initialValues] = useState(() => valoresIniciales(paso, r));

  const onSubmit = async (v: FormValues) => {
    setErrores(null);
    const base = { donacionId: donacion.id };
    const tecnica = v.tecnica?.trim() || null;
    try {
      if (paso === 'tamizaje') {
        const sin = v.estado === 'NO_REALIZADO';
        await tamizaje({
          variables: {
            ...base,
            input: { marcador: r.marcador, estado: v.estado, tecnica, fecha: sin ? null : v.fecha },
          },
        });
      } else if (paso === 'repeticion') {
        await repeticion({
          variables: {
            ...base,
            input: { marcador: r.marcador, primera: v.primera, segunda: v.segunda, tecnica, fecha: v.fecha },
          },
        });
      } else {
        await confirmatorio({
          variables: {
            ...base,
            input: {
              marcador: r.marcador,
              resultado: v.resultado,
              tecnica: v.tecnica.trim(),
              laboratorio: v.laboratorio.trim(),
              fecha: v.fecha,
            },
          },
        });
      }
      showToast(`${r.nombre}: resultado registrado`);
      onDone();
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  const titulo = `${PASO_LABELS[paso]}: ${r.nombre}`;
  return (
    <Form<FormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(v) => validar(paso, v)}
      subscription={{ submitting: true, values: true }}
    >
      {({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={titulo}>
          <Box bg="gray.50" borderWidth="1px" borderRadius="md" p="4">
            <Stack gap="4">
              <Heading as="h3" size="sm">
                {titulo}
              </Heading>
              {paso === 'repeticion' && (
                <Text fontSize="sm" color="gray.700">
                  {`Tamizaje: ${estadoLabel(r.estado)}${entre(r.tecnica, fecha(r.fecha))}. Repita la prueba por duplicado.`}
                </Text>
              )}
              {paso === 'confirmatorio' && (
                <Text fontSize="sm" color="gray.700">
                  Positiva difiere al donante en forma definitiva; negativa permite que un médico levante el
                  diferimiento.
                </Text>
              )}
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
                {paso === 'tamizaje' && (
                  <SelectField
                    name="estado"
                    label="Resultado"
                    options={ESTADO_OPTIONS}
                    placeholder=""
                    required
                  />
                )}
                {paso === 'repeticion' && (
                  <>
                    <SelectField
                      name="primera"
                      label="Primera determinación"
                      options={REPETICION_OPTIONS}
                      placeholder=""
                      required
                    />
                    <SelectField
                      name="segunda"
                      label="Segunda determinación"
                      options={REPETICION_OPTIONS}
                      placeholder=""
                      required
                    />
                  </>
                )}
                {paso === 'confirmatorio' && (
                  <>
                    <SelectField
                      name="resultado"
                      label="Resultado"
                      options={CONFIRMATORIO_OPTIONS}
                      placeholder=""
                      required
                    />
                    <TextField
                      name="laboratorio"
                      label="Laboratorio"
                      required
                      inputProps={{ maxLength: 100 }}
                    />
                  </>
                )}
                <TextField
                  name="tecnica"
                  label="Técnica"
                  required={paso === 'confirmatorio'}
                  inputProps={{ maxLength: 100, autoComplete: 'off' }}
                />
                <DateField
                  name="fecha"
                  label="Fecha"
                  required={!(paso === 'tamizaje' && values.estado === 'NO_REALIZADO')}
                />
              </Grid>
              {errores && (
                <AppAlert
                  title="No se pudo registrar el resultado"
                  message={<ServerErrors errors={errores} />}
                  onClose={() => setErrores(null)}
                />
              )}
              <HStack justify="flex-end" gap="2">
                <Button variant="outline" onClick={onDone} disabled={submitting}>
                  Cancelar
                </Button>
                <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Guardando...">
                  {PASO_LABELS[paso]}
                </Button>
              </HStack>
            </Stack>
          </Box>
        </form>
      )}
    </Form>
  );
}

/** After a result: the person's eligibility (a repeatedly reactive marker defers) is read again. */
function invalidar(
  cache: Parameters<typeof invalidarDonante>[0],
  { data }: { data?: Record<string, { donanteId: string } | undefined> | null },
) {
  const donanteId = data ? Object.values(data)[0]?.donanteId : undefined;
  if (donanteId) invalidarDonante(cache, donanteId);
}

export type ResultadosLaboratorioProps = { donacion: DonacionDatosFragment };

/**
 * A donation's laboratory results per marker of the servicio's panel: the screening, its repeat
 * in duplicate and the confirmatory test, each with technique, date and who recorded it, and the
 * step each marker awaits. Every role of the servicio records them; the server is the authority.
 */
export function ResultadosLaboratorio({ donacion }: ResultadosLaboratorioProps) {
  const { usuario } = useAuth();
  const [abierto, setAbierto] = useState<{ marcador: string; paso: Paso } | null>(null);
  const quien = (uid: string | null | undefined) => {
    if (!uid) return null;
    if (uid === usuario?.id) return `por ${[usuario.nombre, usuario.apellido].filter(Boolean).join(' ')}`;
    return 'por otro integrante';
  };
  const actual = abierto ? donacion.resultados.find((r) => r.marcador === abierto.marcador) : undefined;

  return (
    <Stack
      as="section"
      aria-labelledby="laboratorio-titulo"
      gap="3"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <Heading as="h2" size="sm" id="laboratorio-titulo">
        Resultados de laboratorio
      </Heading>
      <Text fontSize="sm" color="gray.600">
        Un tamizaje reactivo o indeterminado se repite por duplicado; repetidamente reactivo difiere al
        donante y espera la prueba confirmatoria.
      </Text>
      <TablaTarjetas
        label="Resultados por marcador"
        columnas={['Marcador', 'Tamizaje', 'Repetición', 'Confirmatorio', 'Estado']}
        acciones="Acciones"
        accionesOcultas
      >
        {donacion.resultados.map((r) => (
          <Table.Row key={r.marcador} data-marcador={r.marcador}>
            <Table.Cell fontWeight="medium" data-label="Marcador">
              {r.nombre}
            </Table.Cell>
            <Table.Cell data-label="Tamizaje" whiteSpace="normal">
              {estadoLabel(r.estado)}
              {r.estado !== 'NO_REALIZADO' && (
                <Text as="span" display="block" fontSize="xs" color="gray.600">
                  {[r.tecnica, fecha(r.fecha), quien(r.registradoPor)].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell data-label="Repetición" whiteSpace="normal">
              {r.repeticion1 && r.repeticion2 ? (
                <>
                  {`${estadoLabel(r.repeticion1)} / ${estadoLabel(r.repeticion2)}`}
                  <Text as="span" display="block" fontSize="xs" color="gray.600">
                    {[r.repeticionTecnica, fecha(r.repeticionFecha), quien(r.repeticionPor)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </>
              ) : (
                '—'
              )}
            </Table.Cell>
            <Table.Cell data-label="Confirmatorio" whiteSpace="normal">
              {r.confirmatorioResultado ? (
                <>
                  {r.confirmatorioResultado === 'POSITIVO' ? 'Positivo' : 'Negativo'}
                  <Text as="span" display="block" fontSize="xs" color="gray.600">
                    {[
                      r.confirmatorioTecnica,
                      r.confirmatorioLaboratorio,
                      fecha(r.confirmatorioFecha),
                      quien(r.confirmatorioPor),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </>
              ) : (
                '—'
              )}
            </Table.Cell>
            <Table.Cell data-label="Estado">
              <EtapaBadge r={r} />
            </Table.Cell>
            <Table.Cell textAlign="end">
              <HStack gap="1" justify="flex-end" wrap="wrap" data-acciones>
                {pasosDe(r).map((paso) => {
                  const texto =
                    paso === 'tamizaje' && r.estado !== 'NO_REALIZADO'
                      ? 'Corregir tamizaje'
                      : PASO_LABELS[paso];
                  return (
                    <Button
                      key={paso}
                      size="xs"
                      variant={paso === 'tamizaje' && pasosDe(r).length > 1 ? 'ghost' : 'outline'}
                      // The visible text first (what a voice user says), then the marker it acts on.
                      aria-label={`${texto}: ${r.nombre}`}
                      onClick={() => setAbierto({ marcador: r.marcador, paso })}
                    >
                      {texto}
                    </Button>
                  );
                })}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </TablaTarjetas>
      {donacion.resultados.some((r) => r.etapa === 'CONFIRMADO_POSITIVO') ? (
        <Text fontSize="sm" color="red.700" fontWeight="medium">
          Confirmatorio positivo: el diferimiento del donante es definitivo.
        </Text>
      ) : (
        donacion.resultados.some((r) => r.etapa === 'CONFIRMADO_NEGATIVO') &&
        donacion.diferimiento && (
          <Text fontSize="sm" color="gray.700">
            Confirmatorio negativo: un médico puede levantar el diferimiento (Exclusión, con el motivo).
          </Text>
        )
      )}
      {donacion.resultados.some((r) => r.etapa === 'REPETIDAMENTE_REACTIVO') && (
        <Text fontSize="sm" color="gray.700">
          {'El donante está en la lista de '}
          <Link asChild color="brand.700" textDecoration="underline">
            <RouterLink to="/citaciones">Citaciones</RouterLink>
          </Link>
          {' para una nueva muestra de la prueba confirmatoria.'}
        </Text>
      )}
      {abierto && actual && (
        <PasoForm
          key={`${abierto.marcador}-${abierto.paso}`}
          donacion={donacion}
          resultado={actual}
          paso={abierto.paso}
          onDone={() => setAbierto(null)}
        />
      )}
    </Stack>
  );
}
