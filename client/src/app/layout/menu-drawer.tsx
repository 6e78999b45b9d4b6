import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { Rol } from '@domain/roles';
import { BrandMark } from '@/components/brand-mark';
import { Sidebar } from './sidebar';

export type MenuDrawerProps = {
  rol: Rol | undefined;
  onClose: () => void;
};

/**
 * The sidebar as a drawer below 992 px, open while mounted. Its own module, loaded when the menu
 * is first opened: the drawer's machinery is not part of the first screen's scripts.
 */
export default function MenuDrawer({ rol, onClose }: MenuDrawerProps) {
  return (
    <Drawer.Root open onOpenChange={(e) => !e.open && onClose()} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px" display="flex" alignItems="center" gap="2">
              <BrandMark />
              <Drawer.Title fontSize="md">Menú</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">
              <Sidebar rol={rol} onNavigate={onClose} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar menú" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
