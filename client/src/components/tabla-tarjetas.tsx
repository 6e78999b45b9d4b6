import { Button, HStack, Table } from '@chakra-ui/react';
import type { StackProps, SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A list table that never scrolls sideways: below the md breakpoint (768 px, a phone) each row
 * becomes a card, one cell under the other, each cell titled by its `data-label` (the column's
 * name), and the header row is kept only for screen readers. Every action button of a row is
 * then on screen without scrolling. From md up the table is a table.
 *
 * Use: `<TablaTarjetas>` below, or `<Table.Root css={TABLA_TARJETAS}>` and `data-label="Columna"`
 * on each data cell.
 */
export const TABLA_TARJETAS: SystemStyleObject = {
  '@media screen and (max-width: 767.98px)': {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tr': { borderBottomWidth: '1px', borderColor: 'border', py: '2' },
    '& tr:last-of-type': { borderBottomWidth: '0' },
    '& td': { borderBottomWidth: '0', py: '1', textAlign: 'start', whiteSpace: 'normal' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'xs',
      fontWeight: 'medium',
      color: 'gray.600',
    },
    '& td [data-acciones]': { justifyContent: 'flex-start' },
  },
};

export type TablaTarjetasProps = {
  /** The table's accessible name. */
  label: string;
  /** The data columns' headers, in order; each row's cells carry the same text as `data-label`. */
  columnas: readonly string[];
  /** The last column's header, aligned to the end; omitted, the table has no such column. */
  acciones?: string;
  /** The actions header is empty on screen, named for screen readers only. */
  accionesOcultas?: boolean;
  /** Rows highlight on hover (rows that open something when clicked). */
  interactive?: boolean;
  /** Props of the scroll area around the table (its frame, background, a region name). */
  scrollArea?: Table.ScrollAreaProps;
  /** The rows (`Table.Row`s). */
  children: ReactNode;
};

/** A list as a `TABLA_TARJETAS` table, framed, with its header row; the rows come as children. */
export function TablaTarjetas({
  label,
  columnas,
  acciones,
  accionesOcultas = false,
  interactive,
  scrollArea,
  children,
}: TablaTarjetasProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" {...scrollArea}>
      <Table.Root size="sm" aria-label={label} interactive={interactive} css={TABLA_TARJETAS}>
        <Table.Header>
          <Table.Row>
            {columnas.map((columna) => (
              <Table.ColumnHeader key={columna}>{columna}</Table.ColumnHeader>
            ))}
            {acciones !== undefined &&
              (accionesOcultas ? (
                <Table.ColumnHeader aria-label={acciones} />
              ) : (
                <Table.ColumnHeader textAlign="end">{acciones}</Table.ColumnHeader>
              ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export type AccionesCellProps = Omit<Table.CellProps, 'children'> & {
  /** Space between the buttons. */
  gap?: StackProps['gap'];
  /** The row's buttons and links. */
  children: ReactNode;
};

/**
 * A row's last cell: its buttons side by side at the end, wrapping when they do not fit; in a
 * card (`TABLA_TARJETAS` below md) they line up at the start.
 */
export function AccionesCell({ gap = '2', children, ...cell }: AccionesCellProps) {
  return (
    <Table.Cell textAlign="end" {...cell}>
      <HStack gap={gap} justify="flex-end" wrap="wrap" data-acciones>
        {children}
      </HStack>
    </Table.Cell>
  );
}

export type EliminarButtonProps = {
  /** Its accessible name, naming the row ('Eliminar a Ana Pérez'). */
  label: string;
  /** Asks for confirmation; it never deletes by itself. */
  onClick: () => void;
};

/** A row's 'Eliminar' button, red, small. */
export function EliminarButton({ label, onClick }: EliminarButtonProps) {
  return (
    <Button size="xs" variant="outline" colorPalette="red" onClick={onClick} aria-label={label}>
      Eliminar
    </Button>
  );
}
