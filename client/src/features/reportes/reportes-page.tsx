import { Box, Button, Field, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { AGRUPACIONES, AGRUPACION_LABELS, validatePeriodo, type AgrupacionValor } from '@domain/indicadores';
import { AppAlert } from '@/components/app-alert';
import { DateInput } from '@/components/form';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { IndicadoresDocument } from '@/generated/graphql';
import { downloadBlob, printReporte } from '@/imprimibles/print';
import {
  agrupacionLabel,
  cifrasPrincipales,
  formatNumero,
  formatPorcentaje,
  marcadorLabel,
  periodoTexto,
  reporteFileName,
} from '@/imprimibles/reporte-format';
import type { IndicadoresImprimible } from '@/imprimibles/types';
import { usePrint } from '@/imprimibles/use-print';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';
import { errorMessages } from '@/lib/graphql-errors';
import { ATAJOS, periodoInicial, type Periodo } from './periodos';
import { buildReporteCsv } from './reporte-csv';
import { GruposChart, SerieChart, VoluntariasChart, type ChartSizeProps } from './reportes-charts';

export type ReportesPageProps = {
  /** Fixed chart sizes (jsdom has no layout); the screen itself sizes them to their cards. */
  chartSize?: ChartSizeProps;
};

/** /reportes: the service's indicators over a period, as figures, charts, a table, CSV and PDF. */
export function ReportesPage({ chartSize }: ReportesPageProps) {
  const [periodo, setPeriodo] = useState<Periodo>(() => periodoInicial());
  const [tocados, setTocados] = useState(false);
  const errores = validatePeriodo(periodo.desde, periodo.hasta, periodo.agrupacion);
  const errorDe = (field: string) => errores.find((e) => e.field === field)?.msg;
  const { data, previousData, loading, error } = useQuery(IndicadoresDocument, {
    variables: periodo,
    skip: errores.length > 0,
    fetchPolicy: 'cache-and-network',
  });
  const indicadores: IndicadoresImprimible | undefined = (data ?? previousData)?.indicadores;
  const servicio = useServicioImprimible();
  const pdf = usePrint();

  const set = (cambio: Partial<Periodo>) => setPeriodo((p) => ({ ...p, ...cambio }));
  // An error shows once the field is left or a download is asked for, not while typing.
  const visible = (field: string) => (tocados || field === 'agrupacion' ? errorDe(field) : undefined);

  const descargarCsv = () => {
    if (!indicadores) return;
    const csv = buildReporteCsv(indicadores, servicio.nombre);
    downloadBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      reporteFileName(indicadores.desde, indicadores.hasta, 'csv'),
    );
  };
  const descargarPdf = () => {
    if (!indicadores) return;
    void pdf.run(printReporte, { indicadores, servicio, generado: new Date() });
  };

  return (
    <Stack gap="6" maxW="7xl">
      <PageCard
        title="Reportes"
        description="Indicadores del servicio en un período: atendidos, donaciones, grupos sanguíneos y serología."
      >
        <Stack gap="4">
          <HStack gap="2" wrap="wrap" role="group" aria-label="Períodos frecuentes">
            {ATAJOS.map((atajo) => (
              <Button
                key={atajo.label}
                size="xs"
                variant="outline"
                onClick={() => {
                  setTocados(false);
                  setPeriodo(atajo.periodo());
                }}
              >
                {atajo.label}
              </Button>
            ))}
          </HStack>
          <HStack gap="3" align="flex-start" wrap="wrap">
            <DateInput
              name="desde"
              label="Desde"
              size="sm"
              value={periodo.desde}
              onChange={(desde) => set({ desde })}
              onBlur={() => setTocados(true)}
              error={visible('desde')}
              rootProps={{ width: '40' }}
            />
            <DateInput
              name="hasta"
              label="Hasta"
              size="sm"
              value={periodo.hasta}
              onChange={(hasta) => set({ hasta })}
              onBlur={() => setTocados(true)}
              error={visible('hasta')}
              rootProps={{ width: '40' }}
            />
            <Field.Root width="auto" invalid={Boolean(visible('agrupacion'))}>
              <Field.Label>Agrupar por</Field.Label>
              <NativeSelect.Root size="sm" width="36">
                <NativeSelect.Field
                  name="agrupacion"
                  value={periodo.agrupacion}
                  onChange={(e) => set({ agrupacion: e.target.value as AgrupacionValor })}
                >
                  {AGRUPACIONES.map((a) => (
                    <option key={a} value={a}>
                      {AGRUPACION_LABELS[a]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {visible('agrupacion') && <Field.ErrorText>{visible('agrupacion')}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="2" alignSelf="flex-end" ms={{ md: 'auto' }}>
              <Button size="sm" variant="outline" onClick={descargarCsv} disabled={!indicadores}>
                Descargar CSV
              </Button>
              <Button
                size="sm"
                colorPalette="brand"
                onClick={descargarPdf}
                disabled={!indicadores}
                loading={pdf.busy}
                loadingText="Generando PDF..."
              >
                Descargar PDF
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </PageCard>

      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {pdf.error && <AppAlert title="No se pudo generar el PDF." message={pdf.error.message} />}

      {indicadores && (
        <Stack gap="6" aria-busy={loading} opacity={loading ? 0.7 : 1} transition="opacity 0.2s">
          <Text fontSize="sm" color="gray.600">
            {periodoTexto(indicadores.desde, indicadores.hasta)} · Agrupación:{' '}
            {agrupacionLabel(indicadores.agrupacion).toLowerCase()}
          </Text>
          <Cifras indicadores={indicadores} />
          <SerieChart indicadores={indicadores} {...chartSize} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <GruposChart indicadores={indicadores} {...chartSize} />
            <VoluntariasChart indicadores={indicadores} {...chartSize} />
          </SimpleGrid>
          <SerologiaTabla indicadores={indicadores} />
        </Stack>
      )}
    </Stack>
  );
}

function Cifras({ indicadores }: { indicadores: IndicadoresImprimible }) {
  return (
    <Box as="section" aria-label="Cifras principales">
      <SimpleGrid as="dl" columns={{ base: 2, md: 3, xl: 6 }} gap="3">
        {cifrasPrincipales(indicadores).map((c) => (
          <Box
            key={c.label}
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            borderRadius="lg"
            px="4"
            py="3"
          >
            <Text as="dt" fontSize="xs" color="gray.600" fontWeight="medium">
              {c.label}
            </Text>
            <Text as="dd" fontSize="2xl" fontWeight="semibold" color="gray.900" lineHeight="short">
              {c.valor}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function SerologiaTabla({ indicadores }: { indicadores: IndicadoresImprimible }) {
  return (
    <PageCard
      title="Serología"
      as="h2"
      description="Donaciones con serología cargada y reactivas, por marcador."
    >
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label="Serología por marcador">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Marcador</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Analizadas</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Reactivas</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">% reactivas</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {indicadores.serologia.map((s) => (
              <Table.Row key={s.marcador}>
                <Table.Cell>{marcadorLabel(s.marcador)}</Table.Cell>
                <Table.Cell textAlign="end">{formatNumero(s.analizadas)}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight={s.reactivas > 0 ? 'semibold' : undefined}>
                  {formatNumero(s.reactivas)}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatPorcentaje(s.porcentaje)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </PageCard>
  );
}
