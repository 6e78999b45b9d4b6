import { Button, HStack, Text } from '@chakra-ui/react';

export type PagerProps = {
  /** 1-based page shown. */
  pagina: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  onPage: (pagina: number) => void;
};

/** 'Mostrando a–b de n' and Anterior / Siguiente under a paginated table. */
export function Pager({ pagina, pageSize, shown, total, onPage }: PagerProps) {
  const paginas = Math.max(1, Math.ceil(total / pageSize));
  const first = (pagina - 1) * pageSize + 1;
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Text fontSize="sm" color="gray.600">
        {`Mostrando ${first}–${first + shown - 1} de ${total}`}
      </Text>
      {paginas > 1 && (
        <HStack gap="2" as="nav" aria-label="Páginas">
          <Button size="sm" variant="outline" disabled={pagina <= 1} onClick={() => onPage(pagina - 1)}>
            Anterior
          </Button>
          <Text fontSize="sm">{`Página ${pagina} de ${paginas}`}</Text>
          <Button size="sm" variant="outline" disabled={pagina >= paginas} onClick={() => onPage(pagina + 1)}>
            Siguiente
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
