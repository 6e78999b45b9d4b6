import { Badge, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { NOMBRE_PRODUCTO, TIPOS_COMPONENTE } from '@domain/componentes';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { Pager } from '@/components/pager';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas, siguienteOrden } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  ComponentesEnTransitoDocument,
  RecibirComponenteDocument,
  StockDocument,
  UnidadesEnStockDocument,
} from '@/generated/graphql';
import type { TipoComponente, UnidadStockFragment } from '@/generated/graphql';
import { downloadBlob } from '@/imprimibles/print';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';
import { grupoTexto } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';
import { useAuth } from '@/lib/auth-context';
import { despacha } from '@domain/despacho';
import { TrayectoriaUnidad } from '@/components/trayectoria-unidad';
import { DespachoPanel } from './despacho-panel';
import { DespachosLista } from './despachos-lista';
import { SolicitudesRed } from './solicitudes-red';
import {
  buildStockCsv,
  fechaTexto,
  filtrarStock,
  grupoValor,
  ordenarStock,
  stockFileName,
  type CampoStock,
  type FiltroStockPantalla,
  type OrdenStock,
  type StockFila,
} from './stock-format';

export const UNIDADES_PAGE_SIZE = 20;

const COLUMNAS: { titulo: string; campo: CampoStock }[] = [
  { titulo: 'Componente', campo: 'tipo' },
  { titulo: 'Grupo', campo: 'grupo' },
  { titulo: 'Unidades', campo: 'cantidad' },
  { titulo: 'Por vencer', campo: 'porVencer' },
  { titulo: 'Vencimiento más próximo', campo: 'proximoVencimiento' },
];

/**
 * /stock: the servicio's released units in date by type and ABO/Rh, with the nearest expiry and
 * those expiring within the days the servicio set per type highlighted; a row opens its units.
 * The units other members of the network dispatched here wait in transit until read ('Recibir').
 */
export function StockPage() {
  const { usuario } = useAuth();
  const puedeDespachar = despacha(usuario?.rol);
  const [fila, setFila] = useState<StockFila | null>(null);
  const [despachando, setDespachando] = useState(false);
  /** The member a request accepted asks to dispatch to: the panel opens for it. */
  const [miembro, setMiembro] = useState<string | null>(null);
  return (
    <Stack gap="5" maxW="7xl">
      <TablaStock
        seleccionada={fila}
        onAbrir={setFila}
        onDespachar={puedeDespachar && !despachando ? () => setDespachando(true) : undefined}
      />
      <SolicitudesRed
        puedeResponder={puedeDespachar}
        onAceptada={(destinoId) => {
          setMiembro(destinoId);
          setDespachando(true);
        }}
      />
      {despachando && (
        <DespachoPanel
          key={miembro ?? ''}
          miembroInicial={miembro}
          onCerrar={() => {
            setDespachando(false);
            setMiembro(null);
          }}
        />
      )}
      {fila && <UnidadesDeFila fila={fila} onCerrar={() => setFila(null)} />}
      <EnTransito puedeRecibir={puedeDespachar} />
      {puedeDespachar && <DespachosLista />}
      <TrayectoriaUnidad />
    </Stack>
  );
}

