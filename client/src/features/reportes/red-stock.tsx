import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { NOMBRE_PRODUCTO, TIPOS_COMPONENTE } from '@domain/componentes';
import {
  ESTADO_SOLICITUD_LABELS,
  SOLICITUD_CANTIDAD_MAX,
  SOLICITUD_NOTA_MAX,
  validateSolicitud,
} from '@domain/despacho';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import {
  SolicitarTrasladoDocument,
  SolicitudesTrasladoDocument,
  StockRedDocument,
  TrazabilidadesRedDocument,
} from '@/generated/graphql';
import type { SolicitudTrasladoDatosFragment, TipoComponente } from '@/generated/graphql';
import { formatCifra } from '@/imprimibles/reporte-format';
import { downloadBlob } from '@/imprimibles/print';
import { grupoTexto } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';
import { fechaTexto, VENCIMIENTO_NO_INFORMADO } from '@/lib/stock-csv';
import { buildStockRedCsv, NOTA_STOCK_SUPRIMIDO, stockRedFileName } from './red-csv';
import { TABLA_TARJETAS_CIFRAS } from './tabla-cifras';

type Miembro = { id: string; nombre: string };

/** The eight blood groups a request may ask for, as 'ABO|RH'. */
export const GRUPOS_SOLICITUD: readonly { abo: string; rh: string }[] = ['O', 'A', 'B', 'AB'].flatMap((abo) =>
  ['NEGATIVO', 'POSITIVO'].map((rh) => ({ abo, rh })),
);

/**
 * /red's stock and transfers (the network's account): each member's stock by type and ABO/Rh with
 * the units expiring soon, its open look-backs, and the requests that one member send units to
 * another. Figures only; a figure resting on fewer than 5 donors reads 'menos de 5'.
 */
export default function RedStock({ nombre, miembros }: { nombre: string; miembros: readonly Miembro[] }) {
  return (
    <>
      <StockDeLaRed nombre={nombre} />
      <TrazabilidadesPorIntegrante />
      <SolicitarTraslado miembros={miembros} />
      <SolicitudesDeLaRed />
    </>
  );
}

