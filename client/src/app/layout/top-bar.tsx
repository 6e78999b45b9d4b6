import { Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { PANEL_POR_ROL, ROL_LABEL } from '@domain/roles';
import type { Rol } from '@domain/roles';
import { BrandMark } from '@/components/brand-mark';
import { VersionTooltip } from './version-tooltip';

export type TopBarProps = {
  servicioNombre: string;
  /** Who is signed in: a person's name, or the account's username. */
  usuarioNombre: string;
  rol: Rol | undefined;
  onMenu: () => void;
  onLogout: () => void;
  menuOpen: boolean;
};

/** The service name, the panel label of the user's role, who is signed in, the version and 'Salir'. */
export function TopBar({ servicioNombre, usuarioNombre, rol, onMenu, onLogout, menuOpen }: TopBarProps) {
  return (
    <Flex
      as="header"
      align="center"
      gap="3"
      px={{ base: '3', md: '5' }}
      h="14"
      bg="brand.800"
      color="white"
      position="sticky"
      top="0"
      zIndex="docked"
      shadow="sm"
    >
      <IconButton
        hideFrom="lg"
        aria-label="Abrir menú"
        aria-expanded={menuOpen}
        variant="ghost"
        color="white"
        _hover={{ bg: 'whiteAlpha.200' }}
        size="sm"
        onClick={onMenu}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </IconButton>
      <HStack gap="2" minW="0" flex="1">
        <Box bg="white" borderRadius="full" p="1" display="inline-flex" flexShrink={0}>
          <BrandMark size={18} />
        </Box>
        <Box minW="0">
          <Text fontWeight="semibold" lineClamp={1} data-testid="servicio-nombre">
            {servicioNombre}
          </Text>
          {rol && (
            <Text fontSize="xs" color="whiteAlpha.800" lineClamp={1}>
              {PANEL_POR_ROL[rol]}
            </Text>
          )}
        </Box>
      </HStack>
      <HStack gap="3" flexShrink={0}>
        {usuarioNombre && (
          <Box
            textAlign="end"
            minW="0"
            maxW={{ base: '24', sm: '40', md: '56' }}
            data-testid="usuario-sesion"
            title={rol ? `${usuarioNombre} (${ROL_LABEL[rol]})` : usuarioNombre}
          >
            <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
              {usuarioNombre}
            </Text>
            {rol && (
              // On a phone the panel label beside the service name already says the role.
              <Text fontSize="xs" color="whiteAlpha.800" lineClamp={1} hideBelow="sm">
                {ROL_LABEL[rol]}
              </Text>
            )}
          </Box>
        )}
        <Box hideBelow="sm">
          <VersionTooltip />
        </Box>
        <Button
          size="sm"
          variant="outline"
          color="white"
          borderColor="whiteAlpha.600"
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={onLogout}
        >
          Salir
        </Button>
      </HStack>
    </Flex>
  );
}