function TablaStock({
  seleccionada,
  onAbrir,
  onDespachar,
}: {
  seleccionada: StockFila | null;
  onAbrir: (f: StockFila) => void;
  /** Absent for a role that does not dispatch (or while the panel is open). */
  onDespachar?: () => void;
}) {
  const { data, loading, error } = useQuery(StockDocument, { fetchPolicy: 'cache-and-network' });
  const servicio = useServicioImprimible();
  const [orden, setOrden] = useState<OrdenStock | null>(null);
  const [filtro, setFiltro] = useState<FiltroStockPantalla>({ tipo: '', grupo: '' });
  const todas = data?.stock ?? [];
  const filas = ordenarStock(filtrarStock(todas, filtro), orden);
  const grupos = [
    ...new Map(
      ordenarStock(todas, { campo: 'grupo', direccion: 'ASC' }).map((f) => [grupoValor(f), f]),
    ).values(),
  ];
  const total = filas.reduce((n, f) => n + f.cantidad, 0);

  const descargarCsv = () => {
    const generado = new Date();
    downloadBlob(
      new Blob([buildStockCsv(filas, servicio.nombre, generado)], { type: 'text/csv;charset=utf-8' }),
      stockFileName(generado),
    );
  };

  return (
    <PageCard
      title="Stock"
      description="Unidades liberadas y sin vencer, por componente y grupo ABO/Rh. Se señalan las que vencen dentro de los días de aviso de cada tipo. Elija una fila para ver sus unidades."
    >
      <HStack align="flex-end" gap="3" wrap="wrap">
        <Field.Root width="auto" minW="14rem">
          <Field.Label>Componente</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={filtro.tipo}
              onChange={(e) => setFiltro((f) => ({ ...f, tipo: e.target.value as TipoComponente | '' }))}
            >
              <option value="">Todos</option>
              {TIPOS_COMPONENTE.map((t) => (
                <option key={t} value={t}>
                  {NOMBRE_PRODUCTO[t]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto" minW="10rem">
          <Field.Label>Grupo</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={filtro.grupo}
              onChange={(e) => setFiltro((f) => ({ ...f, grupo: e.target.value }))}
            >
              <option value="">Todos</option>
              {grupos.map((g) => (
                <option key={grupoValor(g)} value={grupoValor(g)}>
                  {grupoTexto(g.abo, g.rh)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" variant="outline" onClick={descargarCsv} disabled={filas.length === 0}>
          Descargar CSV
        </Button>
        {onDespachar && (
          <Button size="sm" colorPalette="brand" onClick={onDespachar}>
            Despachar
          </Button>
        )}
      </HStack>
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {loading && !data ? (
        <Text fontSize="sm">Cargando...</Text>
      ) : filas.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          {todas.length === 0 ? 'No hay unidades en stock.' : 'Ninguna fila coincide con los filtros.'}
        </Text>
      ) : (
        <>
          <TablaTarjetas
            label="Stock por componente y grupo"
            columnas={COLUMNAS}
            orden={orden}
            onOrdenar={(campo) => setOrden((o) => siguienteOrden(o, campo as CampoStock))}
            acciones="Unidades"
            accionesOcultas
            interactive
          >
            {filas.map((f) => {
              const clave = `${f.tipo} ${grupoValor(f)}`;
              const abierta =
                seleccionada !== null && `${seleccionada.tipo} ${grupoValor(seleccionada)}` === clave;
              return (
                <Table.Row key={clave} data-stock={clave} bg={abierta ? 'brand.subtle' : undefined}>
                  <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[f.tipo]}</Table.Cell>
                  <Table.Cell data-label="Grupo" whiteSpace="nowrap">
                    {grupoTexto(f.abo, f.rh)}
                  </Table.Cell>
                  <Table.Cell data-label="Unidades">{f.cantidad}</Table.Cell>
                  <Table.Cell data-label="Por vencer">
                    {f.porVencer > 0 ? (
                      <Badge colorPalette="orange" title={`Vencen dentro de ${f.diasAviso} días`}>
                        {`${f.porVencer} por vencer`}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell data-label="Vencimiento más próximo" whiteSpace="nowrap">
                    {fechaTexto(f.proximoVencimiento)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => onAbrir(f)}
                      aria-label={`Ver las unidades de ${NOMBRE_PRODUCTO[f.tipo]} ${grupoTexto(f.abo, f.rh)}`}
                    >
                      Ver las unidades
                    </Button>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </TablaTarjetas>
          <Text fontSize="sm" color="gray.600">{`${total} unidades en total`}</Text>
        </>
      )}
    </PageCard>
  );
}

/** The units behind a row of the stock, nearest expiry first, a page at a time. */
function UnidadesDeFila({ fila, onCerrar }: { fila: StockFila; onCerrar: () => void }) {
  const [pagina, setPagina] = useState(1);
  const { data, previousData, loading, error } = useQuery(UnidadesEnStockDocument, {
    variables: {
      filtro: { tipo: fila.tipo, abo: fila.abo, rh: fila.rh },
      page: { offset: (pagina - 1) * UNIDADES_PAGE_SIZE, limit: UNIDADES_PAGE_SIZE },
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.unidadesEnStock;
  const titulo = `${NOMBRE_PRODUCTO[fila.tipo]} ${grupoTexto(fila.abo, fila.rh)}`;
  return (
    <PageCard
      as="h2"
      title={titulo}
      description="Las unidades de esta fila, la de vencimiento más próximo primero."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {loading && !page ? (
        <Text fontSize="sm">Cargando...</Text>
      ) : (
        page && (
          <>
            <TablaUnidades label={`Unidades de ${titulo}`} unidades={page.items} />
            <Pager
              pagina={pagina}
              pageSize={UNIDADES_PAGE_SIZE}
              shown={page.items.length}
              total={page.total}
              onPage={setPagina}
            />
          </>
        )
      )}
      <HStack>
        <Button size="sm" variant="outline" onClick={onCerrar}>
          Cerrar
        </Button>
      </HStack>
    </PageCard>
  );
}

export function TablaUnidades({
  label,
  unidades,
}: {
  label: string;
  unidades: readonly UnidadStockFragment[];
}) {
  return (
    <TablaTarjetas
      label={label}
      columnas={['Identificador', 'Componente', 'Grupo', 'Volumen', 'Vence', 'Origen']}
    >
      {unidades.map((u) => (
        <Table.Row key={u.id} data-codigo={u.codigo}>
          <Table.Cell data-label="Identificador" whiteSpace="nowrap" fontFamily="mono">
            {u.codigoLegible}
          </Table.Cell>
          <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[u.tipo]}</Table.Cell>
          <Table.Cell data-label="Grupo" whiteSpace="nowrap">
            {grupoTexto(u.abo, u.rh)}
          </Table.Cell>
          <Table.Cell data-label="Volumen">{`${u.volumen} ml`}</Table.Cell>
          <Table.Cell data-label="Vence" whiteSpace="nowrap">
            {fechaTexto(u.venceEn)}{' '}
            {u.porVencer && (
              <Badge colorPalette="orange" ms="1">
                Por vencer
              </Badge>
            )}
          </Table.Cell>
          <Table.Cell data-label="Origen">
            {u.recibido ? `Recibida de ${u.servicioOrigen}` : 'Propia'}
          </Table.Cell>
        </Table.Row>
      ))}
    </TablaTarjetas>
  );
}

/**
 * The units other members of the network dispatched to this servicio, not yet received. Reading a
 * unit's identifier (scanner: the code and Enter) receives it into the stock.
 */
function EnTransito({ puedeRecibir }: { puedeRecibir: boolean }) {
  const { data, error } = useQuery(ComponentesEnTransitoDocument, { fetchPolicy: 'cache-and-network' });
  const [texto, setTexto] = useState('');
  const [errores, setErrores] = useState<string[]>([]);
  const [recibir, { loading }] = useMutation(RecibirComponenteDocument, {
    refetchQueries: [StockDocument, ComponentesEnTransitoDocument, UnidadesEnStockDocument],
    awaitRefetchQueries: true,
  });
  const unidades = data?.componentesEnTransito ?? [];

  const leer = async (codigo: string) => {
    setErrores([]);
    try {
      const { data: r } = await recibir({ variables: { codigo } });
      if (r) showToast(`Unidad ${r.recibirComponente.codigoLegible} recibida en el stock`);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <PageCard
      as="h2"
      title="En tránsito"
      description="Unidades que otros servicios de la red despacharon a este. Lea el código de una unidad para recibirla: entra al stock con su identificador original."
    >
      {puedeRecibir && (
        <form
          aria-label="Recibir una unidad"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const codigo = texto.trim();
            setTexto('');
            if (codigo) void leer(codigo);
          }}
        >
          <HStack align="flex-end" gap="3" wrap="wrap">
            <Field.Root width="auto" flex="1" minW="16rem" maxW="md">
              <Field.Label>Código de la unidad a recibir</Field.Label>
              <Input
                value={texto}
                onChange={(e) => setTexto(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="Lea el código de barras o escríbalo"
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={loading}>
              Recibir
            </Button>
          </HStack>
        </form>
      )}
      {errores.length > 0 && <AppAlert message={<ServerErrors errors={errores} />} />}
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {unidades.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          No hay unidades en tránsito hacia este servicio.
        </Text>
      ) : (
        <TablaUnidades label="Unidades en tránsito" unidades={unidades} />
      )}
    </PageCard>
  );
}
