import { Box, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { Rol } from '@domain/roles';
import { navSections } from './nav-items';

export type SidebarProps = {
  rol: Rol | undefined;
  /** Called after a link is followed (closes the drawer on narrow screens). */
  onNavigate?: () => void;
};

export function Sidebar({ rol, onNavigate }: SidebarProps) {
  return (
    <Box as="nav" aria-label="Menú principal" py="4" px="3">
      <Stack gap="5">
        {navSections(rol).map((section, i) => (
          <Box key={section.label ?? i}>
            {section.label && (
              <Text
                px="3"
                mb="1"
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wider"
                color="gray.500"
              >
                {section.label}
              </Text>
            )}
            <Stack as="ul" gap="0.5" listStyleType="none">
              {section.items.map((item) => (
                <Box as="li" key={item.to}>
                  <Box
                    asChild
                    display="block"
                    px="3"
                    py="2"
                    borderRadius="md"
                    fontSize="sm"
                    fontWeight="medium"
                    color="gray.700"
                    _hover={{ bg: 'gray.100', color: 'gray.900' }}
                    css={{
                      '&[aria-current=page]': {
                        bg: 'brand.subtle',
                        color: 'brand.fg',
                        boxShadow: 'inset 3px 0 0 var(--chakra-colors-brand-600)',
                      },
                    }}
                  >
                    <NavLink to={item.to} onClick={onNavigate}>
                      {item.label}
                    </NavLink>
                  </Box>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
