import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LIBERAR_POR_VEZ_MAX } from '@domain/componentes';
import { formatDate, formatDateTime, todayIso } from '@domain/dates';
import { PAGE_MAX } from '@domain/limites';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { DateInput } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { TrayectoriaUnidad } from '@/components/trayectoria-unidad';
import { Pager } from '@/components/pager';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  ComponentePorCodigoDocument,
  ComponentesDocument,
  DonacionesPorFraccionarDocument,
  LiberarComponenteDocument,
  LiberarComponentesDocument,
} from '@/generated/graphql';
import type {
  ComponenteDatosFragment,
  DonacionPorFraccionarFragment,
  EstadoComponente,
  LiberarComponentesMutation,
  TipoComponente,
} from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';
import {
  ESTADO_COMPONENTE_LABELS,
  NOMBRE_PRODUCTO,
  agruparIdentificador,
  faltaLegible,
  formatFecha,
  formatVencimiento,
} from './componentes-format';
import { DescartarDialog } from './descartar-dialog';
import { FraccionarDialog } from './fraccionar-dialog';
import { MOTIVO_DESCARTE_LABELS, TIPOS, liberaComponentes, produceComponentes } from './reglas';
import { TrazabilidadLista } from './trazabilidad-lista';
import { useEtiquetasComponentes } from './use-etiquetas';
import { grupoTexto } from '@/lib/componentes';

export const COMPONENTES_PAGE_SIZE = 20;

const ESTADOS: readonly EstadoComponente[] = ['CUARENTENA', 'LIBERADO', 'DESPACHADO', 'DESCARTADO'];

const ESTADO_COLOR: Record<EstadoComponente, string> = {
  CUARENTENA: 'orange',
  LIBERADO: 'green',
  DESPACHADO: 'blue',
  DESCARTADO: 'red',
};

/** 'A Positivo', 'O Negativo'; 'Sin tipificar' while the group is not typed. */
export { grupoTexto } from '@/lib/componentes';

/** A unit that can be released now: in quarantine, nothing lacking, in date. */
export const liberable = (c: ComponenteDatosFragment) =>
  c.estado === 'CUARENTENA' && c.faltaParaLiberar.length === 0 && !c.vencido;

type Permisos = { liberar: boolean; producir: boolean };

type AccionesProps = {
  componente: ComponenteDatosFragment;
  permisos: Permisos;
  onDescartar: (c: ComponenteDatosFragment) => void;
  etiquetas: ReturnType<typeof useEtiquetasComponentes>;
};

/** A unit's actions: release, discard, its label and its donation's labels (what the role may). */
function AccionesComponente({ componente: c, permisos, onDescartar, etiquetas }: AccionesProps) {
  const [liberar, { loading }] = useMutation(LiberarComponenteDocument, { refetchQueries: ['Componentes'] });
  const identificador = agruparIdentificador(c.codigo);
  const onLiberar = async () => {
    try {
      await liberar({ variables: { id: c.id } });
      showToast(`Unidad ${identificador} liberada`);
    } catch (e) {
      showToast(errorMessages(e).join('\n'), 'danger');
    }
  };
  return (
    <>
      {permisos.liberar && liberable(c) && (
        <Button
          size="xs"
          colorPalette="brand"
          loading={loading}
          onClick={() => void onLiberar()}
          aria-label={`Liberar ${identificador}`}
        >
          Liberar
        </Button>
      )}
      {permisos.producir && (c.estado === 'CUARENTENA' || c.estado === 'LIBERADO') && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => onDescartar(c)}
          aria-label={`Descartar ${identificador}`}
        >
          Descartar
        </Button>
      )}
      {c.estado !== 'DESCARTADO' && (
        <Button
          size="xs"
          variant="outline"
          disabled={etiquetas.busy}
          onClick={() => void etiquetas.imprimir([c])}
          aria-label={`Etiqueta de ${identificador}`}
        >
          Etiqueta
        </Button>
      )}
      <Button
        size="xs"
        variant="ghost"
        disabled={etiquetas.busy}
        onClick={() => void etiquetas.imprimirDonacion(c.donacion.id)}
        aria-label={`Imprimir etiquetas de la donación N° ${c.donacion.numero}`}
      >
        Etiquetas de la donación
      </Button>
    </>
  );
}