/** The network's stock; 'Descargar CSV' takes the rows as the table shows them (red-csv.ts). */
function StockDeLaRed({ nombre }: { nombre: string }) {
  const { data, error } = useQuery(StockRedDocument, { fetchPolicy: 'cache-and-network' });
  const filas = data?.stockRed ?? [];
  const descargarCsv = () => {
    const generado = new Date();
    downloadBlob(
      new Blob([buildStockRedCsv(filas, nombre, generado)], { type: 'text/csv;charset=utf-8' }),
      stockRedFileName(generado),
    );
  };
  return (
    <PageCard
      title="Stock de la red"
      as="h2"
      description="Unidades liberadas sin vencer de cada integrante, por componente y grupo, y cuántas vencen dentro de sus días de aviso."
    >
      <HStack>
        <Button
          size="sm"
          variant="outline"
          onClick={descargarCsv}
          disabled={filas.length === 0}
          aria-label="Descargar CSV: Stock de la red"
        >
          Descargar CSV
        </Button>
      </HStack>
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {data && filas.length === 0 ? (
        <Text color="gray.600">Ningún integrante tiene unidades en stock.</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Stock de la red por integrante" css={TABLA_TARJETAS_CIFRAS}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Integrante</Table.ColumnHeader>
                <Table.ColumnHeader>Componente</Table.ColumnHeader>
                <Table.ColumnHeader>Grupo</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Unidades</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Por vencer</Table.ColumnHeader>
                <Table.ColumnHeader>Vencimiento más próximo</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {filas.map((f) => (
                <Table.Row
                  key={`${f.servicioId} ${f.tipo} ${f.abo} ${f.rh}`}
                  data-stock-red={`${f.servicio} ${f.tipo} ${f.abo} ${f.rh}`}
                >
                  <Table.Cell>{f.servicio}</Table.Cell>
                  <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[f.tipo]}</Table.Cell>
                  <Table.Cell data-label="Grupo">{grupoTexto(f.abo, f.rh)}</Table.Cell>
                  <Table.Cell data-label="Unidades" textAlign="end">
                    {formatCifra(f.cantidad)}
                  </Table.Cell>
                  <Table.Cell data-label="Por vencer" textAlign="end">
                    {f.porVencer !== null && f.porVencer > 0 ? (
                      <Badge colorPalette="orange">{formatCifra(f.porVencer)}</Badge>
                    ) : (
                      formatCifra(f.porVencer)
                    )}
                  </Table.Cell>
                  <Table.Cell data-label="Vencimiento más próximo">
                    {f.proximoVencimiento ? fechaTexto(f.proximoVencimiento) : VENCIMIENTO_NO_INFORMADO}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {filas.some((f) => f.suprimido) && (
        <Text fontSize="sm" color="gray.600">
          {NOTA_STOCK_SUPRIMIDO}
        </Text>
      )}
    </PageCard>
  );
}

function TrazabilidadesPorIntegrante() {
  const { data, error } = useQuery(TrazabilidadesRedDocument, { fetchPolicy: 'cache-and-network' });
  const filas = data?.trazabilidadesRed ?? [];
  return (
    <PageCard
      title="Trazabilidades abiertas por integrante"
      as="h2"
      description="Las trazabilidades inversas abiertas de cada integrante: las que abrió y aquellas en que tiene unidades. Solo la cantidad."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label="Trazabilidades abiertas por integrante" css={TABLA_TARJETAS_CIFRAS}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Integrante</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Abiertas</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {filas.map((f) => (
              <Table.Row key={f.servicioId}>
                <Table.Cell>{f.servicio}</Table.Cell>
                <Table.Cell data-label="Abiertas" textAlign="end">
                  {formatCifra(f.abiertas)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {filas.some((f) => f.suprimido) && (
        <Text fontSize="sm" color="gray.600">
          {`'${MSG.menosDeCinco}': cada trazabilidad señala a un donante reactivo; de 1 a 4 no se publican fuera del servicio.`}
        </Text>
      )}
    </PageCard>
  );
}

type ErrorCampo = { field: string; msg: string };

function SolicitarTraslado({ miembros }: { miembros: readonly Miembro[] }) {
  const [origenId, setOrigenId] = useState('');
  const [destinoId, setDestinoId] = useState('');
  const [tipo, setTipo] = useState<TipoComponente>('GLOBULOS_ROJOS');
  const [grupo, setGrupo] = useState('O|NEGATIVO');
  const [cantidad, setCantidad] = useState('');
  const [nota, setNota] = useState('');
  const [errores, setErrores] = useState<ErrorCampo[]>([]);
  const [solicitar, { loading }] = useMutation(SolicitarTrasladoDocument, {
    refetchQueries: [SolicitudesTrasladoDocument],
    awaitRefetchQueries: true,
  });
  const errorDe = (field: string) => errores.find((e) => e.field === field)?.msg;
  const generales = errores.filter((e) => !['destinoId', 'cantidad', 'nota'].includes(e.field));

  const enviar = async () => {
    const [abo, rh] = grupo.split('|');
    const n = cantidad.trim() === '' ? Number.NaN : Number(cantidad);
    const input = { origenId, destinoId, tipo, abo, rh, cantidad: n, nota: nota.trim() || null };
    const propios = validateSolicitud(input);
    setErrores(propios);
    if (propios.length > 0) return;
    try {
      await solicitar({ variables: { input } });
      showToast('Solicitud de traslado enviada');
      setCantidad('');
      setNota('');
    } catch (e) {
      setErrores(errorMessages(e).map((msg) => ({ field: '', msg })));
    }
  };

  const opcionesMiembros = (
    <>
      <option value="">Elija un integrante</option>
      {miembros.map((m) => (
        <option key={m.id} value={m.id}>
          {m.nombre}
        </option>
      ))}
    </>
  );

  return (
    <PageCard
      title="Solicitar traslado"
      as="h2"
      description="Pida a un integrante que envíe unidades a otro: el que envía acepta (y las despacha) o rechaza con un motivo."
    >
      {miembros.length < 2 ? (
        <Text color="gray.600">Hacen falta dos integrantes en la red para pedir un traslado.</Text>
      ) : (
        <form
          aria-label="Solicitar traslado"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void enviar();
          }}
        >
          <Stack gap="3">
            {generales.length > 0 && (
              <AppAlert message={<ServerErrors errors={generales.map((e) => e.msg)} />} />
            )}
            <HStack align="flex-start" gap="3" wrap="wrap">
              <Field.Root width="auto" minW="14rem" invalid={!!errorDe('destinoId')} required>
                <Field.Label>Integrante que envía</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={origenId} onChange={(e) => setOrigenId(e.target.value)}>
                    {opcionesMiembros}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root width="auto" minW="14rem" invalid={!!errorDe('destinoId')} required>
                <Field.Label>Integrante que recibe</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={destinoId} onChange={(e) => setDestinoId(e.target.value)}>
                    {opcionesMiembros}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{errorDe('destinoId')}</Field.ErrorText>
              </Field.Root>
            </HStack>
            <HStack align="flex-start" gap="3" wrap="wrap">
              <Field.Root width="auto" minW="14rem">
                <Field.Label>Componente</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={tipo}
                    onChange={(e) => setTipo(e.target.value as TipoComponente)}
                  >
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
                  <NativeSelect.Field value={grupo} onChange={(e) => setGrupo(e.target.value)}>
                    {GRUPOS_SOLICITUD.map((g) => (
                      <option key={`${g.abo}|${g.rh}`} value={`${g.abo}|${g.rh}`}>
                        {grupoTexto(g.abo, g.rh)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root width="auto" maxW="10rem" invalid={!!errorDe('cantidad')} required>
                <Field.Label>Cantidad</Field.Label>
                <Input
                  size="sm"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={SOLICITUD_CANTIDAD_MAX}
                  value={cantidad}
                  onChange={(e) => setCantidad(e.target.value)}
                />
                <Field.ErrorText>{errorDe('cantidad')}</Field.ErrorText>
              </Field.Root>
            </HStack>
            <Field.Root invalid={!!errorDe('nota')} maxW="2xl">
              <Field.Label>Nota para el integrante que envía</Field.Label>
              <Input
                size="sm"
                value={nota}
                maxLength={SOLICITUD_NOTA_MAX}
                onChange={(e) => setNota(e.target.value)}
                placeholder="Para qué o con qué urgencia (opcional)"
              />
              <Field.ErrorText>{errorDe('nota')}</Field.ErrorText>
            </Field.Root>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={loading}>
                Solicitar traslado
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </PageCard>
  );
}

/** A request's state as a badge: pending, accepted, declined. */
export function EstadoSolicitudBadge({ estado }: { estado: SolicitudTrasladoDatosFragment['estado'] }) {
  const color = estado === 'ACEPTADA' ? 'green' : estado === 'RECHAZADA' ? 'red' : 'gray';
  return <Badge colorPalette={color}>{ESTADO_SOLICITUD_LABELS[estado]}</Badge>;
}

function SolicitudesDeLaRed() {
  const { data, error } = useQuery(SolicitudesTrasladoDocument, { fetchPolicy: 'cache-and-network' });
  const filas = data?.solicitudesTraslado ?? [];
  return (
    <PageCard title="Solicitudes de traslado" as="h2" description="Las solicitudes de la red y su respuesta.">
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {data && filas.length === 0 ? (
        <Text color="gray.600">Todavía no hay solicitudes.</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Solicitudes de traslado" css={TABLA_TARJETAS_CIFRAS}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Fecha</Table.ColumnHeader>
                <Table.ColumnHeader>Envía</Table.ColumnHeader>
                <Table.ColumnHeader>Recibe</Table.ColumnHeader>
                <Table.ColumnHeader>Componente</Table.ColumnHeader>
                <Table.ColumnHeader>Grupo</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Cantidad</Table.ColumnHeader>
                <Table.ColumnHeader>Estado</Table.ColumnHeader>
                <Table.ColumnHeader>Nota o motivo</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {filas.map((s) => (
                <Table.Row key={s.id} data-solicitud={s.id}>
                  <Table.Cell>{fechaTexto(s.creadaEn)}</Table.Cell>
                  <Table.Cell data-label="Envía">{s.origen}</Table.Cell>
                  <Table.Cell data-label="Recibe">{s.destino}</Table.Cell>
                  <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[s.tipo]}</Table.Cell>
                  <Table.Cell data-label="Grupo">{grupoTexto(s.abo, s.rh)}</Table.Cell>
                  <Table.Cell data-label="Cantidad" textAlign="end">
                    {s.cantidad}
                  </Table.Cell>
                  <Table.Cell data-label="Estado">
                    <EstadoSolicitudBadge estado={s.estado} />
                  </Table.Cell>
                  <Table.Cell data-label="Nota o motivo">
                    {[s.nota, s.motivo ? `Motivo del rechazo: ${s.motivo}` : null]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </PageCard>
  );
}
