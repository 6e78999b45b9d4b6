import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MeDocument } from '@/generated/graphql';
import { TOKEN_KEY, USER_KEY } from '@/lib/session';
import { renderApp, renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { Sidebar } from './sidebar';
import { formatDateTime } from '@domain/dates';
import { BUILD_TEXT, VERSION_TEXT, VersionTooltip, fechaCompilacion } from './version-tooltip';

function labels() {
  return within(screen.getByRole('navigation', { name: 'Menú principal' }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('sidebar', () => {
  it('shows every item and Integrantes to the service administrator', () => {
    renderWithProviders(<Sidebar rol="ROL_SERVICIO" />);
    expect(labels()).toEqual([
      ['Donantes', '/donantes'],
      ['Visitas del día', '/visitas'],
      ['Donaciones', '/donaciones'],
      ['Componentes', '/componentes'],
      ['Stock', '/stock'],
      ['Decisiones pendientes', '/pendientes'],
      ['Citaciones', '/citaciones'],
      ['Registro CPH', '/cph'],
      ['Planillas', '/planillas'],
      ['Reportes', '/reportes'],
      ['Generales', '/opciones/generales'],
      ['Cambiar clave', '/opciones/clave'],
      ['Red', '/opciones/red'],
      ['Cuestionario', '/opciones/cuestionario'],
      ['Integrantes', '/opciones/integrantes'],
      ['Claves de API', '/opciones/claves-api'],
      ['Numeración', '/opciones/numeracion'],
      ['Auditoría', '/opciones/auditoria'],
    ]);
    expect(screen.getByText('Opciones')).toBeInTheDocument();
  });

  it.each(['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const)('hides Integrantes for %s', (rol) => {
    renderWithProviders(<Sidebar rol={rol} />);
    expect(screen.queryByRole('link', { name: 'Integrantes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Claves de API' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Numeración' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cambiar clave' })).toBeInTheDocument();
    // The components' production: every role of the servicio reads it.
    expect(screen.getByRole('link', { name: 'Componentes' })).toHaveAttribute('href', '/componentes');
    expect(screen.getByRole('link', { name: 'Stock' })).toHaveAttribute('href', '/stock');
  });
  it("shows the doctor's queue to a doctor, never to a technician or an administrative member", () => {
    const { unmount } = renderWithProviders(<Sidebar rol="ROL_MEDICO" />);
    expect(screen.getByRole('link', { name: 'Decisiones pendientes' })).toHaveAttribute(
      'href',
      '/pendientes',
    );
    unmount();
    for (const rol of ['ROL_TECNICO', 'ROL_ADMINISTRATIVO', 'ROL_RED'] as const) {
      const other = renderWithProviders(<Sidebar rol={rol} />);
      expect(screen.queryByRole('link', { name: 'Decisiones pendientes' })).not.toBeInTheDocument();
      other.unmount();
    }
  });

  it("shows a network's account only its panel and its password", () => {
    renderWithProviders(<Sidebar rol="ROL_RED" />);
    expect(labels()).toEqual([
      ['Red', '/red'],
      ['Cambiar clave', '/opciones/clave'],
    ]);
  });
});

describe('shell', () => {
  beforeEach(() => localStorage.clear());

  it('shows the service name from me, the panel label and signs out with Salir', async () => {
    const usuario = testUsuario({ rol: 'ROL_TECNICO', id: 'u-2', servicioId: 's-1' });
    signIn(usuario);
    const me = {
      __typename: 'Usuario' as const,
      ...usuario,
      servicio: { __typename: 'Servicio' as const, id: 's-1', nombre: 'Hemoterapia Hospital Italiano' },
    };
    const { router } = renderApp('/donantes', {
      mocks: [{ request: { query: MeDocument }, result: { data: { me } } }],
    });
    // The shell's lazy chunks may take a while on a loaded machine.
    expect(
      await screen.findByText('Hemoterapia Hospital Italiano', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Panel Técnico')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('says who is signed in: a member by name with their role, the administrator by username', async () => {
    const ana = testUsuario({
      rol: 'ROL_TECNICO',
      id: 'u-3',
      servicioId: 's-1',
      username: 'aperez',
      nombre: 'Ana',
      apellido: 'Pérez',
    });
    signIn(ana);
    const me = {
      __typename: 'Usuario' as const,
      ...ana,
      servicio: { __typename: 'Servicio' as const, id: 's-1', nombre: 'Hemoterapia Hospital Italiano' },
    };
    const { unmount } = renderApp('/donantes', {
      mocks: [{ request: { query: MeDocument }, result: { data: { me } } }],
    });
    const quien = await screen.findByTestId('usuario-sesion', {}, { timeout: 10_000 });
    expect(within(quien).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(quien).getByText('Técnico')).toBeInTheDocument();
    expect(quien).toHaveAttribute('title', 'Ana Pérez (Técnico)');
    expect(screen.getByRole('banner')).toContainElement(quien);
    unmount();
    localStorage.clear();

    signIn(testUsuario());
    renderApp('/donantes');
    const admin = await screen.findByTestId('usuario-sesion', {}, { timeout: 10_000 });
    expect(admin).toHaveTextContent('hemo');
    expect(admin).toHaveTextContent('Administrador del servicio');
  });

  it('version tooltip texts', () => {
    expect(VERSION_TEXT).toBe('Versión: 1.1.9');
    expect(BUILD_TEXT).toMatch(/^Compilado: 23\/08\/2025 \d{2}:\d{2}$/);
  });

  it('the build date reads as formatDateTime shows it, with or without its own offset', () => {
    for (const iso of [
      '2025-08-23T00:00:00-03:00',
      '2025-12-31T23:59-03:00',
      '2026-01-01T02:30:00.000Z',
      '2026-03-01T10:00:00+01:00',
    ]) {
      expect({ iso, texto: fechaCompilacion(iso) }).toEqual({ iso, texto: formatDateTime(iso) });
    }
  });

  it('the version tooltip opens on hover and on focus, and Escape or leaving closes it', async () => {
    renderWithProviders(<VersionTooltip />);
    const badge = screen.getByRole('button', { name: /^v1\.1\.9\. Versión: 1\.1\.9\. Compilado: / });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(badge);
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(VERSION_TEXT);
    expect(tip).toHaveTextContent(BUILD_TEXT);
    expect(badge).toHaveAttribute('aria-describedby', tip.id);
    await userEvent.unhover(badge);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await userEvent.tab();
    expect(badge).toHaveFocus();
    await screen.findByRole('tooltip');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('Escape anywhere closes a version tooltip opened by hovering, without focusing the badge', async () => {
    renderWithProviders(<VersionTooltip />);
    const badge = screen.getByRole('button', { name: /^v1\.1\.9\. / });
    await userEvent.hover(badge);
    await screen.findByRole('tooltip');
    expect(badge).not.toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(badge).not.toHaveAttribute('aria-describedby');
  });

  it('toggles the side drawer from the menu button', async () => {
    signIn();
    renderApp('/donantes');
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Donaciones' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cerrar menú' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
