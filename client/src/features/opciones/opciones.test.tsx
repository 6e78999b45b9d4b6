import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import {
  ChangePasswordDocument,
  CreateIntegranteDocument,
  DeleteIntegranteDocument,
  IntegranteDocument,
  IntegrantesDocument,
  PanelResultadosDocument,
  ReglasDonacionDocument,
  ServicioDocument,
  UpdateIntegranteDocument,
  UpdateOpcionesDocument,
} from '@/generated/graphql';
import { TOKEN_KEY } from '@/lib/session';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { limpiar, opcionesComponentesMock, opcionesStockMock, umbralesTamizajeMock } from './test-data';
import { ClavePage } from './clave-page';
import { IntegranteEditPage } from './integrante-edit-page';
import { IntegrantesPage } from './integrantes-page';
import { OpcionesGeneralesPage } from './opciones-generales-page';

const ID = '22222222-2222-4222-8222-222222222222';
const ana = {
  __typename: 'Usuario' as const,
  id: ID,
  username: 'aperez',
  rol: 'ROL_TECNICO' as const,
  nombre: 'Ana',
  apellido: 'Pérez',
  matricula: 'MN 123',
  email: 'ana@hospital.test',
  telefono: null,
  agentecph: true,
};
const servicio = {
  __typename: 'Servicio' as const,
  id: testUsuario().id,
  nombre: 'Servicio de Hemoterapia Central',
  nombreEnRed: null,
  nombrePropuesto: null,
  direccion: 'Av. Siempreviva 742',
  email: 'hemo@example.com',
  telefono: null,
};

const integrantesMock = (list = [ana]) => ({
  request: { query: IntegrantesDocument },
  result: { data: { integrantes: list } },
});

const medico = () => testUsuario({ id: '33333333-3333-4333-8333-333333333333', rol: 'ROL_MEDICO' });

async function typeAndBlur(label: RegExp | string, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  await userEvent.tab();
}

jest.setTimeout(30_000);

afterEach(limpiar);

