import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export type SearchFormProps = {
  /** The search landmark's accessible name ('Buscar donantes'). */
  label: string;
  onSubmit: (e: FormEvent) => void;
  /** The 'Buscar' button spins while the search runs. */
  buscando: boolean;
  /** With it, a 'Limpiar' button beside 'Buscar' calls it. */
  onLimpiar?: () => void;
  /** The search fields. */
  children: ReactNode;
};

/** A list page's search box: its fields in a row (a column on a phone), then 'Buscar' [and 'Limpiar']. */
export function SearchForm({ label, onSubmit, buscando, onLimpiar, children }: SearchFormProps) {
  const buscar = (
    <Button type="submit" colorPalette="brand" loading={buscando}>
      Buscar
    </Button>
  );
  return (
    <Box
      as="form"
      onSubmit={onSubmit}
      role="search"
      aria-label={label}
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        {children}
        {onLimpiar ? (
          <HStack gap="2">
            {buscar}
            <Button type="button" variant="outline" onClick={onLimpiar}>
              Limpiar
            </Button>
          </HStack>
        ) : (
          buscar
        )}
      </Stack>
    </Box>
  );
}
