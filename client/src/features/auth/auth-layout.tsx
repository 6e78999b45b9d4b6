import { Box, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { APP_VERSION } from '@domain/app-info';
import { BrandMark } from '@/components/brand-mark';

/** The frame of the sign-in screens: the product's name above a centred card. */
export function AuthLayout() {
  return (
    <Flex minH="100vh" direction="column" bg="gray.50">
      <Box h="1.5" bg="brand.700" />
      <Center flex="1" px="4" py="10">
        <Stack gap="6" w="full" maxW="md">
          <Stack gap="1" align="center" textAlign="center">
            <BrandMark size={36} />
            <Heading as="h1" size="lg" color="gray.800">
              Hemoterapia
            </Heading>
            <Text color="gray.600" fontSize="sm">
              Gestión de donantes y donaciones
            </Text>
          </Stack>
          <Box
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            borderRadius="lg"
            shadow="sm"
            p={{ base: '5', md: '8' }}
          >
            <Outlet />
          </Box>
          <Text textAlign="center" fontSize="xs" color="gray.500">
            Versión {APP_VERSION}
          </Text>
        </Stack>
      </Center>
    </Flex>
  );
}
