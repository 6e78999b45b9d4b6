import { Box, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { todayIso } from '@domain/dates';
import { REGISTROS_PERIODO, type RegistroClave } from '@domain/planillas';
import { validatePeriodoRegistro } from '@domain/registros';
import { AppAlert } from '@/components/app-alert';
import { DateInput } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TABLA_TARJETAS } from '@/components/tabla-tarjetas';
import { RegistroDescartesDocument, RegistroDespachosDocument } from '@/generated/graphql';
import { downloadBlob } from '@/imprimibles/print';
import { usePrint } from '@/imprimibles/use-print';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';
import { errorMessages } from '@/lib/graphql-errors';
import { printRegistro } from './imprimir-registro';
import {
  buildRegistroCsv,
  registroFileName,
  type RegistroDatos,
  type RegistroPdfData,
} from './registros-format';

/** The most rows one request asks for (the server's page limit). */
const POR_PAGINA = 100;

/**
 * 'Registros del período' of /planillas: the discard and the dispatch registers of the chosen
 * period (this month to start with), each as an A4 PDF or as CSV, read from the server whole (a page
 * at a time) when asked for.
 */
export function RegistrosPanel() {
  const client = useApolloClient();
  const servicio = useServicioImprimible();
  const pdf = usePrint();
  const hoy = todayIso();
  const [desde, setDesde] = useState(`${hoy.slice(0, 8)}01`);
  const [hasta, setHasta] = useState(hoy);
  const [tocado, setTocado] = useState(false);
  const [leyendo, setLeyendo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const errores = validatePeriodoRegistro(desde, hasta);
  const errorDe = (field: string) => (tocado ? errores.find((e) => e.field === field)?.msg : undefined);

  /** Every row of the register, page after page. */
  async function leer(clave: RegistroClave): Promise<RegistroDatos> {
    if (clave === 'descartes') {
      const filas = [];
      for (let offset = 0; ; offset += POR_PAGINA) {
        const { data } = await client.query({
          query: RegistroDescartesDocument,
          variables: { desde, hasta, page: { offset, limit: POR_PAGINA } },
          fetchPolicy: 'network-only',
        });
        const pagina = data!.registroDescartes;
        filas.push(...pagina.items);
        if (filas.length >= pagina.total || pagina.items.length === 0) break;
      }
      return { clave, filas };
    }
    const filas = [];
    for (let offset = 0; ; offset += POR_PAGINA) {
      const { data } = await client.query({
        query: RegistroDespachosDocument,
        variables: { desde, hasta, page: { offset, limit: POR_PAGINA } },
        fetchPolicy: 'network-only',
      });
      const pagina = data!.registroDespachos;
      filas.push(...pagina.items);
      if (filas.length >= pagina.total || pagina.items.length === 0) break;
    }
    return { clave, filas };
  }

  async function descargar(clave: RegistroClave, formato: 'pdf' | 'csv') {
    setTocado(true);
    if (errores.length > 0) return;
    setError(null);
    setLeyendo(`${clave}-${formato}`);
    try {
      const datos: RegistroPdfData = { ...(await leer(clave)), servicio, desde, hasta, generado: new Date() };
      if (formato === 'csv')
        downloadBlob(
          new Blob([buildRegistroCsv(datos)], { type: 'text/csv;charset=utf-8' }),
          registroFileName(clave, desde, hasta, 'csv'),
        );
      else await pdf.run(printRegistro, datos);
    } catch (e) {
      setError(e);
    } finally {
      setLeyendo(null);
    }
  }

  return (
    <Box
      as="section"
      aria-labelledby="registros-periodo"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="lg"
      p={{ base: '4', md: '6' }}
    >
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="md" id="registros-periodo">
            Registros del período
          </Heading>
          <Text fontSize="sm" color="gray.600">
            Los registros que el sistema arma con lo cargado: elija el período (hasta un año) y descárguelos
            en PDF (A4) o CSV.
          </Text>
        </Stack>
        <HStack gap="3" align="flex-start" wrap="wrap">
          <DateInput
            name="registro-desde"
            label="Desde"
            size="sm"
            value={desde}
            onChange={setDesde}
            onBlur={() => setTocado(true)}
            error={errorDe('desde')}
            rootProps={{ width: '40' }}
          />
          <DateInput
            name="registro-hasta"
            label="Hasta"
            size="sm"
            value={hasta}
            onChange={setHasta}
            onBlur={() => setTocado(true)}
            error={errorDe('hasta')}
            rootProps={{ width: '40' }}
          />
        </HStack>
        {error !== null && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {pdf.error && <AppAlert title="No se pudo generar el PDF." message={pdf.error.message} />}
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label="Registros del período" css={TABLA_TARJETAS}>
            <Table.Body>
              {REGISTROS_PERIODO.map((r) => (
                <Table.Row key={r.clave} data-testid="registro-row">
                  <Table.Cell>
                    <Text fontWeight="medium">{r.displayName}</Text>
                    <Text fontSize="xs" color="gray.600" whiteSpace="normal">
                      {r.description}
                    </Text>
                  </Table.Cell>
                  <AccionesCell gap="2" whiteSpace="nowrap">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Descargar CSV: ${r.displayName}`}
                      loading={leyendo === `${r.clave}-csv`}
                      disabled={leyendo !== null}
                      onClick={() => void descargar(r.clave, 'csv')}
                    >
                      CSV
                    </Button>
                    <Button
                      size="sm"
                      colorPalette="brand"
                      aria-label={`Descargar PDF: ${r.displayName}`}
                      loading={leyendo === `${r.clave}-pdf` || (pdf.busy && leyendo === null)}
                      disabled={leyendo !== null || pdf.busy}
                      onClick={() => void descargar(r.clave, 'pdf')}
                    >
                      PDF
                    </Button>
                  </AccionesCell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </Box>
  );
}
