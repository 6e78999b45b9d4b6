import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { grupoYFactor } from '@domain/donacion';

/** What a donation says of its blood group (DonacionDatos). */
export type GrupoDeDonacion = {
  abo?: string | null;
  rh?: string | null;
  /** A group that differs from the donor's earlier donations, until a repeat typing confirms one. */
  grupoDiscordante?: boolean | null;
  /** Why it was confirmed (a doctor's or a technician's words). */
  grupoMotivo?: string | null;
};

export const GRUPO_DISCORDANTE = 'Grupo discordante';

/** 'Motivo: ...' of a confirmed discordant group, or '' when none was given. */
export const motivoTexto = (motivo: string | null | undefined): string =>
  motivo?.trim() ? `Motivo: ${motivo.trim()}` : '';

/**
 * The 'Grupo discordante' flag: the group differs from the donor's earlier donations (here or at
 * another member) and waits for a repeat typing. The reason prints under it as text (and on
 * hover), never colour alone.
 */
export function GrupoDiscordanteMarca({
  motivo,
  size = 'sm',
}: {
  motivo?: string | null;
  size?: 'sm' | 'md';
}) {
  const texto = motivoTexto(motivo);
  return (
    <Stack gap="0.5" align="flex-start" data-testid="marca-grupo-discordante">
      <Badge
        colorPalette="orange"
        variant="subtle"
        size={size === 'md' ? 'lg' : 'md'}
        title={texto || undefined}
      >
        {GRUPO_DISCORDANTE}
      </Badge>
      {texto && (
        <Text as="span" fontSize="xs" color="gray.600">
          {texto}
        </Text>
      )}
    </Stack>
  );
}

/** A donation's group and factor ('A+'), with the flag when it is discordant. */
export function GrupoYFactor({ donacion }: { donacion: GrupoDeDonacion }) {
  const grupo = grupoYFactor(donacion.abo, donacion.rh);
  if (!donacion.grupoDiscordante) return <>{grupo}</>;
  return (
    <Stack gap="1" align="flex-start" whiteSpace="normal">
      {grupo && <Text as="span">{grupo}</Text>}
      <GrupoDiscordanteMarca motivo={donacion.grupoMotivo} />
    </Stack>
  );
}

/** The 'Grupo y factor' cell of a donations list: the same flag on every list. */
export function GrupoCell({ donacion, onClick }: { donacion: GrupoDeDonacion; onClick?: () => void }) {
  return (
    <Table.Cell data-label="Grupo y factor" onClick={onClick}>
      <GrupoYFactor donacion={donacion} />
    </Table.Cell>
  );
}
