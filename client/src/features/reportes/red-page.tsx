import { Badge, Box, Button, Code, HStack, List, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { lazy, Suspense, useState } from 'react';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { TABLA_TARJETAS_CIFRAS } from './tabla-cifras';
import { showToast } from '@/components/toast';
import { IndicadoresVista } from './indicadores-vista';
import { Descargas, PeriodoPicker, usePeriodo } from './periodo-picker';
import type { ChartSizeProps } from './reportes-charts';
import {
  AprobarNombreMiembroDocument,
  ConsultasRedDocument,
  IndicadoresRedDocument,
  QuitarMiembroDeRedDocument,
  RedDocument,
  RenovarCodigoInvitacionDocument,
} from '@/generated/graphql';
import type { RedQuery } from '@/generated/graphql';
import { downloadBlob, printReporte } from '@/imprimibles/print';
import {
  COLUMNAS_RED,
  redConSuprimidas,
  reporteFileName,
  TOTAL_RED,
  valorTexto,
} from '@/imprimibles/reporte-format';
import type { IndicadoresRedImprimible } from '@/imprimibles/types';
import { usePrint } from '@/imprimibles/use-print';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';
import { buildRedCsv } from './red-csv';

/** The network's stock, look-backs and transfer requests: their own chunk, below the indicators. */
const RedStock = lazy(() => import('./red-stock'));

export type RedPageProps = {
  /** Fixed chart sizes (jsdom has no layout); the screen itself sizes them to their cards. */
  chartSize?: ChartSizeProps;
};

/** The invitation code as it is read aloud or typed: groups of four ('ACDE-FGHJ-KMNP'). */
export function codigoEnGrupos(codigo: string): string {
  return codigo.match(/.{1,4}/g)?.join('-') ?? codigo;
}

/** /red: a network's panel (ROL_RED): its invitation code, its members and their figures. */
export function RedPage({ chartSize }: RedPageProps) {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_RED') return <AppAlert message={MSG.sinPermiso} />;
  return <PanelRed chartSize={chartSize} />;
}

function PanelRed({ chartSize }: RedPageProps) {
  const { data, loading, error } = useQuery(RedDocument);
  const [errores, setErrores] = useState<string[] | null>(null);
  const red = data?.red;
  return (
    <Stack gap="6" maxW="7xl">
      <LoadingOverlay open={loading && !data} />
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
      {red && (
        <>
          <PageCard
            title={red.nombre}
            description="Panel de la red: las cifras de sus servicios, nunca datos de personas."
          >
            <Stack gap="5">
              <Invitacion codigo={red.codigoInvitacion} onError={setErrores} />
              <Miembros miembros={red.miembros} onError={setErrores} />
            </Stack>
          </PageCard>
          <CifrasRed nombre={red.nombre} chartSize={chartSize} />
          <Suspense fallback={null}>
            <RedStock nombre={red.nombre} miembros={red.miembros} />
          </Suspense>
          <ConsultasEntreServicios />
        </>
      )}
    </Stack>
  );
}

type AdministracionProps = {
  /** The server's refusal, in the panel's alert. */
  onError: (errores: string[] | null) => void;
};

function Invitacion({ codigo, onError }: { codigo: string } & AdministracionProps) {
  const texto = codigoEnGrupos(codigo);
  const [confirmar, setConfirmar] = useState(false);
  const [renovar, { loading }] = useMutation(RenovarCodigoInvitacionDocument);
  const onRenovar = async () => {
    onError(null);
    try {
      await renovar();
      showToast(MSG.codigoRedRenovado);
    } catch (e) {
      onError(errorMessages(e));
    } finally {
      setConfirmar(false);
    }
  };
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(texto);
      showToast(MSG.codigoRedCopiado);
    } catch {
      showToast(MSG.codigoRedNoCopiado, 'warning');
    }
  };
  return (
    <Stack gap="2" as="section" aria-labelledby="red-codigo">
      <Text id="red-codigo" fontWeight="semibold">
        Código de invitación
      </Text>
      <HStack gap="3" wrap="wrap">
        <Code
          data-testid="codigo-invitacion"
          fontSize="lg"
          px="3"
          py="1.5"
          userSelect="all"
          letterSpacing="wider"
        >
          {texto}
        </Code>
        <Button size="sm" variant="outline" onClick={() => void copiar()}>
          Copiar código
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirmar(true)}>
          Renovar código
        </Button>
      </HStack>
      <Text fontSize="sm" color="gray.600">
        Para unirse a la red, el administrador de cada servicio escribe este código en Opciones → Red. Desde
        entonces la red ve las cifras del servicio, y los controles de seguridad del donante incluyen las
        donaciones y diferimientos registrados en los demás servicios de la red. Si el código llegó a quien no
        debía, renuévelo: el anterior deja de servir y los servicios miembros siguen en la red.
      </Text>
      <ConfirmDialog
        open={confirmar}
        title="¿Quiere renovar el código de invitación?"
        description="El código actual dejará de servir para unirse a la red. Los servicios que ya son miembros siguen en ella."
        onConfirm={() => void onRenovar()}
        onCancel={() => setConfirmar(false)}
        busy={loading}
      />
    </Stack>
  );
}

