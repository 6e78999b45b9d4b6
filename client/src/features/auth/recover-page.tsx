import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Forgot-password screen. There is no e-mail reset: the service administrator sets a member's
 * new password in Opciones > Integrantes ('Cambiar clave'), and an administrator asks support.
 */
export function RecoverPage() {
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        ¿Olvidó su clave?
      </Heading>
      <Text fontSize="sm" color="gray.700">
        Por seguridad, las claves no se recuperan por correo electrónico.
      </Text>
      <List.Root gap="3" fontSize="sm" color="gray.700" ps="5">
        <List.Item>
          <Text as="span" fontWeight="semibold">
            Si es integrante del servicio
          </Text>{' '}
          (médico, técnico o administrativo): el administrador de su servicio le asigna una clave nueva en{' '}
          <Text as="em">Opciones › Integrantes</Text>, con el botón &apos;Cambiar clave&apos; de su fila.
        </List.Item>
        <List.Item>
          <Text as="span" fontWeight="semibold">
            Si es el administrador del servicio
          </Text>
          : comuníquese con soporte técnico indicando el nombre del servicio y su usuario. Se verificará su
          identidad antes de restablecer la clave.
        </List.Item>
      </List.Root>
      <Text fontSize="sm" color="gray.700">
        Una vez que tenga la clave nueva, ingrese y cámbiela desde{' '}
        <Text as="em">Opciones › Cambiar clave</Text>.
      </Text>
      <Link asChild color="brand.fg" fontSize="sm" fontWeight="medium">
        <RouterLink to="/auth/login">Volver a ingresar</RouterLink>
      </Link>
    </Stack>
  );
}