/** The state badge, with who released it or why it was discarded. */
function EstadoCell({ c }: { c: ComponenteDatosFragment }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={ESTADO_COLOR[c.estado]} variant="subtle" data-estado={c.estado}>
        {ESTADO_COMPONENTE_LABELS[c.estado]}
      </Badge>
      {c.vencido && c.estado !== 'DESCARTADO' && (
        <Badge colorPalette="red" variant="outline">
          Vencido
        </Badge>
      )}
      {c.estado === 'LIBERADO' && c.liberadoPor && (
        <Text fontSize="xs" color="gray.600">
          {`Por ${c.liberadoPor}${c.liberadoEn ? `, ${formatDateTime(c.liberadoEn)}` : ''}`}
        </Text>
      )}
      {c.estado === 'DESCARTADO' && c.motivoDescarte && (
        <Text fontSize="xs" color="gray.600">
          {[MOTIVO_DESCARTE_LABELS[c.motivoDescarte], c.detalleDescarte].filter(Boolean).join(': ')}
        </Text>
      )}
    </Stack>
  );
}

/** What a quarantined unit still lacks, one item a line; nothing when it may be released. */
function FaltaCell({ c }: { c: ComponenteDatosFragment }) {
  if (c.estado !== 'CUARENTENA') return <Text color="gray.600">—</Text>;
  if (c.faltaParaLiberar.length === 0) {
    return (
      <Text color="green.700">{c.vencido ? 'Vencido: no puede liberarse' : 'Nada: puede liberarse'}</Text>
    );
  }
  return (
    <List.Root fontSize="sm" ps="4" minW="14rem">
      {faltaLegible(c.faltaParaLiberar).map((f) => (
        <List.Item key={f}>{f}</List.Item>
      ))}
    </List.Root>
  );
}

/**
 * /componentes: the production of blood components. A scanner field reads a unit's identifier
 * (typed, or by a scanner that types it and Enter); the day's donations wait to be split; the
 * components list shows each unit's state and what it still lacks to be released, with the
 * actions the role may take (the server decides: the screen only leaves out what it would refuse).
 */
export function ComponentesPage() {
  const { usuario } = useAuth();
  const permisos: Permisos = {
    liberar: liberaComponentes(usuario?.rol),
    producir: produceComponentes(usuario?.rol),
  };
  const etiquetas = useEtiquetasComponentes();
  const [leido, setLeido] = useState<{ codigo: string; vez: number } | null>(null);
  const [aDescartar, setADescartar] = useState<ComponenteDatosFragment | null>(null);
  const [aFraccionar, setAFraccionar] = useState<DonacionPorFraccionarFragment | null>(null);
  const [fraccionada, setFraccionada] = useState<{
    donacion: DonacionPorFraccionarFragment;
    componentes: ComponenteDatosFragment[];
  } | null>(null);

  const acciones = (c: ComponenteDatosFragment) => (
    <AccionesComponente
      componente={c}
      permisos={permisos}
      onDescartar={setADescartar}
      etiquetas={etiquetas}
    />
  );

  return (
    <Stack gap="5" maxW="7xl">
      <PageCard
        title="Componentes"
        description="Fraccionamiento de las donaciones, cuarentena y liberación de las unidades, descarte con su motivo y etiquetas. Lea el código de una unidad para encontrarla."
      >
        <Escaner onLeer={(codigo) => setLeido((l) => ({ codigo, vez: (l?.vez ?? 0) + 1 }))} />
        {leido && <UnidadLeida codigo={leido.codigo} acciones={acciones} />}
        {etiquetas.error && <AppAlert message={etiquetas.error.message} />}
      </PageCard>
      <PorFraccionar
        puedeFraccionar={permisos.producir}
        onFraccionar={setAFraccionar}
        fraccionada={fraccionada}
        onCerrarFraccionada={() => setFraccionada(null)}
        etiquetas={etiquetas}
      />
      <ListaComponentes permisos={permisos} seleccion={leido} acciones={acciones} />
      <TrazabilidadLista />
      <TrayectoriaUnidad />
      <FraccionarDialog
        donacion={aFraccionar}
        onClose={() => setAFraccionar(null)}
        onFraccionada={(donacion, componentes) => {
          setFraccionada({ donacion, componentes });
          showToast(
            `Donación N° ${donacion.numero} fraccionada: ${componentes.length} componentes en cuarentena`,
          );
        }}
      />
      <DescartarDialog
        componente={aDescartar}
        onClose={() => setADescartar(null)}
        onDescartado={(c) => showToast(`Unidad ${agruparIdentificador(c.codigo)} descartada`)}
      />
    </Stack>
  );
}

