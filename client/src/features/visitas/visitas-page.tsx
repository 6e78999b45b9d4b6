import { Button, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, isValidIsoDate, todayIso } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { ESTADO_VISITA_LABELS } from '@domain/visita';
import { AppAlert } from '@/components/app-alert';
import { LabelledField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { DonantesLlegadaDocument, IniciarVisitaDocument, VisitasDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';

/** How many visits of a day the list shows. */
export const VISITAS_DEL_DIA_MAX = 100;

/**
 * /visitas: 'Visitas del día'. The arrival of a donor (search by DNI or surname, 'Registrar
 * llegada') opens a visit; the day's visits, newest first, each with its state and a link to it.
 */
export function VisitasPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const pedida = params.get('fecha') ?? '';
  const fecha = isValidIsoDate(pedida) ? pedida : todayIso();
  const { data, loading, error } = useQuery(VisitasDocument, {
    variables: { fecha, page: { limit: VISITAS_DEL_DIA_MAX } },
    fetchPolicy: 'cache-and-network',
  });
  const [busqueda, setBusqueda] = useState('');
  const [buscar, encontrados] = useLazyQuery(DonantesLlegadaDocument, { fetchPolicy: 'network-only' });
  const [iniciar, { loading: iniciando }] = useMutation(IniciarVisitaDocument, {
    update(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'visitas' });
      cache.gc();
    },
  });
  const [errores, setErrores] = useState<string[] | null>(null);

  const onBuscar = async () => {
    const texto = busqueda.trim();
    if (texto === '') return;
    const filter = /^\d/.test(texto) ? { dni: texto } : { apellido: texto };
    await buscar({ variables: { filter } });
  };

  const registrarLlegada = async (donanteId: string) => {
    setErrores(null);
    try {
      const { data: creada } = await iniciar({ variables: { donanteId } });
      if (creada) navigate(`/visitas/${creada.iniciarVisita.id}`);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  const items = data?.visitas.items ?? [];
  const candidatos = encontrados.data?.donantes.items ?? [];

  return (
    <Stack gap="5" maxW="6xl">
      <PageCard
        title="Visitas del día"
        description="Cada vez que un donante concurre es una visita: la llegada, la entrevista predonación, la confirmación del médico, las firmas y su final (donación o No apto)."
      >
        <Stack gap="4">
          <form
            aria-label="Registrar llegada"
            onSubmit={(e) => {
              e.preventDefault();
              void onBuscar();
            }}
          >
            <HStack align="end" gap="3" flexWrap="wrap">
              <LabelledField label="Donante (DNI o apellido)" rootProps={{ maxW: '20rem' }}>
                <Input bg="white" value={busqueda} onChange={(e) => setBusqueda(e.target.value)} />
              </LabelledField>
              <Button type="submit" colorPalette="brand" loading={encontrados.loading}>
                Buscar donante
              </Button>
            </HStack>
          </form>
          {errores && (
            <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />
          )}
          {encontrados.data && candidatos.length === 0 && (
            <AppAlert severity="info" message="No se encontró un donante con ese DNI o apellido." />
          )}
          {candidatos.length > 0 && (
            <TablaTarjetas label="Donantes encontrados" columnas={['Donante', 'DNI']} acciones="Acciones">
              {candidatos.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell data-label="Donante">{nombreCompleto(d)}</Table.Cell>
                  <Table.Cell data-label="DNI">{d.dni}</Table.Cell>
                  <AccionesCell>
                    <Button
                      size="xs"
                      colorPalette="brand"
                      loading={iniciando}
                      onClick={() => void registrarLlegada(d.id)}
                      aria-label={`Registrar llegada de ${nombreCompleto(d)}`}
                    >
                      Registrar llegada
                    </Button>
                  </AccionesCell>
                </Table.Row>
              ))}
            </TablaTarjetas>
          )}
        </Stack>
      </PageCard>
      <PageCard title={`Visitas del ${formatDate(fecha)}`} as="h2">
        <LoadingOverlay open={loading && !data} />
        <LabelledField label="Fecha" rootProps={{ maxW: '12rem', mb: '4' }}>
          <Input
            type="date"
            bg="white"
            value={fecha}
            onChange={(e) => setParams({ fecha: e.target.value })}
          />
        </LabelledField>
        {error && !data && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {data && items.length === 0 && <AppAlert severity="info" message="No hay visitas ese día." />}
        {items.length > 0 && (
          <TablaTarjetas
            label="Visitas"
            columnas={['Hora', 'Donante', 'Estado', 'Recibió']}
            acciones="Acciones"
          >
            {items.map((v) => {
              const nombre = v.donante ? nombreCompleto(v.donante) : '';
              return (
                <Table.Row key={v.id}>
                  <Table.Cell data-label="Hora">{v.hora}</Table.Cell>
                  <Table.Cell data-label="Donante">
                    {nombre}
                    <Text as="span" display="block" fontSize="xs" color="gray.600">
                      {`DNI ${v.donante?.dni ?? ''}`}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label="Estado">{ESTADO_VISITA_LABELS[v.estado]}</Table.Cell>
                  <Table.Cell data-label="Recibió">{v.recibidoPor ?? '—'}</Table.Cell>
                  <AccionesCell>
                    <Button
                      size="xs"
                      colorPalette="brand"
                      onClick={() => navigate(`/visitas/${v.id}`)}
                      aria-label={`Abrir la visita de ${nombre}`}
                    >
                      Abrir
                    </Button>
                  </AccionesCell>
                </Table.Row>
              );
            })}
          </TablaTarjetas>
        )}
      </PageCard>
    </Stack>
  );
}
