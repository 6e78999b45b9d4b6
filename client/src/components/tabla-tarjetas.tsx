import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * A list table that never scrolls sideways: below the md breakpoint (768 px, a phone) each row
 * becomes a card, one cell under the other, each cell titled by its `data-label` (the column's
 * name), and the header row is kept only for screen readers. Every action button of a row is
 * then on screen without scrolling. From md up the table is a table.
 *
 * Use: `<Table.Root css={TABLA_TARJETAS}>` and `data-label="Columna"` on each data cell.
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
