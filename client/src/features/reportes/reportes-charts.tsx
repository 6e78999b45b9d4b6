/**
 * The report's charts (recharts through @chakra-ui/charts). Imported statically by the page only,
 * which is itself loaded lazily: the chart library never reaches the first page's bundle.
 * Each chart is a <figure> with its title and, for screen readers, a hidden table of its figures;
 * the drawing itself is hidden from them.
 */
import { Box, HStack, Heading, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { useId, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { MSG } from '@domain/messages';
import type { CifraImprimible, IndicadoresImprimible } from '@/imprimibles/types';
import {
  formatCifra,
  formatNumero,
  formatPorcentaje,
  grupoCorto,
  grupoLabel,
  periodoCorto,
  periodoLabel,
} from '@/imprimibles/reporte-format';

/** A chart's size: a fixed width (tests: jsdom has no layout) or, without one, the card's width. */
export type ChartSizeProps = { width?: number; height?: number };

/** The theme's colours of the two kinds of donation, the same on every chart. */
export const COLOR_VOLUNTARIAS = 'brand.600';
export const COLOR_REPOSICION = 'brand.300';
const COLOR_GRUPOS = 'brand.500';
const LEYENDA_TIPOS = [
  { label: 'Voluntarias', color: COLOR_VOLUNTARIAS },
  { label: 'Reposición', color: COLOR_REPOSICION },
];

/** recharts' size props: fixed, or `responsive` to the CSS box. */
function sizeProps(width: number | undefined, height: number) {
  return width
    ? { width, height }
    : { responsive: true, style: { width: '100%', height: `${height}px`, maxHeight: `${height}px` } };
}

type FigureProps = {
  title: string;
  description?: string;
  /** The hidden table's head and rows: the chart's figures in words (null: 'menos de 5'). */
  head: string[];
  rows: (string | CifraImprimible)[][];
  /** The colours' key under the drawing, in the series' order. */
  leyenda?: { label: string; color: string }[];
  children: ReactNode;
};

function ChartFigure({ title, description, head, rows, leyenda, children }: FigureProps) {
  const id = useId();
  return (
    <Box
      as="figure"
      aria-labelledby={id}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      minW="0"
    >
      <Heading as="h2" size="sm" id={id} mb={description ? '0.5' : '3'}>
        {title}
      </Heading>
      {description && (
        <Text fontSize="xs" color="gray.600" mb="3">
          {description}
        </Text>
      )}
      <Box aria-hidden="true">
        {children}
        {leyenda && (
          <HStack gap="4" justify="center" mt="2" fontSize="xs" color="gray.700">
            {leyenda.map((item) => (
              <HStack key={item.label} gap="1.5">
                <Box boxSize="2.5" borderRadius="sm" bg={item.color} />
                <span>{item.label}</span>
              </HStack>
            ))}
          </HStack>
        )}
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {head.map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, i) => (
              <Table.Row key={i}>
                {row.map((value, j) => (
                  <Table.Cell key={j}>{typeof value === 'string' ? value : formatCifra(value)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}

type ChartProps = ChartSizeProps & { indicadores: IndicadoresImprimible };

/** The mark of a point or a bar that is not drawn because its figure is not published. */
const MARCA = ' *';
const notaMarca = `${MARCA.trim()} ${MSG.menosDeCinco}: no se dibuja.`;

/**
 * Donations per period, voluntary and replacement stacked: each bar's height is the period's
 * donations. A period whose figures are not published ('menos de 5') has no bar, never one of
 * zero: its label carries a mark, explained under the title.
 */
export function SerieChart({ indicadores, width, height = 280 }: ChartProps) {
  const { serie, agrupacion } = indicadores;
  const suprimido = (s: (typeof serie)[number]) => s.voluntarias === null || s.reposicion === null;
  const chart = useChart({
    data: serie.map((s) => ({
      periodo: periodoCorto(s.periodo, agrupacion) + (suprimido(s) ? MARCA : ''),
      voluntarias: suprimido(s) ? null : s.voluntarias,
      reposicion: suprimido(s) ? null : s.reposicion,
    })),
    series: [
      { name: 'voluntarias', label: 'Voluntarias', color: COLOR_VOLUNTARIAS, stackId: 'donaciones' },
      { name: 'reposicion', label: 'Reposición', color: COLOR_REPOSICION, stackId: 'donaciones' },
    ],
  });
  const descripcion = 'Cada barra es el total de donaciones del período: voluntarias y de reposición.';
  return (
    <ChartFigure
      title="Donaciones por período"
      description={serie.some(suprimido) ? `${descripcion} ${notaMarca}` : descripcion}
      head={['Período', 'Donaciones', 'Voluntarias', 'Reposición']}
      rows={serie.map((s) => [
        periodoLabel(s.periodo, agrupacion),
        s.donaciones,
        s.voluntarias,
        s.reposicion,
      ])}
      leyenda={LEYENDA_TIPOS}
    >
      <Chart.Root chart={chart} aspectRatio="auto" height={`${height}px`}>
        <BarChart data={chart.data} accessibilityLayer={false} {...sizeProps(width, height)}>
          <CartesianGrid stroke={chart.color('gray.200')} vertical={false} />
          <XAxis dataKey={chart.key('periodo')} tickLine={false} axisLine={false} minTickGap={8} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={36} />
          <Tooltip
            cursor={{ fill: chart.color('gray.100') }}
            isAnimationActive={false}
            content={<Chart.Tooltip showTotal />}
          />
          {chart.series.map((item) => (
            <Bar
              key={item.name}
              isAnimationActive={false}
              dataKey={chart.key(item.name)}
              name={String(item.label)}
              fill={chart.color(item.color)}
              stackId={item.stackId}
              maxBarSize={48}
            />
          ))}
        </BarChart>
      </Chart.Root>
    </ChartFigure>
  );
}

/**
 * Donations by ABO group and Rh factor, 'Sin resultado' for those not typed yet. A group whose
 * figure is not published has no bar: its label carries a mark, explained under the title.
 */
export function GruposChart({ indicadores, width, height = 240 }: ChartProps) {
  const suprimidos = indicadores.porGrupo.some((g) => g.cantidad === null);
  const chart = useChart({
    data: indicadores.porGrupo.map((g) => ({
      grupo: grupoCorto(g.abo, g.rh) + (g.cantidad === null ? MARCA : ''),
      cantidad: g.cantidad,
    })),
    series: [{ name: 'cantidad', label: 'Donaciones', color: COLOR_GRUPOS }],
  });
  const descripcion = 'Donaciones del período por grupo sanguíneo.';
  return (
    <ChartFigure
      title="Grupo ABO y factor Rh"
      description={suprimidos ? `${descripcion} ${notaMarca}` : descripcion}
      head={['Grupo y factor', 'Donaciones']}
      rows={indicadores.porGrupo.map((g) => [grupoLabel(g.abo, g.rh), g.cantidad])}
    >
      {indicadores.porGrupo.length === 0 ? (
        <SinDatos
          height={height}
          texto={indicadores.donaciones === null ? `Todos los grupos: ${MSG.menosDeCinco}` : undefined}
        />
      ) : (
        <Chart.Root chart={chart} aspectRatio="auto" height={`${height}px`}>
          <BarChart
            data={chart.data}
            accessibilityLayer={false}
            margin={{ top: 20 }}
            {...sizeProps(width, height)}
          >
            <CartesianGrid stroke={chart.color('gray.200')} vertical={false} />
            <XAxis dataKey={chart.key('grupo')} tickLine={false} axisLine={false} interval={0} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={36} />
            <Bar
              isAnimationActive={false}
              dataKey={chart.key('cantidad')}
              name="Donaciones"
              fill={chart.color(COLOR_GRUPOS)}
              radius={[4, 4, 0, 0]}
              maxBarSize={40}
            >
              <LabelList
                dataKey="cantidad"
                position="top"
                fill={chart.color('gray.700')}
                formatter={(v: unknown) => (typeof v === 'number' ? formatNumero(v) : '')}
              />
            </Bar>
          </BarChart>
        </Chart.Root>
      )}
    </ChartFigure>
  );
}

/**
 * Voluntary and replacement donations, as a ring with the voluntary share in its middle; no ring
 * when one of them is not published.
 */
export function VoluntariasChart({ indicadores, width, height = 240 }: ChartProps) {
  const { voluntarias, reposicion, porcentajeVoluntarias } = indicadores;
  const chart = useChart({
    data: [
      { name: 'Voluntarias', value: voluntarias ?? 0, color: COLOR_VOLUNTARIAS },
      { name: 'Reposición', value: reposicion ?? 0, color: COLOR_REPOSICION },
    ],
  });
  const suprimidas = voluntarias === null || reposicion === null;
  const total = (voluntarias ?? 0) + (reposicion ?? 0);
  return (
    <ChartFigure
      title="Voluntarias y de reposición"
      description={
        porcentajeVoluntarias === null
          ? `El porcentaje de donaciones voluntarias no se publica (${MSG.menosDeCinco}).`
          : `${formatPorcentaje(porcentajeVoluntarias)} de las donaciones fueron voluntarias.`
      }
      head={['Tipo de donación', 'Donaciones']}
      rows={[
        ['Voluntarias', voluntarias],
        ['Reposición', reposicion],
      ]}
      leyenda={LEYENDA_TIPOS}
    >
      {suprimidas || total === 0 ? (
        <SinDatos height={height} texto={suprimidas ? MSG.menosDeCinco : undefined} />
      ) : (
        <Chart.Root chart={chart} aspectRatio="auto" height={`${height}px`}>
          <PieChart accessibilityLayer={false} {...sizeProps(width, height)}>
            <Pie
              isAnimationActive={false}
              // The drawing is hidden from assistive technology (its figures are in the table
              // beside it), so nothing in it may take the keyboard's focus either.
              rootTabIndex={-1}
              data={chart.data}
              dataKey={chart.key('value')}
              nameKey="name"
              innerRadius="55%"
              outerRadius="85%"
              strokeWidth={2}
              stroke="white"
            >
              {chart.data.map((item) => (
                <Cell key={item.name} fill={chart.color(item.color)} />
              ))}
              <LabelList
                dataKey="value"
                position="inside"
                fill="white"
                fontWeight="bold"
                formatter={(v: unknown) => (typeof v === 'number' && v > 0 ? formatNumero(v) : '')}
              />
            </Pie>
          </PieChart>
        </Chart.Root>
      )}
    </ChartFigure>
  );
}

/** In place of a drawing: no donations in the period, or `texto` ('menos de 5'). */
function SinDatos({ height, texto = 'Sin donaciones en el período.' }: { height: number; texto?: string }) {
  return (
    <Box
      height={`${height}px`}
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="gray.500"
      fontSize="sm"
    >
      {texto}
    </Box>
  );
}
