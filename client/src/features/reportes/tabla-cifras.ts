import type { SystemStyleObject } from '@chakra-ui/react';
import { TARJETA, TELEFONO } from '@/components/tabla-tarjetas';

/**
 * `TABLA_TARJETAS` for a table of figures: in a card, each figure on its own line after its
 * column's name ('Donaciones ....... 12'), so that a row of many columns stays short; a cell with
 * no `data-label` (the row's name) heads the card.
 */
export const TABLA_TARJETAS_CIFRAS: SystemStyleObject = {
  [TELEFONO]: {
    ...TARJETA,
    '& td[data-label]': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: '3',
      width: '100%',
      borderBottomWidth: '0',
      py: '0.5',
      whiteSpace: 'normal',
    },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      fontSize: 'xs',
      fontWeight: 'medium',
      color: 'gray.600',
      textAlign: 'start',
    },
    '& td:not([data-label])': { fontWeight: 'semibold', overflowWrap: 'anywhere' },
  },
};