type Miembro = RedQuery['red']['miembros'][number];

function Miembros({ miembros, onError }: { miembros: Miembro[] } & AdministracionProps) {
  const [aQuitar, setAQuitar] = useState<Miembro | null>(null);
  // The figures change with the members: read them again.
  const [quitar, { loading }] = useMutation(QuitarMiembroDeRedDocument, {
    refetchQueries: [IndicadoresRedDocument, ConsultasRedDocument],
  });
  const [aprobar, { loading: aprobando }] = useMutation(AprobarNombreMiembroDocument, {
    refetchQueries: [IndicadoresRedDocument, ConsultasRedDocument],
  });
  const onAprobar = async (m: Miembro) => {
    onError(null);
    try {
      await aprobar({ variables: { servicioId: m.id } });
      showToast(MSG.nombreMiembroAprobado);
    } catch (e) {
      onError(errorMessages(e));
    }
  };
  const onQuitar = async () => {
    if (!aQuitar) return;
    onError(null);
    try {
      await quitar({ variables: { servicioId: aQuitar.id } });
      showToast(MSG.miembroQuitadoDeRed(aQuitar.nombre));
    } catch (e) {
      onError(errorMessages(e));
    } finally {
      setAQuitar(null);
    }
  };
  return (
    <Stack gap="2" as="section" aria-labelledby="red-miembros">
      <Text id="red-miembros" fontWeight="semibold">
        Servicios miembros ({miembros.length})
      </Text>
      {miembros.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          Todavía no se unió ningún servicio.
        </Text>
      ) : (
        <List.Root ps="5" gap="1" aria-label="Servicios miembros">
          {miembros.map((m) => (
            <List.Item key={m.id}>
              <HStack gap="3" wrap="wrap">
                <Text as="span">{m.nombre}</Text>
                {m.nombrePropuesto && (
                  <>
                    <Text as="span" fontSize="sm" color="gray.700">
                      Propone llamarse «{m.nombrePropuesto}»: los demás servicios siguen leyendo «{m.nombre}»
                      hasta que la red lo apruebe.
                    </Text>
                    <Button
                      size="xs"
                      colorPalette="brand"
                      loading={aprobando}
                      onClick={() => void onAprobar(m)}
                      aria-label={`Aprobar el nombre «${m.nombrePropuesto}» de ${m.nombre}`}
                    >
                      Aprobar nombre
                    </Button>
                  </>
                )}
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setAQuitar(m)}
                  aria-label={`Quitar de la red: ${m.nombre}`}
                >
                  Quitar de la red
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      <ConfirmDialog
        open={aQuitar !== null}
        title={`¿Quiere quitar ${aQuitar?.nombre ?? ''} de la red?`}
        description="Dejará de compartir con la red la seguridad del donante (intervalo entre donaciones, límites anuales y diferimientos) y la red dejará de ver sus cifras. El código de invitación se renovará, para que no pueda volver a unirse con el actual."
        onConfirm={() => void onQuitar()}
        onCancel={() => setAQuitar(null)}
        busy={loading}
      />
    </Stack>
  );
}

/**
 * The network's figures over a period: the /reportes screen on the total, and a table by servicio;
 * 'menos de 5' where a figure is not published outside its servicio.
 */
function CifrasRed({ nombre, chartSize }: { nombre: string; chartSize?: ChartSizeProps }) {
  const periodo = usePeriodo();
  const { data, previousData, loading, error } = useQuery(IndicadoresRedDocument, {
    variables: periodo.periodo,
    skip: periodo.errores.length > 0,
    fetchPolicy: 'cache-and-network',
  });
  const cifras: IndicadoresRedImprimible | undefined = (data ?? previousData)?.indicadoresRed;
  const pdf = usePrint();

  const descargarCsv = () => {
    if (!cifras) return;
    const { desde, hasta } = cifras.total;
    downloadBlob(
      new Blob([buildRedCsv(cifras, nombre)], { type: 'text/csv;charset=utf-8' }),
      reporteFileName(desde, hasta, 'csv'),
    );
  };
  const descargarPdf = () => {
    if (!cifras) return;
    void pdf.run(printReporte, {
      indicadores: cifras.total,
      porServicio: cifras.porServicio,
      servicio: { nombre, direccion: null, telefono: null },
      titulo: 'Reporte de la red',
      generado: new Date(),
    });
  };

  return (
    <>
      <PageCard
        title="Cifras de la red"
        as="h2"
        description="Todos los servicios miembros juntos en un período, y cada uno en la tabla por servicio."
      >
        <PeriodoPicker estado={periodo}>
          <Descargas disabled={!cifras} onCsv={descargarCsv} onPdf={descargarPdf} generando={pdf.busy} />
        </PeriodoPicker>
      </PageCard>
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {pdf.error && <AppAlert title="No se pudo generar el PDF." message={pdf.error.message} />}
      {cifras && (
        <IndicadoresVista
          indicadores={cifras.total}
          loading={loading}
          chartSize={chartSize}
          suprimidas={redConSuprimidas(cifras)}
        >
          <TablaPorServicio cifras={cifras} />
        </IndicadoresVista>
      )}
    </>
  );
}

function TablaPorServicio({ cifras }: { cifras: IndicadoresRedImprimible }) {
  return (
    <PageCard title="Por servicio" as="h2" description="Las cifras de cada servicio miembro en el período.">
      {cifras.porServicio.length === 0 ? (
        <Text color="gray.600">{MSG.sinDatos}</Text>
      ) : (
        <Box>
          {/* Focusable: with many columns it scrolls, and the keyboard must reach it too. On a
              phone each servicio is a card, every figure on screen. */}
          <Table.ScrollArea tabIndex={0}>
            <Table.Root size="sm" aria-label="Cifras por servicio" css={TABLA_TARJETAS_CIFRAS}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Servicio</Table.ColumnHeader>
                  {COLUMNAS_RED.map((c) => (
                    <Table.ColumnHeader key={c.label} textAlign="end">
                      {c.label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {cifras.porServicio.map((s) => (
                  <Table.Row key={s.servicio.id}>
                    <Table.Cell>{s.servicio.nombre}</Table.Cell>
                    {COLUMNAS_RED.map((c) => (
                      <Table.Cell key={c.label} textAlign="end" data-label={c.label}>
                        {valorTexto(c, s.indicadores)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
              <Table.Footer>
                <Table.Row fontWeight="semibold">
                  <Table.Cell>{TOTAL_RED}</Table.Cell>
                  {COLUMNAS_RED.map((c) => (
                    <Table.Cell key={c.label} textAlign="end" data-label={c.label}>
                      {valorTexto(c, cifras.total)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              </Table.Footer>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      )}
    </PageCard>
  );
}

/**
 * Each member's lookups of the other members' records in the last 7 days: figures about a
 * servicio, never a person; the unusual ones (a budget refusal, a burst, far more lookups than
 * donations) flagged in words and colour.
 */
function ConsultasEntreServicios() {
  const { data, error } = useQuery(ConsultasRedDocument, { fetchPolicy: 'cache-and-network' });
  const filas = data?.consultasRed ?? [];
  return (
    <PageCard
      title="Consultas entre servicios"
      as="h2"
      description="Registros de otros servicios de la red que cada miembro consultó en los últimos 7 días. Cada servicio tiene un límite por minuto y por día; lo inusual se señala para revisar."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Consultas entre servicios" css={TABLA_TARJETAS_CIFRAS}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Servicio</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Registros consultados</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Máximo en un minuto</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Rechazadas por el límite</Table.ColumnHeader>
              <Table.ColumnHeader>Estado</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {filas.map((f) => (
              <Table.Row key={f.servicio.id}>
                <Table.Cell>{f.servicio.nombre}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Registros consultados">
                  {f.consultas}
                </Table.Cell>
                <Table.Cell textAlign="end" data-label="Máximo en un minuto">
                  {f.maximoPorMinuto}
                </Table.Cell>
                <Table.Cell textAlign="end" data-label="Rechazadas por el límite">
                  {f.rechazadas}
                </Table.Cell>
                <Table.Cell data-label="Estado">
                  {f.inusual ? (
                    <Badge colorPalette="red">Inusual: revisar</Badge>
                  ) : (
                    <Text as="span">Normal</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </PageCard>
  );
}
