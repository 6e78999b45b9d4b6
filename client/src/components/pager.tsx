import { Button, HStack, Text } from '@chakra-ui/react';

export type PagerProps = {
  /** 1-based page shown. */
  pagina: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  /** false when the server stopped counting: `total` is then a lower bound. */
  totalExacto?: boolean;
  onPage: (pagina: number) => void;
};

/**
 * 'Mostrando a–b de n' (or 'de más de n') and Anterior / Siguiente under a paginated table. Past the
 * first page it always offers Anterior, even on a page with no rows: when the server stopped
 * counting, a full page only guesses that another follows, and that one may turn out empty.
 */
export function Pager({ pagina, pageSize, shown, total, totalExacto = true, onPage }: PagerProps) {
  const paginas = Math.max(1, Math.ceil(total / pageSize));
  const first = (pagina - 1) * pageSize + 1;
  const hayMas = shown > 0 && (totalExacto ? pagina < paginas : shown === pageSize);
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Text fontSize="sm" color="gray.600">
        {shown === 0
          ? 'No hay resultados en esta página'
          : `Mostrando ${first}–${first + shown - 1} de ${totalExacto ? total : `más de ${total}`}`}
      </Text>
      {(pagina > 1 || hayMas) && (
        <HStack gap="2" as="nav" aria-label="Páginas">
          <Button size="sm" variant="outline" disabled={pagina <= 1} onClick={() => onPage(pagina - 1)}>
            Anterior
          </Button>
          <Text fontSize="sm">
            {totalExacto && pagina <= paginas ? `Página ${pagina} de ${paginas}` : `Página ${pagina}`}
          </Text>
          <Button size="sm" variant="outline" disabled={!hayMas} onClick={() => onPage(pagina + 1)}>
            Siguiente
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
