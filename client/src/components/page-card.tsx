import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled white card: the frame of every options screen. */
export function PageCard({
  title,
  description,
  children,
  as = 'h1',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  as?: 'h1' | 'h2';
}) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as={as} size={as === 'h1' ? 'lg' : 'md'}>
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="gray.600">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}
