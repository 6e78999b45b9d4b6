import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { DonantesDocument, LoginDocument, RegisterDocument } from '@/generated/graphql';
import { TOKEN_KEY } from '@/lib/session';
import { makeToken, renderApp, signIn, testUsuario } from '@/test-utils';

describe('login page', () => {
  beforeEach(() => localStorage.clear());

  it('shows the server Spanish error when the sign-in fails', async () => {
    const mocks = [
      {
        request: { query: LoginDocument, variables: { input: { username: 'hemo', password: 'equivocada' } } },
        result: {
          errors: [
            new GraphQLError('Usuario o contraseña incorrectos', {
              extensions: { code: 'UNAUTHENTICATED' },
            }),
          ],
        },
      },
    ];
    renderApp('/auth/login', { mocks });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Usuario/), 'hemo');
    await user.type(screen.getByLabelText(/Clave/), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs in, stores the session and goes to /donantes', async () => {
    const usuario = testUsuario();
    const token = makeToken({ uid: usuario.id, exp: Math.floor(Date.now() / 1000) + 3600 });
    const mocks = [
      {
        request: { query: LoginDocument, variables: { input: { username: 'hemo', password: 'secreta' } } },
        result: { data: { login: { token, usuario } } },
      },
    ];
    const { router } = renderApp('/auth/login', { mocks });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Usuario/), 'hemo');
    await user.type(screen.getByLabelText(/Clave/), 'secreta');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donantes'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('marks the empty fields once left or when sending, and does not send with errors', async () => {
    renderApp('/auth/login');
    const user = userEvent.setup();
    const usuario = await screen.findByLabelText(/Usuario/);
    expect(screen.queryByText('Requerido')).not.toBeInTheDocument();
    await user.click(usuario);
    await user.tab();
    expect(screen.getAllByText('Requerido')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    // No mock answers LoginDocument: a request would show an error alert.
    expect(screen.getAllByText('Requerido')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // An invisible character is refused as in every other text field.
    await user.type(usuario, 'hemo\u200b');
    expect(screen.queryAllByText('Requerido')).toHaveLength(1);
    expect(usuario).toHaveAttribute('aria-invalid', 'true');
    await user.type(usuario, '{Backspace}');
    expect(usuario).not.toHaveAttribute('aria-invalid');
  });

  it('links to recover and register', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('link', { name: '¿Olvidó su clave?' })).toHaveAttribute(
      'href',
      '/auth/recover',
    );
    expect(screen.getByRole('link', { name: 'Registrar un servicio' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });
});

describe('register page', () => {
  beforeEach(() => localStorage.clear());

  it('shows validation texts only after a field is touched', async () => {
    renderApp('/auth/register');
    const user = userEvent.setup();
    const nombre = await screen.findByLabelText(/Nombre del servicio/);
    expect(screen.queryByText('Requerido')).not.toBeInTheDocument();
    expect(screen.queryByText('La clave debe tener al menos 6 caracteres')).not.toBeInTheDocument();

    await user.click(nombre);
    await user.tab();
    expect(await screen.findByText('Requerido')).toBeInTheDocument();
    expect(screen.getAllByText('Requerido')).toHaveLength(1);

    await user.type(screen.getByLabelText(/^Email/), 'no-es-email');
    await user.tab();
    expect(await screen.findByText('El email es invalido')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Clave/), '123');
    await user.tab();
    expect(await screen.findByText('La clave debe tener al menos 6 caracteres')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Clave/));
    await user.type(screen.getByLabelText(/^Clave/), '123456');
    await user.type(screen.getByLabelText(/Repetir clave/), '1234567');
    await user.tab();
    expect(await screen.findByText('Las passwords no coinciden')).toBeInTheDocument();
  });
});

