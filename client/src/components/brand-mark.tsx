import { Box } from '@chakra-ui/react';

/** A blood drop: the product's small mark. */
export function BrandMark({ size = 22 }: { size?: number }) {
  return (
    <Box as="span" display="inline-flex" color="blood.500" aria-hidden="true">
      <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 2.5c-.3 0-.6.2-.8.4C9.4 5.4 5 11.1 5 14.8 5 18.8 8.1 22 12 22s7-3.2 7-7.2c0-3.7-4.4-9.4-6.2-11.9-.2-.2-.5-.4-.8-.4z" />
      </svg>
    </Box>
  );
}
