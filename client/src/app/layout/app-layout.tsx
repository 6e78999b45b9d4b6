import { Box, Flex } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { MeDocument } from '@/generated/graphql';
import type { SessionUsuarioFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { useUi } from '@/lib/ui-context';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const MenuDrawer = lazy(() => import('./menu-drawer'));

/**
 * False until the browser has painted the first frame. The top bar first shows the user stored at
 * sign-in; asking the server who is signed in (Me) can wait for that paint, so a slow link's round
 * trip is not part of the first screen.
 */
function usePintado(): boolean {
  const [pintado, setPintado] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before that paint; a task queued from it, after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPintado(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return pintado;
}

/**
 * Who the top bar says is signed in: a staff member by name and surname; an account without a
 * surname (the servicio's administrator, whose name is the servicio's, or a network) by username.
 */
export function nombreSesion(
  usuario: Pick<SessionUsuarioFragment, 'nombre' | 'apellido' | 'username'> | null | undefined,
): string {
  if (!usuario) return '';
  const apellido = usuario.apellido?.trim();
  return apellido ? `${usuario.nombre.trim()} ${apellido}` : usuario.username;
}

/** The authenticated shell: top bar, sidebar (a drawer below 992 px) and the page. */
export function AppLayout() {
  const { usuario, logout } = useAuth();
  const { drawerOpen, setDrawerOpen, toggleDrawer } = useUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pintado = usePintado();
  const { data } = useQuery(MeDocument, { skip: !pintado });
  const me = data?.me;
  const rol = me?.rol ?? usuario?.rol;
  const servicioNombre = me?.servicio?.nombre ?? usuario?.servicio?.nombre ?? '';

  // A followed link closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname, setDrawerOpen]);

  const salir = () => {
    logout();
    navigate('/auth/login', { replace: true });
  };

  return (
    <Flex direction="column" minH="100vh">
      <TopBar
        servicioNombre={servicioNombre}
        usuarioNombre={nombreSesion(me ?? usuario)}
        rol={rol}
        onMenu={toggleDrawer}
        onLogout={salir}
        menuOpen={drawerOpen}
      />
      <Flex flex="1" minH="0">
        <Box hideBelow="lg" w="240px" flexShrink={0} bg="white" borderRightWidth="1px" borderColor="gray.200">
          <Box position="sticky" top="14">
            <Sidebar rol={rol} />
          </Box>
        </Box>
        <Box as="main" flex="1" minW="0" p={{ base: '4', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>
      {drawerOpen && (
        <Suspense fallback={null}>
          <MenuDrawer rol={rol} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