describe('register page: the kind of account', () => {
  beforeEach(() => localStorage.clear());

  const input = {
    nombre: 'Programa Provincial',
    username: 'programa',
    email: 'programa@salud.example',
    password: 'clave-segura',
    password2: 'clave-segura',
  };

  async function completar(user: ReturnType<typeof userEvent.setup>, nombre: RegExp) {
    await user.type(screen.getByLabelText(nombre), input.nombre);
    await user.type(screen.getByLabelText(/^Usuario/), input.username);
    await user.type(screen.getByLabelText(/^Email/), input.email);
    await user.type(screen.getByLabelText(/^Clave/), input.password);
    await user.type(screen.getByLabelText(/Repetir clave/), input.password2);
  }

  function registerMock(rol: 'ROL_SERVICIO' | 'ROL_RED', id: string) {
    const usuario = {
      __typename: 'Usuario' as const,
      ...testUsuario({ id, rol, nombre: input.nombre, servicio: { id, nombre: input.nombre } }),
      servicio: { __typename: 'Servicio' as const, id, nombre: input.nombre },
    };
    return {
      request: { query: RegisterDocument, variables: { input: { ...input, rol } } },
      result: {
        data: {
          register: {
            __typename: 'AuthPayload' as const,
            token: makeToken({ uid: id, rol, servicio: id, exp: Math.floor(Date.now() / 1000) + 3600 }),
            usuario,
          },
        },
      },
    };
  }

  it("offers 'Servicio de hemoterapia' by default and registers a servicio, which lands on /donantes", async () => {
    const { router } = renderApp('/auth/register', {
      mocks: [registerMock('ROL_SERVICIO', '33333333-3333-4333-8333-333333333333')],
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: 'Servicio de hemoterapia' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Red o programa provincial' })).not.toBeChecked();
    await completar(user, /Nombre del servicio/);
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donantes'));
  });

  it("'Red o programa provincial' registers a network's account, which lands on /red", async () => {
    const { router } = renderApp('/auth/register', {
      mocks: [registerMock('ROL_RED', '44444444-4444-4444-8444-444444444444')],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Red o programa provincial' }));
    expect(screen.getByRole('heading', { name: 'Registrar red' })).toBeInTheDocument();
    expect(screen.getByText(/nunca datos de personas/)).toBeInTheDocument();
    await completar(user, /Nombre de la red o programa/);
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/red'));
    expect(JSON.parse(localStorage.getItem('usuario') ?? '{}').rol).toBe('ROL_RED');
  });
});

describe('recover page', () => {
  it('explains how a password is reset, with no e-mail sending', async () => {
    renderApp('/auth/recover');
    expect(await screen.findByRole('heading', { name: '¿Olvidó su clave?' })).toBeInTheDocument();
    // Staff: the administrator sets the new password where the product lets them do it.
    const staff = screen.getByText(/Si es integrante del servicio/).closest('li');
    expect(staff).toHaveTextContent(
      "(médico, técnico o administrativo): el administrador de su servicio le asigna una clave nueva en Opciones › Integrantes, con el botón 'Cambiar clave' de su fila.",
    );
    expect(screen.getByText(/soporte técnico/)).toBeInTheDocument();
  });
});

describe('redirects', () => {
  beforeEach(() => localStorage.clear());

  it('sends an unauthenticated user to /auth/login', async () => {
    const { router } = renderApp('/donaciones');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('sends an authenticated user away from login and register to /donantes', async () => {
    signIn();
    const { router } = renderApp('/auth/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/donantes'));
  });

  it('sends unknown paths to /donantes', async () => {
    signIn();
    const { router } = renderApp('/no/existe?dni=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/donantes'));
    expect(router.state.location.search).toBe('');
  });

  it("'/' is the donor search: its query goes along (where a saved donor returns)", async () => {
    signIn();
    // The donor search then runs it: no donor found.
    const { router } = renderApp('/?dni=30123456', {
      mocks: [
        {
          request: { query: DonantesDocument, variables: () => true },
          result: {
            data: {
              donantes: {
                __typename: 'DonantePage',
                total: 0,
                totalExacto: true,
                offset: 0,
                limit: 20,
                items: [],
              },
            },
          },
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/donantes'));
    expect(router.state.location.search).toBe('?dni=30123456');
    expect(await screen.findByRole('textbox', { name: 'DNI' })).toHaveValue('30123456');
  });
});
