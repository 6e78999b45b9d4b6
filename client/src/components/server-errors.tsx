import { Box, List } from '@chakra-ui/react';
import { MSG } from '@domain/messages';

export type ServerErrorsProps = {
  /** Messages from the server, shown one per line. */
  errors?: readonly string[] | null;
};

/** The server's validation messages one per line, or 'No se encontraron errores de validación.' */
export function ServerErrors({ errors }: ServerErrorsProps) {
  if (!errors || errors.length === 0) return <Box as="span">{MSG.sinErroresValidacion}</Box>;
  return (
    <List.Root listStyleType="none" ms="0" gap="0.5">
      {errors.map((msg, i) => (
        <List.Item key={`${i}-${msg}`}>{msg}</List.Item>
      ))}
    </List.Root>
  );
}
