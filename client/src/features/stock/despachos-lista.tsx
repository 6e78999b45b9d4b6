import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import {
  DETALLE_DESCARTE_MAX,
  MOTIVOS_DESCARTE,
  MOTIVO_DESCARTE_LABELS,
  NOMBRE_PRODUCTO,
} from '@domain/componentes';
import type { MotivoDescarte } from '@domain/componentes';
import { ESTADO_UNIDAD_DESPACHO_LABELS, TIPO_DESTINO_LABELS } from '@domain/despacho';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  DespachosDocument,
  DevolverComponenteDocument,
  RegistrarDestinoFinalDocument,
  StockDocument,
  UnidadesEnStockDocument,
} from '@/generated/graphql';
import type { DespachoDatosFragment } from '@/generated/graphql';
import { usePrint } from '@/imprimibles/use-print';
import { grupoTexto } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';
import { printRemito } from './imprimir-remito';
import { fechaHora, numeroDespacho, toRemito } from './remito-format';
import { useServicioRemito } from './use-servicio-remito';

type UnidadDespacho = DespachoDatosFragment['unidades'][number];

/** The servicio's dispatches, newest first: each with its units, what became of them, and the note. */
export function DespachosLista() {
  const { data, loading, error } = useQuery(DespachosDocument, { fetchPolicy: 'cache-and-network' });
  const servicio = useServicioRemito();
  const print = usePrint();
  const despachos = data?.despachos ?? [];
  return (
    <PageCard
      as="h2"
      title="Despachos"
      description="Los despachos del servicio, los más nuevos primero. Reimprima el remito o registre qué fue de cada unidad: su devolución o su destino final."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {print.error && <AppAlert message={print.error.message} />}
      {loading && !data ? (
        <Text fontSize="sm">Cargando...</Text>
      ) : despachos.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          Todavía no hay despachos.
        </Text>
      ) : (
        despachos.map((d) => (
          <Box
            key={d.id}
            borderWidth="1px"
            borderRadius="md"
            p="3"
            role="region"
            aria-label={`Despacho N° ${numeroDespacho(d.id)}`}
          >
            <Stack gap="2">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="semibold">
                  {`N° ${numeroDespacho(d.id)} · ${fechaHora(d.despachadoEn)} · ${TIPO_DESTINO_LABELS[d.destinoTipo]}${d.destinoNombre !== TIPO_DESTINO_LABELS[d.destinoTipo] ? `: ${d.destinoNombre}` : ''}`}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={print.busy}
                  onClick={() => void print.run(printRemito, toRemito(d, servicio))}
                  aria-label={`Reimprimir el remito N° ${numeroDespacho(d.id)}`}
                >
                  Reimprimir el remito
                </Button>
              </HStack>
              <Text fontSize="sm" color="gray.600">
                {`Despachó ${d.despachadoPor}${d.destinoReferencia ? ` · Referencia ${d.destinoReferencia}` : ''}`}
              </Text>
              <TablaTarjetas
                label={`Unidades del despacho N° ${numeroDespacho(d.id)}`}
                columnas={['Identificador', 'Componente', 'Grupo', 'Estado']}
                acciones="Acciones"
              >
                {d.unidades.map((u) => (
                  <Table.Row key={u.unidad.id} data-codigo={u.unidad.codigo}>
                    <Table.Cell data-label="Identificador" whiteSpace="nowrap" fontFamily="mono">
                      {u.unidad.codigoLegible}
                    </Table.Cell>
                    <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[u.unidad.tipo]}</Table.Cell>
                    <Table.Cell data-label="Grupo">{grupoTexto(u.unidad.abo, u.unidad.rh)}</Table.Cell>
                    <Table.Cell data-label="Estado">
                      <Badge
                        colorPalette={
                          u.estado === 'EN_DESTINO' || u.estado === 'EN_TRANSITO' ? 'blue' : 'gray'
                        }
                      >
                        {ESTADO_UNIDAD_DESPACHO_LABELS[u.estado]}
                      </Badge>
                      {u.cadenaFrio !== null && u.cadenaFrio !== undefined && (
                        <Text fontSize="xs">
                          {u.cadenaFrio ? 'Cadena de frío mantenida' : 'Cadena de frío rota'}
                        </Text>
                      )}
                    </Table.Cell>
                    <AccionesCell>
                      {u.estado === 'EN_DESTINO' ? <QueFue unidad={u} /> : <Text fontSize="sm">—</Text>}
                    </AccionesCell>
                  </Table.Row>
                ))}
              </TablaTarjetas>
            </Stack>
          </Box>
        ))
      )}
    </PageCard>
  );
}

