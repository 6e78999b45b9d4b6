import {
  Badge,
  Box,
  Button,
  Checkbox,
  Grid,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { difiere, TIPO_PREGUNTA_LABELS } from '@domain/entrevista';
import { MSG } from '@domain/messages';
import { decideReactivo } from '@domain/roles';
import { ESTADO_VISITA_LABELS, pasoVisitaNegado } from '@domain/visita';
import { AppAlert } from '@/components/app-alert';
import { LabelledField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import {
  AbandonarVisitaDocument,
  CerrarVisitaNoAptoDocument,
  ConfirmarEntrevistaDocument,
  CuestionarioDocument,
  RegistrarFirmasDocument,
  ResponderEntrevistaDocument,
  VisitaDocument,
} from '@/generated/graphql';
import type { PreguntaDatosFragment, VisitaDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { invalidarElegibilidad } from '@/lib/elegibilidad-cache';
import { errorMessages } from '@/lib/graphql-errors';
import { ImprimirEntrevista } from './imprimir-entrevista';

/** What a deferring answer means, in words. */
export function consecuencia(
  p: Pick<PreguntaDatosFragment, 'definitivo' | 'diferimientoDias' | 'motivoCodigo'>,
) {
  const plazo = p.definitivo ? 'en forma definitiva' : `por ${p.diferimientoDias} días`;
  return `Difiere al donante ${plazo}${p.motivoCodigo ? ` (${p.motivoCodigo})` : ''}`;
}

function Pregunta({
  pregunta,
  valor,
  oculta,
  editable,
  onChange,
}: {
  pregunta: PreguntaDatosFragment;
  valor: string;
  oculta: boolean;
  editable: boolean;
  onChange: (valor: string) => void;
}) {
  const label = `${pregunta.orden}. ${pregunta.texto}`;
  const difiereAhora = valor !== '' && difiere(pregunta, valor);
  return (
    <Box borderBottomWidth="1px" borderColor="gray.200" py="2">
      <Grid templateColumns={{ base: '1fr', md: '1fr 14rem' }} gap="3" alignItems="center">
        <Text>
          {label}{' '}
          {pregunta.confidencial && (
            <Badge colorPalette="purple" variant="subtle">
              Confidencial
            </Badge>
          )}
        </Text>
        {pregunta.tipo === 'SI_NO' ? (
          <NativeSelect.Root disabled={!editable}>
            <NativeSelect.Field
              aria-label={label}
              bg="white"
              value={valor}
              onChange={(e) => onChange(e.target.value)}
            >
              <option value="">{oculta ? MSG.respuestaConfidencial : 'Elegir'}</option>
              <option value="SI">Sí</option>
              <option value="NO">No</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Input
            aria-label={label}
            bg="white"
            disabled={!editable}
            placeholder={oculta ? MSG.respuestaConfidencial : TIPO_PREGUNTA_LABELS[pregunta.tipo]}
            type={pregunta.tipo === 'FECHA' ? 'date' : pregunta.tipo === 'NUMERO' ? 'number' : 'text'}
            value={valor}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Grid>
      {difiereAhora && (
        <Text color="red.700" fontSize="sm" mt="1">
          {consecuencia(pregunta)}
        </Text>
      )}
    </Box>
  );
}

/**
 * After a change that may end the visit (and defer the donor): the day's visits and every cached
 * donor's eligibility are read again (lib/elegibilidad-cache), on this screen and the next.
 */
function despuesDeTerminar(cache: ApolloCache): void {
  invalidarElegibilidad(cache);
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'visitas' });
  cache.gc();
}

function Entrevista({ visita, editable }: { visita: VisitaDatosFragment; editable: boolean }) {
  const { usuario } = useAuth();
  const medico = decideReactivo(usuario?.rol);
  const cuestionario = useQuery(CuestionarioDocument, { fetchPolicy: 'cache-and-network' });
  const registradas = new Map(visita.respuestas.map((r) => [r.preguntaId ?? '', r]));
  const oculta = (id: string) => registradas.has(id) && registradas.get(id)?.valor === null;
  const [valores, setValores] = useState<Record<string, string>>(() =>
    Object.fromEntries(visita.respuestas.map((r) => [r.preguntaId ?? '', r.valor ?? ''])),
  );
  const [errores, setErrores] = useState<string[] | null>(null);
  const [responder, { loading: guardando }] = useMutation(ResponderEntrevistaDocument);
  // Confirming may end the visit 'No apto' with a deferral: every list showing eligibility reads it again.
  const [confirmar, { loading: confirmando }] = useMutation(ConfirmarEntrevistaDocument, {
    update: despuesDeTerminar,
  });
  const preguntas = (cuestionario.data?.cuestionario ?? []).filter((p) => p.activa);
  const confirmada = Boolean(visita.confirmadaEn);
  const sePuedeConfirmar =
    medico &&
    pasoVisitaNegado(
      {
        estado: visita.estado,
        respondida: visita.respuestas.length > 0,
        confirmada,
        declaracionFirmada: visita.declaracionFirmada,
        consentimientoFirmado: visita.consentimientoFirmado,
      },
      'confirmar',
      usuario?.rol ?? '',
    ) === null;

  const guardar = async () => {
    setErrores(null);
    try {
      await responder({
        variables: {
          visitaId: visita.id,
          // A confidential answer this user cannot read and left untouched is not sent: the server
          // keeps the stored one.
          respuestas: preguntas
            .filter((p) => !(oculta(p.id) && (valores[p.id] ?? '') === ''))
            .map((p) => ({ preguntaId: p.id, valor: valores[p.id] ?? '' })),
        },
      });
      showToast('Respuestas guardadas');
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  const onConfirmar = async () => {
    setErrores(null);
    try {
      const { data } = await confirmar({ variables: { visitaId: visita.id } });
      const estado = data?.confirmarEntrevista.estado;
      showToast(
        estado === 'NO_APTO' ? "Entrevista confirmada: la visita terminó 'No apto'" : 'Entrevista confirmada',
      );
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  // Answered and not editable: the answers as recorded (with the question as it was asked).
  const lista: PreguntaDatosFragment[] =
    editable || visita.respuestas.length === 0
      ? preguntas
      : visita.respuestas.map((r) => ({
          __typename: 'PreguntaCuestionario',
          id: r.preguntaId ?? String(r.orden),
          clave: '',
          texto: r.texto,
          tipo: r.tipo,
          confidencial: r.confidencial,
          orden: r.orden,
          activa: true,
          difiereSi: null,
          diferimientoDias: 0,
          definitivo: false,
          motivoCodigo: r.motivoCodigo,
        }));

  return (
    <PageCard
      title="Entrevista predonación"
      as="h2"
      description="Las respuestas a las preguntas confidenciales solo las ve un médico. Una respuesta que difiere termina la visita 'No apto' cuando el médico confirma la entrevista."
    >
      <LoadingOverlay open={cuestionario.loading && !cuestionario.data} />
      <Stack gap="3">
        {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
        <Box as="form" aria-label="Entrevista predonación">
          {lista.map((p) => (
            <Pregunta
              key={p.id}
              pregunta={p}
              valor={valores[p.id] ?? ''}
              oculta={oculta(p.id)}
              editable={editable}
              onChange={(v) => setValores((prev) => ({ ...prev, [p.id]: v }))}
            />
          ))}
        </Box>
        {visita.diferimiento && (
          <AppAlert
            severity="warning"
            title="Las respuestas difieren al donante"
            message={`${visita.diferimiento.motivo}: ${
              visita.diferimiento.definitivo ? 'en forma definitiva' : `${visita.diferimiento.dias} días`
            }`}
          />
        )}
        {confirmada && <Text>{`Entrevista confirmada por ${visita.confirmadaPor ?? 'el médico'}.`}</Text>}
        <HStack gap="3" flexWrap="wrap">
          {editable && (
            <Button colorPalette="brand" onClick={() => void guardar()} loading={guardando}>
              Guardar respuestas
            </Button>
          )}
          {sePuedeConfirmar && (
            <Button
              colorPalette="brand"
              variant="outline"
              onClick={() => void onConfirmar()}
              loading={confirmando}
            >
              Confirmar entrevista
            </Button>
          )}
          {!medico && visita.estado === 'EN_CURSO' && visita.respuestas.length > 0 && !confirmada && (
            <Text color="gray.700">{MSG.entrevistaSinConfirmar}</Text>
          )}
        </HStack>
      </Stack>
    </PageCard>
  );
}

function CheckboxSimple({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      colorPalette="brand"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

function Firmas({ visita, editable }: { visita: VisitaDatosFragment; editable: boolean }) {
  const [declaracion, setDeclaracion] = useState(visita.declaracionFirmada);
  const [consentimiento, setConsentimiento] = useState(visita.consentimientoFirmado);
  const [testigoDeclaracion, setTestigoDeclaracion] = useState(visita.testigoDeclaracion ?? '');
  const [testigoConsentimiento, setTestigoConsentimiento] = useState(visita.testigoConsentimiento ?? '');
  const [errores, setErrores] = useState<string[] | null>(null);
  const [registrar, { loading }] = useMutation(RegistrarFirmasDocument);
  const guardar = async () => {
    setErrores(null);
    try {
      await registrar({
        variables: {
          visitaId: visita.id,
          input: {
            declaracionFirmada: declaracion,
            testigoDeclaracion: testigoDeclaracion || null,
            consentimientoFirmado: consentimiento,
            testigoConsentimiento: testigoConsentimiento || null,
          },
        },
      });
      showToast('Firmas registradas');
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };
  return (
    <PageCard
      title="Declaración jurada y consentimiento"
      as="h2"
      description="El donante firma en papel la entrevista impresa (declaración jurada) y el consentimiento informado; aquí se registra que los firmó y quién fue testigo."
    >
      <Stack gap="3">
        {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" alignItems="end">
          <CheckboxSimple
            label="Firmó la declaración jurada"
            checked={declaracion}
            disabled={!editable}
            onChange={setDeclaracion}
          />
          <LabelledField label="Testigo de la declaración">
            <Input
              bg="white"
              disabled={!editable}
              value={testigoDeclaracion}
              onChange={(e) => setTestigoDeclaracion(e.target.value)}
            />
          </LabelledField>
          <CheckboxSimple
            label="Firmó el consentimiento informado"
            checked={consentimiento}
            disabled={!editable}
            onChange={setConsentimiento}
          />
          <LabelledField label="Testigo del consentimiento">
            <Input
              bg="white"
              disabled={!editable}
              value={testigoConsentimiento}
              onChange={(e) => setTestigoConsentimiento(e.target.value)}
            />
          </LabelledField>
        </Grid>
        {editable && (
          <Box>
            <Button colorPalette="brand" onClick={() => void guardar()} loading={loading}>
              Registrar firmas
            </Button>
          </Box>
        )}
      </Stack>
    </PageCard>
  );
}

function Final({ visita }: { visita: VisitaDatosFragment }) {
  const navigate = useNavigate();
  const { usuario } = useAuth();
  const [motivo, setMotivo] = useState('');
  const [dias, setDias] = useState('0');
  const [errores, setErrores] = useState<string[] | null>(null);
  const [cerrar, { loading: cerrando }] = useMutation(CerrarVisitaNoAptoDocument, {
    update: despuesDeTerminar,
  });
  const [abandonar, { loading: abandonando }] = useMutation(AbandonarVisitaDocument, {
    update: despuesDeTerminar,
  });
  if (visita.estado === 'DONACION') {
    return (
      <AppAlert
        severity="success"
        title={`La visita terminó en la donación N° ${visita.donacionNumero ?? ''}`}
        message={
          <RouterLink to={`/donaciones/hemodos/${visita.donanteId}/${visita.donacionId ?? ''}`}>
            Ver la hoja de la donación y la constancia
          </RouterLink>
        }
      />
    );
  }
  if (visita.estado === 'NO_APTO') {
    return (
      <AppAlert severity="warning" title="La visita terminó 'No apto'" message={visita.motivoNoApto ?? ''} />
    );
  }
  if (visita.estado !== 'EN_CURSO')
    return <AppAlert severity="info" message="El donante se fue sin donar." />;
  const negado = pasoVisitaNegado(
    {
      estado: visita.estado,
      respondida: visita.respuestas.length > 0,
      confirmada: Boolean(visita.confirmadaEn),
      declaracionFirmada: visita.declaracionFirmada,
      consentimientoFirmado: visita.consentimientoFirmado,
    },
    'donar',
    usuario?.rol ?? '',
  );
  const noApto = async () => {
    setErrores(null);
    const n = dias.trim() === '' ? 0 : Number(dias);
    try {
      await cerrar({ variables: { visitaId: visita.id, input: { motivo, diferimientoDias: n } } });
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };
  return (
    <PageCard title="Final de la visita" as="h2">
      <Stack gap="4">
        {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
        <HStack gap="3" flexWrap="wrap">
          <Button
            colorPalette="brand"
            disabled={negado !== null}
            onClick={() => navigate(`/donaciones/nueva/${visita.donanteId}?visita=${visita.id}`)}
          >
            Registrar donación
          </Button>
          {negado && <Text color="gray.700">{negado}</Text>}
        </HStack>
        <Box as="form" aria-label="No apto">
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr auto' }} gap="3" alignItems="end">
            <LabelledField label="Motivo del No apto">
              <Input bg="white" value={motivo} onChange={(e) => setMotivo(e.target.value)} />
            </LabelledField>
            <LabelledField label="Diferir por (días)">
              <Input bg="white" type="number" value={dias} onChange={(e) => setDias(e.target.value)} />
            </LabelledField>
            <Button colorPalette="red" variant="outline" onClick={() => void noApto()} loading={cerrando}>
              Registrar No apto
            </Button>
          </Grid>
        </Box>
        <Box>
          <Button
            variant="ghost"
            loading={abandonando}
            onClick={() =>
              void abandonar({ variables: { visitaId: visita.id } }).catch((e: unknown) =>
                setErrores(errorMessages(e)),
              )
            }
          >
            El donante se fue sin donar
          </Button>
        </Box>
      </Stack>
    </PageCard>
  );
}

/** /visitas/{id}: one visit, from the arrival to its end. */
export function VisitaPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(VisitaDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const visita = data?.visita;
  if (!visita) {
    return (
      <Stack gap="5" maxW="5xl">
        <LoadingOverlay open={loading} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      </Stack>
    );
  }
  const enCurso = visita.estado === 'EN_CURSO';
  const nombre = visita.donante ? nombreCompleto(visita.donante) : '';
  return (
    <Stack gap="5" maxW="5xl">
      <PageCard
        title={`Visita de ${nombre}`}
        description={`DNI ${visita.donante?.dni ?? ''} · Llegó el ${formatDate(visita.fecha)} a las ${visita.hora}${
          visita.recibidoPor ? ` · Recibió: ${visita.recibidoPor}` : ''
        }`}
      >
        <HStack gap="3" flexWrap="wrap">
          <Badge
            colorPalette={enCurso ? 'blue' : visita.estado === 'DONACION' ? 'green' : 'orange'}
            size="lg"
          >
            {ESTADO_VISITA_LABELS[visita.estado]}
          </Badge>
          <ImprimirEntrevista visita={visita} />
        </HStack>
      </PageCard>
      <Entrevista
        key={`${visita.id}-${visita.respuestas.length}`}
        visita={visita}
        editable={enCurso && !visita.confirmadaEn}
      />
      <Firmas visita={visita} editable={enCurso} />
      <Final visita={visita} />
    </Stack>
  );
}
