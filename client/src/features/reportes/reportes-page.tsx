import { Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { IndicadoresDocument } from '@/generated/graphql';
import { downloadBlob, printReporte } from '@/imprimibles/print';
import { reporteFileName } from '@/imprimibles/reporte-format';
import type { IndicadoresImprimible } from '@/imprimibles/types';
import { usePrint } from '@/imprimibles/use-print';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';
import { errorMessages } from '@/lib/graphql-errors';
import { IndicadoresVista } from './indicadores-vista';
import { Descargas, PeriodoPicker, usePeriodo } from './periodo-picker';
import { buildReporteCsv } from './reporte-csv';
import type { ChartSizeProps } from './reportes-charts';

export type ReportesPageProps = {
  /** Fixed chart sizes (jsdom has no layout); the screen itself sizes them to their cards. */
  chartSize?: ChartSizeProps;
};

/** /reportes: the service's indicators over a period, as figures, charts, a table, CSV and PDF. */
export function ReportesPage({ chartSize }: ReportesPageProps) {
  const periodo = usePeriodo();
  const { data, previousData, loading, error } = useQuery(IndicadoresDocument, {
    variables: periodo.periodo,
    skip: periodo.errores.length > 0,
    fetchPolicy: 'cache-and-network',
  });
  const indicadores: IndicadoresImprimible | undefined = (data ?? previousData)?.indicadores;
  const servicio = useServicioImprimible();
  const pdf = usePrint();

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
        <PeriodoPicker estado={periodo}>
          <Descargas disabled={!indicadores} onCsv={descargarCsv} onPdf={descargarPdf} generando={pdf.busy} />
        </PeriodoPicker>
      </PageCard>

      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {pdf.error && <AppAlert title="No se pudo generar el PDF." message={pdf.error.message} />}

      {indicadores && <IndicadoresVista indicadores={indicadores} loading={loading} chartSize={chartSize} />}
    </Stack>
  );
}
