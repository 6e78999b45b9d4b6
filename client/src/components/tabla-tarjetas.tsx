import { Button, HStack, Table } from '@chakra-ui/react';
import type { StackProps, SystemStyleObject } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A phone: below Chakra's md breakpoint. */
export const TELEFONO = '@media screen and (max-width: 767.98px)';

/** A row as a card (TABLA_TARJETAS). */
export const TARJETA: SystemStyleObject = {
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
  // A list that can be ordered keeps its order buttons above the cards, in a row that wraps.
  '& thead:has([data-orden])': {
    position: 'static',
    width: '100%',
    height: 'auto',
    overflow: 'visible',
    clip: 'auto',
    whiteSpace: 'normal',
    display: 'block',
  },
  '& thead:has([data-orden]) tr': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '1',
    borderBottomWidth: '1px',
    borderColor: 'border',
    py: '1',
  },
  '& thead:has([data-orden]) th': { display: 'none' },
  '& thead:has([data-orden]) th[data-orden]': { display: 'block', borderBottomWidth: '0', px: '1' },
};

/**
 * A list table that never scrolls sideways: below the md breakpoint (768 px, a phone) each row
 * becomes a card, one cell under the other, each cell titled by its `data-label` (the column's
 * name), and the header row is kept only for screen readers, or, when the list can be ordered,
 * shown as a row of its order buttons. Every action button of a row is then on screen without
 * scrolling. From md up the table is a table.
 *
 * Use: `<TablaTarjetas>` below, or `<Table.Root css={TABLA_TARJETAS}>` and `data-label="Columna"`
 * on each data cell.
 */
export const TABLA_TARJETAS: SystemStyleObject = { [TELEFONO]: TARJETA };

/**
 * A list's order, as the URL holds it with its search and its page: `?orden=DNI&direccion=DESC`.
 * The server orders the whole list (a page is never sorted in the browser); without `orden` the
 * list keeps its own order.
 */
export type Direccion = 'ASC' | 'DESC';
export type Orden<C extends string = string> = { campo: C; direccion: Direccion };

/** The order the URL asks for, when it names one of `campos`; otherwise none. */
export function ordenDeParams<C extends string>(
  params: URLSearchParams,
  campos: readonly C[],
): Orden<C> | null {
  const campo = campos.find((c) => c === params.get('orden'));
  if (!campo) return null;
  return { campo, direccion: params.get('direccion') === 'DESC' ? 'DESC' : 'ASC' };
}

/** The URL's parameters for an order (none: the list's own). */
export function paramsDeOrden(orden: Orden | null): Record<string, string> {
  return orden ? { orden: orden.campo, direccion: orden.direccion } : {};
}

/** A click on a column's header: ascending first, then the other way. */
export function siguienteOrden<C extends string>(actual: Orden<C> | null, campo: C): Orden<C> {
  return { campo, direccion: actual?.campo === campo && actual.direccion === 'ASC' ? 'DESC' : 'ASC' };
}

/**
 * A data column: its header, and, when the list can be ordered by it, the server's name of the
 * column (`campo`, e.g. GraphQL DonanteOrdenCampo).
 */
export type Columna = string | { titulo: string; campo?: string; ancho?: Table.ColumnHeaderProps['width'] };

export type TablaTarjetasProps = {
  /** The table's accessible name. */
  label: string;
  /** The data columns' headers, in order; each row's cells carry the same text as `data-label`. */
  columnas: readonly Columna[];
  /** The order the list is in (the server's), marked on its column's header with aria-sort. */
  orden?: Orden | null;
  /** With it, each column with a `campo` has a button in its header that asks for that order. */
  onOrdenar?: (campo: string) => void;
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
  orden,
  onOrdenar,
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
            {columnas.map((columna) => {
              const c = typeof columna === 'string' ? { titulo: columna } : columna;
              return (
                <EncabezadoColumna
                  key={c.titulo}
                  {...c}
                  orden={orden}
                  onOrdenar={c.campo && onOrdenar ? onOrdenar : undefined}
                />
              );
            })}
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

const FLECHA = { ASC: '▲', DESC: '▼' } as const;

/**
 * A column's header: its title, or, when the list can be ordered by it, a button with the title
 * that asks for that order (ascending, then descending), and `aria-sort` when the list is in it.
 */
function EncabezadoColumna({
  titulo,
  campo,
  ancho,
  orden,
  onOrdenar,
}: {
  titulo: string;
  campo?: string;
  ancho?: Table.ColumnHeaderProps['width'];
  orden?: Orden | null;
  onOrdenar?: (campo: string) => void;
}) {
  if (!campo || !onOrdenar) return <Table.ColumnHeader width={ancho}>{titulo}</Table.ColumnHeader>;
  const actual = orden?.campo === campo ? orden.direccion : null;
  return (
    <Table.ColumnHeader
      width={ancho}
      aria-sort={actual === 'ASC' ? 'ascending' : actual === 'DESC' ? 'descending' : undefined}
      px="1.5"
      data-orden
    >
      {/* As narrow as the title: it wraps rather than widen the column beyond its cells. */}
      <Button
        size="xs"
        variant="ghost"
        px="1"
        h="auto"
        minH="7"
        gap="1"
        whiteSpace="normal"
        textAlign="start"
        fontWeight="semibold"
        onClick={() => onOrdenar(campo)}
        title={`Ordenar por ${titulo.toLowerCase()}`}
      >
        {titulo}
        <span aria-hidden="true">{actual ? FLECHA[actual] : '↕'}</span>
      </Button>
    </Table.ColumnHeader>
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