/**
 * The scanner field: a barcode scanner types the identifier and Enter, as a keyboard does. It keeps
 * the focus (the page opens with it) and empties after each reading, ready for the next unit.
 */
function Escaner({ onLeer }: { onLeer: (codigo: string) => void }) {
  const [texto, setTexto] = useState('');
  return (
    <form
      role="search"
      aria-label="Leer una unidad"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const codigo = texto.trim();
        if (codigo) onLeer(codigo);
        setTexto('');
      }}
    >
      <HStack align="flex-end" gap="3" wrap="wrap">
        <Field.Root width="auto" flex="1" minW="16rem" maxW="md">
          <Field.Label>Código de la unidad</Field.Label>
          <Input
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="Lea el código de barras o escríbalo"
          />
        </Field.Root>
        <Button type="submit" variant="outline">
          Buscar
        </Button>
      </HStack>
    </form>
  );
}

/** The unit just read: its data and actions, wherever it is in the list (or in no page of it). */
function UnidadLeida({
  codigo,
  acciones,
}: {
  codigo: string;
  acciones: (c: ComponenteDatosFragment) => ReactNode;
}) {
  const { data, loading, error } = useQuery(ComponentePorCodigoDocument, {
    variables: { codigo },
    fetchPolicy: 'network-only',
  });
  if (loading && !data) return <Text fontSize="sm">Buscando...</Text>;
  if (error) return <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />;
  const c = data?.componentePorCodigo;
  if (!c) return <AppAlert severity="warning" message={MSG.unidadSinCodigo(codigo)} />;
  return (
    <Box
      role="region"
      aria-label="Unidad leída"
      borderWidth="2px"
      borderColor="brand.solid"
      borderRadius="md"
      p="3"
      data-codigo={c.codigo}
    >
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{`${NOMBRE_PRODUCTO[c.tipo]} · ${agruparIdentificador(c.codigo)}`}</Text>
          <EstadoCell c={c} />
        </HStack>
        <Text fontSize="sm">
          {`Donación N° ${c.donacion.numero} · ${grupoTexto(c.donacion.abo, c.donacion.rh)} · ${c.volumen} ml · Vence ${formatVencimiento(c.tipo, c.venceEn)}`}
        </Text>
        {c.estado === 'CUARENTENA' && <FaltaCell c={c} />}
        <HStack gap="2" wrap="wrap" data-acciones>
          {acciones(c)}
        </HStack>
      </Stack>
    </Box>
  );
}