type Opcion = 'DEVUELTA_FRIO' | 'DEVUELTA_SIN_FRIO' | 'TRANSFUNDIDO' | 'DESCARTADO';
const OPCIONES: { valor: Opcion; texto: string }[] = [
  { valor: 'DEVUELTA_FRIO', texto: 'Devolución: cadena de frío mantenida' },
  { valor: 'DEVUELTA_SIN_FRIO', texto: 'Devolución: cadena de frío rota' },
  { valor: 'TRANSFUNDIDO', texto: 'Destino final: transfundida' },
  { valor: 'DESCARTADO', texto: 'Destino final: descartada en el destino' },
];

/** What became of one unit at its destination: back (cold chain kept or broken), transfused, discarded. */
function QueFue({ unidad: u }: { unidad: UnidadDespacho }) {
  const [opcion, setOpcion] = useState<Opcion | ''>('');
  const [motivo, setMotivo] = useState<MotivoDescarte | ''>('');
  const [detalle, setDetalle] = useState('');
  const [errores, setErrores] = useState<string[]>([]);
  const refetch = {
    refetchQueries: [DespachosDocument, StockDocument, UnidadesEnStockDocument],
    awaitRefetchQueries: true,
  };
  const [devolver, dev] = useMutation(DevolverComponenteDocument, refetch);
  const [destinoFinal, fin] = useMutation(RegistrarDestinoFinalDocument, refetch);
  const id = u.unidad.id;
  const nombre = u.unidad.codigoLegible;

  const registrar = async () => {
    setErrores([]);
    try {
      if (opcion === 'DEVUELTA_FRIO' || opcion === 'DEVUELTA_SIN_FRIO') {
        const cadenaFrio = opcion === 'DEVUELTA_FRIO';
        const { data } = await devolver({ variables: { id, cadenaFrio, detalle: detalle.trim() || null } });
        if (data)
          showToast(
            data.devolverComponente.estado === 'LIBERADO'
              ? `Unidad ${nombre} devuelta al stock`
              : `Unidad ${nombre} devuelta y descartada`,
          );
      } else if (opcion === 'TRANSFUNDIDO' || opcion === 'DESCARTADO') {
        await destinoFinal({
          variables: {
            id,
            destino: opcion,
            motivo: opcion === 'DESCARTADO' && motivo ? motivo : null,
            detalle: detalle.trim() || null,
          },
        });
        showToast(`Destino final de la unidad ${nombre} registrado`);
      }
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <Stack gap="2" align="flex-end" minW="16rem">
      <NativeSelect.Root size="xs">
        <NativeSelect.Field
          aria-label={`Qué fue de la unidad ${nombre}`}
          value={opcion}
          onChange={(e) => setOpcion(e.target.value as Opcion | '')}
        >
          <option value="">Registrar devolución o destino final…</option>
          {OPCIONES.map((o) => (
            <option key={o.valor} value={o.valor}>
              {o.texto}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {opcion === 'DESCARTADO' && (
        <NativeSelect.Root size="xs">
          <NativeSelect.Field
            aria-label={`Motivo del descarte de la unidad ${nombre}`}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value as MotivoDescarte | '')}
          >
            <option value="">Motivo del descarte…</option>
            {MOTIVOS_DESCARTE.map((m) => (
              <option key={m} value={m}>
                {MOTIVO_DESCARTE_LABELS[m]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {opcion !== '' && (
        <Field.Root>
          <Input
            size="xs"
            aria-label={`Detalle de la unidad ${nombre}`}
            placeholder="Detalle (opcional)"
            value={detalle}
            maxLength={DETALLE_DESCARTE_MAX}
            onChange={(e) => setDetalle(e.target.value)}
          />
        </Field.Root>
      )}
      {opcion !== '' && (
        <Button
          size="xs"
          colorPalette="brand"
          loading={dev.loading || fin.loading}
          onClick={() => void registrar()}
          aria-label={`Registrar lo que fue de la unidad ${nombre}`}
        >
          Registrar
        </Button>
      )}
      {errores.length > 0 && <AppAlert message={<ServerErrors errors={errores} />} />}
    </Stack>
  );
}
