import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@domain/messages';
import { RedDelServicioDocument, SalirDeRedDocument, UnirseARedDocument } from '@/generated/graphql';
import { renderApp, renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { CONSECUENCIAS_SALIR, RedOpcionesPage } from './red-page';

const SERVICIO_ID = '11111111-1111-4111-8111-111111111111';
const RED = { __typename: 'ServicioResumen' as const, id: 'r-1', nombre: 'Programa Provincial' };

const servicio = (red: typeof RED | null) => ({
  __typename: 'Servicio' as const,
  id: SERVICIO_ID,
  nombre: 'Servicio de Hemoterapia Central',
  red,
});
const consulta = (red: typeof RED | null) => ({
  request: { query: RedDelServicioDocument },
  result: { data: { servicio: servicio(red) } },
});

afterEach(() => localStorage.clear());

describe('Opciones → Red', () => {
  // Runs first: once a dialog has opened and closed in this file, jsdom no longer finds the shell's navigation.
  it("is routed at /opciones/red with 'Red' under Opciones", async () => {
    signIn();
    renderApp('/opciones/red', { mocks: [consulta(null)] });
    expect(await screen.findByRole('heading', { name: 'Red', level: 1 })).toBeInTheDocument();
    // The heading shows while the servicio's network loads under a modal overlay, which hides the
    // menu: the menu is read once the answer is on screen.
    expect(await screen.findByText('El servicio no pertenece a ninguna red.')).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Red' })).toHaveAttribute('aria-current', 'page');
  });

  it('the administrator joins with the code the network gave; the screen then names the network', async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<RedOpcionesPage />, {
      route: '/opciones/red',
      mocks: [
        consulta(null),
        {
          request: { query: UnirseARedDocument, variables: { codigo: 'acde-fghj-kmnp' } },
          result: { data: { unirseARed: servicio(RED) } },
        },
      ],
    });
    expect(await screen.findByText('El servicio no pertenece a ninguna red.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unirse a la red' }));
    expect(await screen.findByText(MSG.requerido)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Código de invitación/), ' acde-fghj-kmnp ');
    await user.click(screen.getByRole('button', { name: 'Unirse a la red' }));
    expect(await screen.findByText(MSG.unidoARed('Programa Provincial'))).toBeInTheDocument();
    expect(screen.getByText('Programa Provincial', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salir de la red' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unirse a la red' })).not.toBeInTheDocument();
  });

  it("shows the server's Spanish message under the code when no network has it", async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<RedOpcionesPage />, {
      route: '/opciones/red',
      mocks: [
        consulta(null),
        {
          request: { query: UnirseARedDocument, variables: { codigo: 'NOEXISTE1234' } },
          result: {
            errors: [
              {
                message: 'Datos inválidos',
                extensions: {
                  code: 'BAD_USER_INPUT',
                  errors: [{ field: 'codigo', msg: MSG.codigoRedInvalido }],
                },
              },
            ],
          },
        },
      ],
    });
    await user.type(await screen.findByLabelText(/Código de invitación/), 'NOEXISTE1234');
    await user.click(screen.getByRole('button', { name: 'Unirse a la red' }));
    // In the alert and under the field.
    await waitFor(() => expect(screen.getAllByText(MSG.codigoRedInvalido)).toHaveLength(2));
    expect(screen.getByText('El servicio no pertenece a ninguna red.')).toBeInTheDocument();
  });

  it('leaving asks first, saying what the servicio loses; No keeps it, Si leaves', async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<RedOpcionesPage />, {
      route: '/opciones/red',
      mocks: [
        consulta(RED),
        { request: { query: SalirDeRedDocument }, result: { data: { salirDeRed: servicio(null) } } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Salir de la red' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Salir de la red Programa Provincial?')).toBeInTheDocument();
    expect(within(dialog).getByText(CONSECUENCIAS_SALIR)).toBeInTheDocument();
    expect(CONSECUENCIAS_SALIR).toMatch(/dejará de ver las cifras/);
    expect(CONSECUENCIAS_SALIR).toMatch(/controles de seguridad del donante/);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Programa Provincial', { selector: 'strong' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salir de la red' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText(MSG.salioDeRed('Programa Provincial'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unirse a la red' })).toBeInTheDocument();
  });

  it("shows the server's message when leaving fails, and the network stays", async () => {
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<RedOpcionesPage />, {
      route: '/opciones/red',
      mocks: [
        consulta(RED),
        {
          request: { query: SalirDeRedDocument },
          result: {
            errors: [
              {
                message: 'Datos inválidos',
                extensions: { code: 'BAD_USER_INPUT', errors: [{ field: '', msg: MSG.noEnRed }] },
              },
            ],
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Salir de la red' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText(MSG.noEnRed)).toBeInTheDocument();
    expect(screen.getByText('Programa Provincial', { selector: 'strong' })).toBeInTheDocument();
  });

  it.each(['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const)(
    '%s reads the network’s name, with nothing to change',
    async (rol) => {
      signIn(testUsuario({ rol, id: 'u-2', servicioId: SERVICIO_ID }));
      renderWithProviders(<RedOpcionesPage />, { route: '/opciones/red', mocks: [consulta(RED)] });
      expect(await screen.findByText('Programa Provincial', { selector: 'strong' })).toBeInTheDocument();
      expect(screen.getByText(/Solo el administrador del servicio/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /red/ })).not.toBeInTheDocument();
    },
  );

  it('another role sees that there is no network, and no form', async () => {
    signIn(testUsuario({ rol: 'ROL_TECNICO', id: 'u-2', servicioId: SERVICIO_ID }));
    renderWithProviders(<RedOpcionesPage />, { route: '/opciones/red', mocks: [consulta(null)] });
    expect(await screen.findByText('El servicio no pertenece a ninguna red.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