describe('Integrantes: create form', () => {
  it('shows the spec validation texts only once touched, and defaults the role to Médico', async () => {
    signIn();
    renderWithProviders(<IntegrantesPage />, { mocks: [integrantesMock()] });
    const form = await screen.findByRole('form', { name: 'Nuevo integrante' });
    expect(within(form).queryByText('Requerido')).not.toBeInTheDocument();

    const rol = within(form).getByLabelText('Rol') as HTMLSelectElement;
    expect(rol.value).toBe('ROL_MEDICO');
    expect(Array.from(rol.options).map((o) => [o.value, o.text])).toEqual([
      ['ROL_MEDICO', 'Médico'],
      ['ROL_TECNICO', 'Técnico'],
      ['ROL_ADMINISTRATIVO', 'Administrativo'],
    ]);

    for (const name of ['Nombre', 'Apellido', 'Usuario']) {
      await userEvent.click(within(form).getByLabelText(new RegExp(`^${name}`)));
      await userEvent.tab();
    }
    expect(within(form).getAllByText('Requerido')).toHaveLength(3);
    await typeAndBlur(/^Clave/, '12345');
    expect(within(form).getByText('La clave debe tener al menos 6 caracteres')).toBeInTheDocument();
    await typeAndBlur(/^Clave/, '123456');
    await typeAndBlur(/^Repetir clave/, '1234567');
    expect(within(form).getByText('Las passwords no coinciden')).toBeInTheDocument();
    await typeAndBlur(/^Email/, 'no-es-email');
    expect(within(form).getByText('No es un email válido')).toBeInTheDocument();
  });

  it('creates a member and shows the server message as a toast', async () => {
    signIn();
    const input = {
      nombre: 'Juan',
      apellido: 'Gómez',
      rol: 'ROL_MEDICO',
      matricula: null,
      email: null,
      telefono: null,
      agentecph: true,
      username: 'jgomez',
      password: 'clave123',
      password2: 'clave123',
    };
    const mocks: MockedResponses = [
      integrantesMock(),
      {
        request: { query: CreateIntegranteDocument, variables: { input } },
        result: {
          data: {
            createIntegrante: {
              __typename: 'IntegrantePayload',
              message: 'Integrante agregado con exito',
              integrante: { ...ana, id: '44444444-4444-4444-8444-444444444444', nombre: 'Juan' },
            },
          },
        },
      },
      integrantesMock(),
    ];
    renderWithProviders(<IntegrantesPage />, { mocks });
    const form = await screen.findByRole('form', { name: 'Nuevo integrante' });
    // The blocking loading overlay (pointer-events: none on the page) is gone once the list is in.
    await waitFor(() => {
      expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
      expect(document.body.style.pointerEvents).not.toBe('none');
    });
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Juan');
    await userEvent.type(within(form).getByLabelText(/^Apellido/), 'Gómez');
    await userEvent.type(within(form).getByLabelText(/^Usuario/), 'jgomez');
    await userEvent.type(within(form).getByLabelText(/^Clave/), 'clave123');
    await userEvent.type(within(form).getByLabelText(/^Repetir clave/), 'clave123');
    await userEvent.click(within(form).getByLabelText('Agente de captación CPH'));
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Integrante agregado con exito')).toBeInTheDocument();
  });

  it('lists members and deletes one only after confirming', async () => {
    signIn();
    const mocks: MockedResponses = [
      integrantesMock(),
      {
        request: { query: DeleteIntegranteDocument, variables: { id: ID } },
        result: {
          data: {
            deleteIntegrante: {
              __typename: 'IntegrantePayload',
              message: 'Integrante eliminado con exito',
              integrante: { __typename: 'Usuario', id: ID },
            },
          },
        },
      },
      integrantesMock([]),
    ];
    renderWithProviders(<IntegrantesPage />, { mocks });
    const table = await screen.findByRole('table', { name: 'Integrantes del servicio' });
    expect(within(table).getByText('Pérez, Ana')).toBeInTheDocument();
    expect(within(table).getByText('Técnico')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Editar a Pérez, Ana' })).toHaveAttribute(
      'href',
      `/opciones/integrantes/editar/${ID}`,
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Eliminar a Pérez, Ana' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await userEvent.click(within(table).getByRole('button', { name: 'Eliminar a Pérez, Ana' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Integrante eliminado con exito')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Pérez, Ana')).not.toBeInTheDocument());
  });

  it('is not offered to staff', () => {
    signIn(medico());
    renderWithProviders(<IntegrantesPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('No tiene permiso para realizar esta acción');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('Integrantes: edit form', () => {
  const renderEdit = (mocks: MockedResponses) =>
    renderWithProviders(
      <Routes>
        <Route path="/opciones/integrantes/editar/:id" element={<IntegranteEditPage />} />
        <Route path="/opciones/integrantes" element={<p>Listado</p>} />
      </Routes>,
      { route: `/opciones/integrantes/editar/${ID}`, mocks },
    );

  it('has no username or password fields, requires nombre and apellido, saves with a toast', async () => {
    signIn();
    const input = {
      nombre: 'Ana María',
      apellido: 'Pérez',
      rol: 'ROL_TECNICO',
      matricula: 'MN 123',
      email: 'ana@hospital.test',
      telefono: null,
      agentecph: true,
    };
    renderEdit([
      {
        request: { query: IntegranteDocument, variables: { id: ID } },
        result: { data: { integrante: ana } },
      },
      {
        request: { query: UpdateIntegranteDocument, variables: { id: ID, input } },
        result: {
          data: {
            updateIntegrante: {
              __typename: 'IntegrantePayload',
              message: 'Integrante editado con exito',
              integrante: { ...ana, nombre: 'Ana María' },
            },
          },
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Editar integrante' });
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Ana');
    expect(within(form).getByLabelText('Rol')).toHaveValue('ROL_TECNICO');
    expect(within(form).queryByLabelText(/Usuario/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/Clave/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(/Repetir/)).not.toBeInTheDocument();

    await typeAndBlur(/^Nombre/, '');
    await typeAndBlur(/^Apellido/, '');
    expect(within(form).getAllByText('Requerido')).toHaveLength(2);
    await typeAndBlur(/^Nombre/, 'Ana María');
    await typeAndBlur(/^Apellido/, 'Pérez');
    expect(within(form).queryByText('Requerido')).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Integrante editado con exito')).toBeInTheDocument();
    expect(await screen.findByText('Listado')).toBeInTheDocument();
  });
});

describe('Cambiar clave', () => {
  it('validates, shows the server status text and stores the new token', async () => {
    const old = signIn(medico());
    renderWithProviders(<ClavePage />, {
      mocks: [
        {
          request: {
            query: ChangePasswordDocument,
            variables: { input: { oldPassword: 'vieja1', newPassword: 'nueva12', newPassword2: 'nueva12' } },
          },
          result: {
            data: {
              changePassword: {
                __typename: 'PasswordChangePayload',
                message: 'Clave actualizada con exito',
                token: `${old}-nuevo`,
              },
            },
          },
        },
      ],
    });
    await typeAndBlur(/^Clave actual/, '123');
    expect(screen.getByText('La clave debe tener al menos 6 caracteres')).toBeInTheDocument();
    await typeAndBlur(/^Clave actual/, 'vieja1');
    await typeAndBlur(/^Clave nueva/, 'nueva12');
    await typeAndBlur(/^Repetir clave nueva/, 'nueva13');
    expect(screen.getByText('Las passwords no coinciden')).toBeInTheDocument();
    await typeAndBlur(/^Repetir clave nueva/, 'nueva12');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar clave' }));
    expect(await screen.findByText('Clave actualizada con exito')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(`${old}-nuevo`);
  });
});

describe('Opciones generales', () => {
  const servicioMock = { request: { query: ServicioDocument }, result: { data: { servicio } } };
  // The page also shows the donation rules.
  const reglasMock = {
    request: { query: ReglasDonacionDocument },
    result: {
      data: {
        servicio: {
          __typename: 'Servicio' as const,
          id: servicio.id,
          semanasEntreDonaciones: 8,
          limiteAnualHombres: 4,
          limiteAnualMujeres: 3,
        },
      },
    },
  };

  // And the laboratory panel.
  const panelMock = {
    request: { query: PanelResultadosDocument },
    result: {
      data: { servicio: { __typename: 'Servicio' as const, id: servicio.id, marcadoresAdicionales: [] } },
    },
  };

  // And the components' options.
  const componentesMock = opcionesComponentesMock(servicio.id);
  const stockMock = opcionesStockMock();
  // And the screening thresholds: the spec's bounds.
  const umbralesMock = umbralesTamizajeMock(servicio.id);

  it('the administrator sees "Nombre del Servicio", saves, and sees the version', async () => {
    signIn();
    const input = {
      nombre: 'Hemoterapia Central',
      direccion: 'Av. Siempreviva 742',
      email: 'hemo@example.com',
      telefono: '011 4444-5555',
    };
    renderWithProviders(<OpcionesGeneralesPage />, {
      mocks: [
        servicioMock,
        reglasMock,
        panelMock,
        componentesMock,
        stockMock,
        umbralesMock,
        {
          request: { query: UpdateOpcionesDocument, variables: { input } },
          result: {
            data: {
              updateOpciones: {
                __typename: 'OpcionesPayload',
                message: 'Opciones guardadas con exito',
                servicio: { ...servicio, ...input },
              },
            },
          },
        },
      ],
    });
    const nombre = await screen.findByLabelText(/^Nombre del Servicio/);
    expect(nombre).toHaveValue('Servicio de Hemoterapia Central');
    expect(screen.getByText('Versión: 1.1.9')).toBeInTheDocument();
    expect(screen.getByText('Compilado: 23/08/2025 00:00')).toBeInTheDocument();
    await typeAndBlur(/^Nombre del Servicio/, '');
    expect(screen.getByText('Requerido')).toBeInTheDocument();
    await typeAndBlur(/^Nombre del Servicio/, input.nombre);
    await typeAndBlur('Teléfono', input.telefono);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Opciones guardadas con exito')).toBeInTheDocument();
  });

  it('in a network, a rename says the others read the approved name until the network approves it', async () => {
    signIn();
    const input = {
      nombre: 'Hospital Chico',
      direccion: 'Av. Siempreviva 742',
      email: 'hemo@example.com',
      telefono: null,
    };
    const enRed = { ...servicio, nombreEnRed: servicio.nombre };
    renderWithProviders(<OpcionesGeneralesPage />, {
      mocks: [
        { request: { query: ServicioDocument }, result: { data: { servicio: enRed } } },
        reglasMock,
        panelMock,
        componentesMock,
        stockMock,
        umbralesMock,
        {
          request: { query: UpdateOpcionesDocument, variables: { input } },
          result: {
            data: {
              updateOpciones: {
                __typename: 'OpcionesPayload',
                message: 'Opciones guardadas con exito',
                servicio: { ...enRed, nombre: 'Hospital Chico', nombrePropuesto: 'Hospital Chico' },
              },
            },
          },
        },
      ],
    });
    await screen.findByLabelText(/^Nombre del Servicio/);
    expect(screen.queryByText(/espera la aprobación de la red/)).not.toBeInTheDocument();
    await typeAndBlur(/^Nombre del Servicio/, input.nombre);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Opciones guardadas con exito')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'El nombre «Hospital Chico» espera la aprobación de la red: hasta entonces, los demás servicios de la red leen «Servicio de Hemoterapia Central».',
      ),
    ).toBeInTheDocument();
  });

  it('staff see the options read-only, without "Nombre del Servicio"', async () => {
    signIn(medico());
    renderWithProviders(<OpcionesGeneralesPage />, {
      mocks: [servicioMock, reglasMock, panelMock, componentesMock, stockMock, umbralesMock],
    });
    expect(await screen.findByLabelText('Servicio')).toBeDisabled();
    expect(screen.queryByText('Nombre del Servicio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Dirección')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(screen.getByText('Versión: 1.1.9')).toBeInTheDocument();
  });
});
