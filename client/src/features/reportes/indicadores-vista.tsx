import { Box, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MSG } from '@domain/messages';
import { PageCard } from '@/components/page-card';
import { TABLA_TARJETAS_CIFRAS } from './tabla-cifras';
import {
  agrupacionLabel,
  cifrasPrincipales,
  COLUMNAS_COMPONENTES,
  componenteLabel,
  componentesDe,
  descartesPorMotivo,
  motivoLabel,
  formatCifra,
  formatPorcentaje,
  haySuprimidas,
  marcadorLabel,
  periodoTexto,
} from '@/imprimibles/reporte-format';
import type { ComponenteImprimible, IndicadoresImprimible } from '@/imprimibles/types';
import { GruposChart, SerieChart, VoluntariasChart, type ChartSizeProps } from './reportes-charts';

export type IndicadoresVistaProps = {
  indicadores: IndicadoresImprimible;
  /** A newer answer is on its way: the figures shown are the previous period's. */
  loading: boolean;
  chartSize?: ChartSizeProps;
  /** Shown between the charts and the serology table (the network's table by servicio). */
  children?: ReactNode;
  /**
   * Some figure shown is not published ('menos de 5'): the note that says why closes the view.
   * By default, whether one of `indicadores` is (the network's adds its members').
   */
  suprimidas?: boolean;
};

/**
 * A period's figures on screen: the period, headline figures, three charts and the serology table;
 * 'menos de 5' where a figure is not published outside the servicio, with a note that says why.
 */
export function IndicadoresVista({
  indicadores,
  loading,
  chartSize,
  children,
  suprimidas = haySuprimidas(indicadores),
}: IndicadoresVistaProps) {
  return (
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
      {children}
      <SerologiaTabla indicadores={indicadores} />
      {componentesDe(indicadores).length > 0 && <ComponentesTabla componentes={componentesDe(indicadores)} />}
      {suprimidas && (
        <Text fontSize="sm" color="gray.600" data-testid="nota-supresion">
          {MSG.notaSupresion}
        </Text>
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
      description="Donaciones analizadas, sin analizar todavía y reactivas, por marcador."
    >
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label="Serología por marcador" css={TABLA_TARJETAS_CIFRAS}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Marcador</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Analizadas</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sin analizar</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Reactivas</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">% reactivas</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {indicadores.serologia.map((s) => (
              <Table.Row key={s.marcador}>
                <Table.Cell>{marcadorLabel(s.marcador)}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Analizadas">
                  {formatCifra(s.analizadas)}
                </Table.Cell>
                <Table.Cell textAlign="end" data-label="Sin analizar">
                  {formatCifra(s.pendientes)}
                </Table.Cell>
                <Table.Cell
                  textAlign="end"
                  fontWeight={(s.reactivas ?? 0) > 0 ? 'semibold' : undefined}
                  data-label="Reactivas"
                >
                  {formatCifra(s.reactivas)}
                </Table.Cell>
                <Table.Cell textAlign="end" data-label="% reactivas">
                  {formatPorcentaje(s.porcentaje)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </PageCard>
  );
}

/** What became of the blood: per component type, and the discarded units by reason. */
function ComponentesTabla({ componentes }: { componentes: ComponenteImprimible[] }) {
  const motivos = descartesPorMotivo(componentes);
  return (
    <PageCard
      title="Componentes"
      as="h2"
      description="Producidos, liberados, despachados por destino, transfundidos, devueltos, descartados, vencidos y el stock al final del período, por tipo."
    >
      <Stack gap="6">
        {/* Wider than a phone: the scrolled area takes the keyboard's focus to scroll with the arrows. */}
        <Table.ScrollArea tabIndex={0}>
          <Table.Root size="sm" aria-label="Componentes por tipo" css={TABLA_TARJETAS_CIFRAS}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Componente</Table.ColumnHeader>
                {COLUMNAS_COMPONENTES.map((c) => (
                  <Table.ColumnHeader key={c.label} textAlign="end">
                    {c.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {componentes.map((t) => (
                <Table.Row key={t.tipo}>
                  <Table.Cell>{componenteLabel(t.tipo)}</Table.Cell>
                  {COLUMNAS_COMPONENTES.map((c) => (
                    <Table.Cell key={c.label} textAlign="end" data-label={c.label}>
                      {formatCifra(c.valor(t))}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {motivos.length > 0 && (
          <Table.ScrollArea tabIndex={0}>
            <Table.Root size="sm" aria-label="Descartados por motivo" css={TABLA_TARJETAS_CIFRAS}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Motivo del descarte</Table.ColumnHeader>
                  {componentes.map((t) => (
                    <Table.ColumnHeader key={t.tipo} textAlign="end">
                      {componenteLabel(t.tipo)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {motivos.map((m) => (
                  <Table.Row key={m.motivo}>
                    <Table.Cell>{motivoLabel(m.motivo)}</Table.Cell>
                    {m.cantidades.map((n, j) => (
                      <Table.Cell
                        key={componentes[j].tipo}
                        textAlign="end"
                        data-label={componenteLabel(componentes[j].tipo)}
                      >
                        {formatCifra(n)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </PageCard>
  );
}
