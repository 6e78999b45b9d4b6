import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatDate } from '@domain/dates';
import { EXCLUSION_TIEMPO_LABELS, SEROLOGIA_KEYS, SEROLOGIA_LABELS, serologiaSigno } from '@domain/donacion';
import type { Serologia } from '@domain/donacion';
import { MSG } from '@domain/messages';
import { leerSerologia } from '@/lib/serologia';

/** The markers of a serology that are reactive, by their labels ('HIV', 'Chagas'). */
export function reactivos(serologia: Serologia | null): string[] {
  if (!serologia) return [];
  return SEROLOGIA_KEYS.filter((k) => serologia[k]).map((k) => SEROLOGIA_LABELS[k]);
}

/** A warning triangle: the marker is read by its word, the icon only doubles it for the eye. */
function Alerta() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2 1 21h22L12 2Zm0 5.5 7.5 12.5h-15L12 7.5Zm-1 4v4h2v-4h-2Zm0 5v2h2v-2h-2Z"
      />
    </svg>
  );
}

/** What the server says of a donation's deferral today (Donacion.diferimiento). */
export type DiferimientoDeResultado = { tipo: string; hasta?: string | null };

export type ResultadoMarcasProps = {
  serologia: unknown;
  exclusionDefinitiva?: string | null;
  exclusionTiempo?: number | null;
  /**
   * The deferral the donation's result imposes today, as the server's rules say it (the lifts
   * known): null or absent, none. Never worked out here from the result alone, which knows no lift.
   */
  diferimiento?: DiferimientoDeResultado | null;
  /** 'sm' in lists, 'md' at the head of a donation's screen. */
  size?: 'sm' | 'md';
  /**
   * The laboratory results per marker of the panel (Donacion.resultados): when given, each
   * marker prints as the server says ('(+)', '(-)', 'sin realizar', 'indeterminado') instead of
   * the spec's seven booleans.
   */
  resultados?: readonly ResultadoSigno[] | null;
};

/** What a marker's result needs to print: its name and sign as the server gives them. */
export type ResultadoSigno = { marcador: string; nombre: string; signo: string };

/** Whether any marker was tested: otherwise the results read as 'sin datos'. */
export const algunoRealizado = (resultados: readonly ResultadoSigno[]): boolean =>
  resultados.some((r) => r.signo !== 'sin realizar');

/** A donation's deferral in a badge's words. */
export function diferimientoTexto(d: DiferimientoDeResultado): string {
  if (d.tipo === 'Definitiva') return 'Diferido (definitiva)';
  if (d.tipo === 'Pendiente') return 'Pendiente de decisión médica';
  return d.hasta ? `Diferido hasta ${formatDate(d.hasta)}` : 'Diferido';
}

/**
 * A donation's results as a technician must read them at a glance, as the specification prints
 * them: each reactive marker 'HIV (+)' in a solid red badge with an icon (never colour alone), a
 * definitive exclusion in red, a temporary one in orange, the deferral in force today, and the
 * negative markers 'Hepatitis B (-)' as quiet text.
 */
