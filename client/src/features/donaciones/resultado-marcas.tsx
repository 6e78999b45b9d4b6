import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatDate, todayIso } from '@domain/dates';
import { EXCLUSION_TIEMPO_LABELS, SEROLOGIA_KEYS, SEROLOGIA_LABELS, serologiaSigno } from '@domain/donacion';
import type { Serologia } from '@domain/donacion';
import { diferimientoDeDonacion } from '@domain/elegibilidad';
import { MSG } from '@domain/messages';
import { leerSerologia } from './donaciones-store';

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

export type ResultadoMarcasProps = {
  serologia: unknown;
  exclusionDefinitiva?: string | null;
  exclusionTiempo?: number | null;
  /** The donation's date: given, a result that defers the donor today shows it. */
  fecha?: string;
  /**
   * Whether the donor's deferral from this donation is in force (the donor's eligibility knows
   * the lifted ones); unknown, a deferral is shown while the domain's rule says it lasts.
   */
  diferimientoVigente?: boolean;
  /** 'sm' in lists, 'md' at the head of a donation's screen. */
  size?: 'sm' | 'md';
};

/** The deferral this donation's result imposes today, in words; null when none. */
export function diferimientoTexto(
  d: { fecha: string; exclusionDefinitiva?: string | null; exclusionTiempo?: number | null },
  serologia: Serologia | null,
  hoy = todayIso(),
): string | null {
  const diferimiento = diferimientoDeDonacion({
    id: '',
    numero: 0,
    fecha: d.fecha,
    donacionAferesis: false,
    exclusionDefinitiva: d.exclusionDefinitiva,
    exclusionTiempo: d.exclusionTiempo,
    serologia,
  });
  if (!diferimiento) return null;
  if (diferimiento.tipo === 'Definitiva') return 'Diferido (definitiva)';
  if (diferimiento.tipo === 'Pendiente') return 'Pendiente de decisión médica';
  return diferimiento.hasta && diferimiento.hasta > hoy
    ? `Diferido hasta ${formatDate(diferimiento.hasta)}`
    : null;
}

/**
 * A donation's results as a technician must read them at a glance: a reactive marker and a
 * definitive exclusion in a solid red badge with a word and an icon (never colour alone), a
 * temporary exclusion in orange, the negative markers as quiet text.
 */
export function ResultadoMarcas({
  serologia,
  exclusionDefinitiva,
  exclusionTiempo,
  fecha,
  diferimientoVigente,
  size = 'sm',
}: ResultadoMarcasProps) {
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
  const positivos = reactivos(serologiaLeida);
  if (positivos.length > 0) {
    badges.push(
      <Badge key="reactivo" colorPalette="red" variant="solid" size={badgeSize} data-testid="marca-reactivo">
        <Alerta />
        {`REACTIVO: ${positivos.join(', ')}`}
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
  const diferido =
    fecha && parsed.ok && diferimientoVigente !== false
      ? diferimientoTexto({ fecha, exclusionDefinitiva, exclusionTiempo }, serologiaLeida)
      : null;
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
  const negativos = serologiaLeida
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
      {parsed.ok && serologiaLeida === null && (
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
  donacion: Pick<ResultadoMarcasProps, 'serologia' | 'exclusionDefinitiva' | 'exclusionTiempo'> & {
    fecha: string;
  };
  diferimientoVigente?: boolean;
};

/** The 'Serología' cell of a donations list: the same marks on every list. */
export function SerologiaCell({ donacion, diferimientoVigente }: SerologiaCellProps) {
  return (
    <Table.Cell data-label="Serología">
      <ResultadoMarcas
        serologia={donacion.serologia}
        exclusionDefinitiva={donacion.exclusionDefinitiva}
        exclusionTiempo={donacion.exclusionTiempo}
        fecha={donacion.fecha}
        diferimientoVigente={diferimientoVigente}
      />
    </Table.Cell>
  );
}