function PorFraccionar({
  puedeFraccionar,
  onFraccionar,
  fraccionada,
  onCerrarFraccionada,
  etiquetas,
}: {
  puedeFraccionar: boolean;
  onFraccionar: (d: DonacionPorFraccionarFragment) => void;
  fraccionada: { donacion: DonacionPorFraccionarFragment; componentes: ComponenteDatosFragment[] } | null;
  onCerrarFraccionada: () => void;
  etiquetas: ReturnType<typeof useEtiquetasComponentes>;
}) {
  const [fecha, setFecha] = useState(() => todayIso());
  const valida = /^\d{4}-\d{2}-\d{2}$/.test(fecha);
  const { data, loading, error } = useQuery(DonacionesPorFraccionarDocument, {
    variables: { fecha },
    skip: !valida,
    fetchPolicy: 'cache-and-network',
  });
  const donaciones = data?.donacionesPorFraccionar ?? [];
  return (
    <PageCard
      title="Donaciones por fraccionar"
      as="h2"
      description="Las donaciones del día que aún no se fraccionaron. Cada componente queda en cuarentena hasta que se libera."
    >
      <DateInput
        name="fecha"
        label="Fecha"
        size="sm"
        value={fecha}
        onChange={setFecha}
        rootProps={{ width: '40' }}
      />
      {fraccionada && (
        <AppAlert
          severity="success"
          title={`Donación N° ${fraccionada.donacion.numero} fraccionada`}
          onClose={onCerrarFraccionada}
          message={
            <Stack gap="2" align="flex-start">
              <Text>
                {fraccionada.componentes
                  .map((c) => `${NOMBRE_PRODUCTO[c.tipo]} (${agruparIdentificador(c.codigo)})`)
                  .join('; ')}
              </Text>
              <Button
                size="sm"
                colorPalette="brand"
                loading={etiquetas.busy}
                onClick={() => void etiquetas.imprimir(fraccionada.componentes)}
              >
                Imprimir etiquetas
              </Button>
            </Stack>
          }
        />
      )}
      {/* Not the blocking overlay: it would take the focus from the scanner field. */}
      {loading && !data && (
        <Text role="status" fontSize="sm" color="gray.600">
          Cargando...
        </Text>
      )}
      {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {data && donaciones.length === 0 && (
        <AppAlert severity="info" message={`No hay donaciones por fraccionar del ${formatDate(fecha)}.`} />
      )}
      {donaciones.length > 0 && (
        <TablaTarjetas
          label="Donaciones por fraccionar"
          columnas={['Donación', 'Donante', 'Bolsa', 'Grupo', 'Unidad']}
          acciones={puedeFraccionar ? 'Acciones' : undefined}
        >
          {donaciones.map((d) => (
            <Table.Row key={d.id}>
              <Table.Cell data-label="Donación" whiteSpace="nowrap">
                {`N° ${d.numero} · ${d.hora}`}
              </Table.Cell>
              <Table.Cell data-label="Donante">{`${d.apellido}, ${d.nombre}`}</Table.Cell>
              <Table.Cell data-label="Bolsa">{d.donacionAferesis ? 'Aféresis' : d.tipoBolsa}</Table.Cell>
              <Table.Cell data-label="Grupo">{grupoTexto(d.abo, d.rh)}</Table.Cell>
              <Table.Cell data-label="Unidad" whiteSpace="nowrap">
                {d.identificadorUnidad ? agruparIdentificador(d.identificadorUnidad) : '—'}
              </Table.Cell>
              {puedeFraccionar && (
                <AccionesCell>
                  <Button
                    size="xs"
                    colorPalette="brand"
                    disabled={!d.fraccionable}
                    onClick={() => onFraccionar(d)}
                    aria-label={`Fraccionar la donación N° ${d.numero}`}
                  >
                    Fraccionar
                  </Button>
                </AccionesCell>
              )}
            </Table.Row>
          ))}
        </TablaTarjetas>
      )}
    </PageCard>
  );
}

type Filtros = { desde: string; hasta: string; tipo: TipoComponente | ''; estado: EstadoComponente | '' };

const esFecha = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function ListaComponentes({
  permisos,
  seleccion,
  acciones,
}: {
  permisos: Permisos;
  seleccion: { codigo: string; vez: number } | null;
  acciones: (c: ComponenteDatosFragment) => ReactNode;
}) {
  const [filtros, setFiltros] = useState<Filtros>({ desde: '', hasta: '', tipo: '', estado: '' });
  const [pagina, setPagina] = useState(1);
  const [resumen, setResumen] = useState<LiberarComponentesMutation['liberarComponentes'] | null>(null);
  const [errores, setErrores] = useState<string[] | null>(null);
  const filtro = {
    ...(esFecha(filtros.desde) ? { desde: filtros.desde } : {}),
    ...(esFecha(filtros.hasta) ? { hasta: filtros.hasta } : {}),
    ...(filtros.tipo ? { tipo: filtros.tipo } : {}),
    ...(filtros.estado ? { estado: filtros.estado } : {}),
  };
  const { data, loading, error } = useQuery(ComponentesDocument, {
    variables: {
      filtro,
      page: { offset: (pagina - 1) * COMPONENTES_PAGE_SIZE, limit: COMPONENTES_PAGE_SIZE },
    },
    fetchPolicy: 'cache-and-network',
  });
  const [liberarTodo, { loading: liberando }] = useMutation(LiberarComponentesDocument, {
    refetchQueries: ['Componentes'],
  });
  const page = data?.componentes;
  const items = page?.items ?? [];
  const enCuarentena = items.filter((c) => c.estado === 'CUARENTENA');

  // The unit read by the scanner, when it is on this page: scrolled into view, highlighted.
  const tabla = useRef<HTMLDivElement>(null);
  const seleccionada = seleccion
    ? items.find((c) => c.codigo === seleccion.codigo.replace(/[\s-]/g, '').toUpperCase())
    : undefined;
  useEffect(() => {
    if (!seleccionada) return;
    const fila = tabla.current?.querySelector(`[data-componente="${seleccionada.id}"]`);
    if (fila instanceof HTMLElement && typeof fila.scrollIntoView === 'function') {
      fila.scrollIntoView({ block: 'center', inline: 'start', behavior: 'smooth' });
    }
  }, [seleccionada, seleccion?.vez]);

  const set = (cambio: Partial<Filtros>) => {
    setFiltros((f) => ({ ...f, ...cambio }));
    setPagina(1);
  };

  const apollo = useApolloClient();
  /**
   * Every unit in quarantine that the filters show, on this page or any other (newest first, at
   * most LIBERAR_POR_VEZ_MAX: the most one release takes).
   */
  const idsEnCuarentena = async (): Promise<string[]> => {
    const ids: string[] = [];
    for (let offset = 0; offset < LIBERAR_POR_VEZ_MAX; offset += PAGE_MAX) {
      const { data: d } = await apollo.query({
        query: ComponentesDocument,
        variables: { filtro: { ...filtro, estado: 'CUARENTENA' }, page: { offset, limit: PAGE_MAX } },
        fetchPolicy: 'network-only',
      });
      const got = d?.componentes.items ?? [];
      ids.push(...got.map((c) => c.id));
      if (got.length < PAGE_MAX) break;
    }
    return ids.slice(0, LIBERAR_POR_VEZ_MAX);
  };

  const onLiberarTodo = async () => {
    setErrores(null);
    setResumen(null);
    try {
      const { data: res } = await liberarTodo({ variables: { ids: await idsEnCuarentena() } });
      if (res) setResumen(res.liberarComponentes);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <PageCard
      title="Unidades"
      as="h2"
      description="Los componentes producidos, los más recientes primero. Una unidad en cuarentena muestra lo que le falta para liberarse."
    >
      <HStack gap="3" align="flex-end" wrap="wrap" role="group" aria-label="Filtros">
        <DateInput
          name="desde"
          label="Producidos desde"
          size="sm"
          value={filtros.desde}
          onChange={(desde) => set({ desde })}
          rootProps={{ width: '40' }}
        />
        <DateInput
          name="hasta"
          label="Hasta"
          size="sm"
          value={filtros.hasta}
          onChange={(hasta) => set({ hasta })}
          rootProps={{ width: '40' }}
        />
        <Field.Root width="auto">
          <Field.Label>Componente</Field.Label>
          <NativeSelect.Root size="sm" width="64">
            <NativeSelect.Field
              value={filtros.tipo}
              onChange={(e) => set({ tipo: e.target.value as TipoComponente | '' })}
            >
              <option value="">Todos</option>
              {TIPOS.map((t) => (
                <option key={t} value={t}>
                  {NOMBRE_PRODUCTO[t]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>Estado</Field.Label>
          <NativeSelect.Root size="sm" width="40">
            <NativeSelect.Field
              value={filtros.estado}
              onChange={(e) => set({ estado: e.target.value as EstadoComponente | '' })}
            >
              <option value="">Todos</option>
              {ESTADOS.map((s) => (
                <option key={s} value={s}>
                  {ESTADO_COMPONENTE_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {permisos.liberar && enCuarentena.length > 0 && (
        <Button
          alignSelf="flex-start"
          colorPalette="brand"
          loading={liberando}
          loadingText="Liberando..."
          onClick={() => void onLiberarTodo()}
        >
          Liberar todo lo liberable
        </Button>
      )}
      {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
      {resumen && <ResumenLiberacion resumen={resumen} onClose={() => setResumen(null)} />}
      {/* Not the blocking overlay: it would take the focus from the scanner field. */}
      {loading && !data && (
        <Text role="status" fontSize="sm" color="gray.600">
          Cargando...
        </Text>
      )}
      {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {page && page.total === 0 && (
        <AppAlert severity="info" message="No hay unidades que coincidan con los filtros." />
      )}
      {items.length > 0 && (
        <Box ref={tabla}>
          <TablaTarjetas
            label="Unidades"
            columnas={[
              'Identificador',
              'Producto',
              'Grupo',
              'Producido / Vence',
              'Estado',
              'Falta para liberar',
            ]}
            acciones="Acciones"
            scrollArea={{ bg: 'white' }}
          >
            {items.map((c) => {
              const elegida = c.id === seleccionada?.id;
              return (
                <Table.Row
                  key={c.id}
                  data-componente={c.id}
                  data-codigo={c.codigo}
                  aria-current={elegida ? 'true' : undefined}
                  bg={elegida ? 'yellow.100' : undefined}
                >
                  <Table.Cell data-label="Identificador" whiteSpace="nowrap" fontFamily="mono">
                    {agruparIdentificador(c.codigo)}
                  </Table.Cell>
                  <Table.Cell data-label="Producto">
                    {NOMBRE_PRODUCTO[c.tipo]}
                    <Text as="span" display="block" fontSize="xs" color="gray.600">
                      {`${c.volumen} ml`}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label="Grupo" whiteSpace="nowrap">
                    {grupoTexto(c.donacion.abo, c.donacion.rh)}
                  </Table.Cell>
                  <Table.Cell data-label="Producido / Vence" whiteSpace="nowrap">
                    {formatFecha(c.producidoEn)}
                    <Text as="span" display="block" fontSize="xs" color="gray.600">
                      {`Vence ${formatVencimiento(c.tipo, c.venceEn)}`}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label="Estado">
                    <EstadoCell c={c} />
                  </Table.Cell>
                  <Table.Cell data-label="Falta para liberar">
                    <FaltaCell c={c} />
                  </Table.Cell>
                  <AccionesCell>{acciones(c)}</AccionesCell>
                </Table.Row>
              );
            })}
          </TablaTarjetas>
        </Box>
      )}
      {page && (items.length > 0 || pagina > 1) && (
        <Pager
          pagina={pagina}
          pageSize={COMPONENTES_PAGE_SIZE}
          shown={items.length}
          total={page.total}
          onPage={setPagina}
        />
      )}
    </PageCard>
  );
}

/** After 'Liberar todo lo liberable': how many were released, and each refused with its reasons. */
function ResumenLiberacion({
  resumen,
  onClose,
}: {
  resumen: LiberarComponentesMutation['liberarComponentes'];
  onClose: () => void;
}) {
  const { liberados, rechazados } = resumen;
  const titulo = liberados.length === 1 ? 'Se liberó 1 unidad' : `Se liberaron ${liberados.length} unidades`;
  return (
    <AppAlert
      severity={rechazados.length > 0 ? 'warning' : 'success'}
      title={titulo}
      onClose={onClose}
      message={
        rechazados.length > 0 && (
          <Stack gap="1">
            <Text>
              {rechazados.length === 1
                ? 'No se liberó 1 unidad:'
                : `No se liberaron ${rechazados.length} unidades:`}
            </Text>
            <List.Root ps="4" aria-label="Unidades no liberadas">
              {rechazados.map((r) => (
                <List.Item key={r.componente.id}>
                  {`${agruparIdentificador(r.componente.codigo)} (${NOMBRE_PRODUCTO[r.componente.tipo]}): ${r.motivos.join('; ')}`}
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        )
      }
    />
  );
}
