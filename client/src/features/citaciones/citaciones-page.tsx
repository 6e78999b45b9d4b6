import { Button, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ESTADO_CITACION_LABELS,
  ESTADOS_CITACION,
  isEstadoCitacion,
  MEDIO_INTENTO_LABELS,
} from '@domain/citacion';
import { formatDate } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { AppAlert } from '@/components/app-alert';
import { LabelledField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { Pager } from '@/components/pager';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { CitacionesDocument } from '@/generated/graphql';
import type { FiltroCitaciones } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { CitacionDialog } from './citacion-dialog';

export const CITACIONES_PAGE_SIZE = 20;

const FILTROS = [
  { value: 'ABIERTAS', label: 'Abiertas' },
  ...ESTADOS_CITACION.map((e) => ({ value: e, label: ESTADO_CITACION_LABELS[e] })),
  { value: 'TODAS', label: 'Todas' },
];

const filtroDe = (valor: string): FiltroCitaciones =>
  isEstadoCitacion(valor) ? { estado: valor } : valor === 'TODAS' ? {} : { abiertas: true };

/**
 * /citaciones: the donors the servicio has to call back, newest first, open ones unless another
 * state is chosen. A doctor sees why (a reactive result awaiting a confirmatory sample, a
 * confirmed result to be told, another reason) and closes them; every other role sees only
 * 'Citación pendiente', and records the attempts and the appointment.
 */
export function CitacionesPage() {
  const [params, setParams] = useSearchParams();
  const estado = params.get('estado') ?? 'ABIERTAS';
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const [abiertaId, setAbiertaId] = useState<string | null>(null);
  const { data, loading, error } = useQuery(CitacionesDocument, {
    variables: {
      filtro: filtroDe(estado),
      page: { offset: (pagina - 1) * CITACIONES_PAGE_SIZE, limit: CITACIONES_PAGE_SIZE },
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.citaciones;
  const items = page?.items ?? [];
  const abierta = items.find((c) => c.id === abiertaId) ?? null;

  return (
    <Stack gap="5" maxW="6xl">
      <PageCard
        title="Citaciones"
        description="Donantes a los que hay que llamar: resultados reactivos que esperan una muestra para la prueba confirmatoria, resultados confirmados que hay que informar y otros motivos. El motivo solo lo ve un médico."
      >
        <LoadingOverlay open={loading && !data} />
        <Stack maxW="16rem" mb="4">
          <LabelledField label="Estado">
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label="Estado"
                value={estado}
                bg="white"
                onChange={(e) => setParams({ estado: e.target.value })}
              >
                {FILTROS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </LabelledField>
        </Stack>
        {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {page && page.total === 0 && <AppAlert severity="info" message="No hay citaciones con ese estado." />}
        {items.length > 0 && (
          <TablaTarjetas
            label="Citaciones"
            columnas={['Donante', 'Motivo', 'Estado', 'Cita', 'Último intento']}
            acciones="Acciones"
            scrollArea={{ bg: 'white' }}
          >
            {items.map((c) => {
              const ultimo = c.intentos.at(-1);
              const nombre = c.donante ? nombreCompleto(c.donante) : '';
              return (
                <Table.Row key={c.id}>
                  <Table.Cell data-label="Donante">
                    {nombre}
                    <Text as="span" display="block" fontSize="xs" color="gray.600">
                      {`DNI ${c.donante?.dni ?? ''}${c.donante?.telefono ? ` · Tel. ${c.donante.telefono}` : ''}`}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label="Motivo" whiteSpace="normal">
                    {c.motivoTexto}
                  </Table.Cell>
                  <Table.Cell data-label="Estado">{ESTADO_CITACION_LABELS[c.estado]}</Table.Cell>
                  <Table.Cell data-label="Cita">{c.cita ? formatDate(c.cita) : '—'}</Table.Cell>
                  <Table.Cell data-label="Último intento" whiteSpace="normal">
                    {ultimo
                      ? `${formatDate(ultimo.fecha)} · ${MEDIO_INTENTO_LABELS[ultimo.medio]}`
                      : 'Ninguno'}
                  </Table.Cell>
                  <AccionesCell>
                    <Button
                      size="xs"
                      colorPalette="brand"
                      onClick={() => setAbiertaId(c.id)}
                      aria-label={`Ver la citación de ${nombre}`}
                    >
                      Ver
                    </Button>
                  </AccionesCell>
                </Table.Row>
              );
            })}
          </TablaTarjetas>
        )}
        {page && (items.length > 0 || pagina > 1) && (
          <Pager
            pagina={pagina}
            pageSize={CITACIONES_PAGE_SIZE}
            shown={items.length}
            total={page.total}
            onPage={(n) => setParams({ estado, pagina: String(n) })}
          />
        )}
      </PageCard>
      <CitacionDialog citacion={abierta} onClose={() => setAbiertaId(null)} />
    </Stack>
  );
}