export function ResultadoMarcas({
  serologia,
  exclusionDefinitiva,
  exclusionTiempo,
  diferimiento,
  size = 'sm',
  resultados,
}: ResultadoMarcasProps) {
  const porMarcador = resultados && resultados.length > 0 ? resultados : null;
  const parsed = leerSerologia(serologia);
  const badgeSize = size === 'md' ? 'lg' : 'md';
  const badges = [];
  if (!parsed.ok) {
    badges.push(
      <Badge key="error" colorPalette="red" variant="outline" size={badgeSize}>
        {parsed.error}
      </Badge>,
    );
  }
  const serologiaLeida = parsed.ok ? parsed.value : null;
  for (const r of porMarcador ?? []) {
    if (r.signo !== '(+)' && r.signo !== 'indeterminado') continue;
    const positivo = r.signo === '(+)';
    badges.push(
      <Badge
        key={`resultado-${r.marcador}`}
        colorPalette={positivo ? 'red' : 'orange'}
        variant={positivo ? 'solid' : 'subtle'}
        size={badgeSize}
        data-testid={positivo ? 'marca-reactivo' : 'marca-indeterminado'}
      >
        <Alerta />
        {`${r.nombre} ${r.signo}`}
      </Badge>,
    );
  }
  for (const marcador of porMarcador ? [] : reactivos(serologiaLeida)) {
    badges.push(
      <Badge
        key={`reactivo-${marcador}`}
        colorPalette="red"
        variant="solid"
        size={badgeSize}
        data-testid="marca-reactivo"
      >
        <Alerta />
        {`${marcador} ${serologiaSigno(true)}`}
      </Badge>,
    );
  }
  if (exclusionDefinitiva === 'Definitiva') {
    badges.push(
      <Badge
        key="exclusion"
        colorPalette="red"
        variant="solid"
        size={badgeSize}
        data-testid="marca-exclusion"
      >
        <Alerta />
        EXCLUSIÓN DEFINITIVA
      </Badge>,
    );
  } else if (exclusionDefinitiva === 'Temporal') {
    const tiempo =
      exclusionTiempo === null || exclusionTiempo === undefined
        ? ''
        : `: ${EXCLUSION_TIEMPO_LABELS[exclusionTiempo] ?? `${exclusionTiempo} días`}`;
    badges.push(
      <Badge
        key="exclusion"
        colorPalette="orange"
        variant="subtle"
        size={badgeSize}
        data-testid="marca-exclusion"
      >
        {`Exclusión temporal${tiempo}`}
      </Badge>,
    );
  }
  const diferido = diferimiento ? diferimientoTexto(diferimiento) : null;
  if (diferido) {
    badges.push(
      <Badge
        key="diferido"
        colorPalette="purple"
        variant="outline"
        size={badgeSize}
        data-testid="marca-diferido"
      >
        {diferido}
      </Badge>,
    );
  }
  const negativos = porMarcador
    ? algunoRealizado(porMarcador)
      ? porMarcador
          .filter((r) => r.signo === '(-)' || r.signo === 'sin realizar')
          .map((r) => `${r.nombre} ${r.signo}`)
          .join(' · ')
      : ''
    : serologiaLeida
      ? SEROLOGIA_KEYS.filter((k) => !serologiaLeida[k])
          .map((k) => `${SEROLOGIA_LABELS[k]} ${serologiaSigno(false)}`)
          .join(' · ')
      : '';

  return (
    <Stack gap="1" align="flex-start" whiteSpace="normal" minW="40">
      {badges.length > 0 && (
        <HStack gap="1" wrap="wrap">
          {badges}
        </HStack>
      )}
      {(porMarcador ? !algunoRealizado(porMarcador) : parsed.ok && serologiaLeida === null) && (
        <Text as="span" fontSize="xs" color="gray.600">
          {MSG.sinDatos}
        </Text>
      )}
      {negativos && (
        <Text as="span" fontSize="xs" color="gray.600">
          {negativos}
        </Text>
      )}
    </Stack>
  );
}

export type SerologiaCellProps = {
  donacion: Pick<
    ResultadoMarcasProps,
    'serologia' | 'exclusionDefinitiva' | 'exclusionTiempo' | 'diferimiento' | 'resultados'
  >;
};

/** The 'Serología' cell of a donations list: the same marks on every list. */
export function SerologiaCell({ donacion }: SerologiaCellProps) {
  return (
    <Table.Cell data-label="Serología">
      <ResultadoMarcas
        serologia={donacion.serologia}
        exclusionDefinitiva={donacion.exclusionDefinitiva}
        exclusionTiempo={donacion.exclusionTiempo}
        diferimiento={donacion.diferimiento}
        resultados={donacion.resultados}
      />
    </Table.Cell>
  );
}
