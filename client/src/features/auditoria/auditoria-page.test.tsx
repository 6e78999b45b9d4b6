import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '@/components/toast';
import {
  AuditoriaDocument,
  RestaurarDonacionDocument,
  RestaurarDonanteDocument,
  UsuariosAuditoriaDocument,
} from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { AuditoriaPage, cambiosLines, PAGE_SIZE } from './auditoria-page';

jest.setTimeout(30_000);

const DONANTE_ID = '11111111-1111-4111-8111-111111111111';
const DONACION_ID = '44444444-4444-4444-8444-444444444444';
const entry = (id: string, accion: string, entidad: string, entidadId: string, cambios: object) => ({
  __typename: 'Auditoria' as const,
  id,
  at: '2025-03-10T13:45:00.000Z',
  accion,
  entidad,
  entidadId,
  usuarioId: testUsuario().id,
  usuarioNombre: 'aperez',
  autor: 'Ana Pérez',
  personas: [] as { __typename: 'PersonaAuditoria'; id: string; nombre: string }[],
  cambios,
});
const items = [
  entry('5', 'eliminar', 'donante', DONANTE_ID, { deletedAt: [null, '2025-03-10'] }),
  entry('4', 'editar', 'donante', DONANTE_ID, { apellido: ['Perez', 'Pérez'] }),
  entry('3', 'eliminar', 'donacion', DONACION_ID, {}),
  entry('2', 'eliminar', 'usuario', '22222222-2222-4222-8222-222222222222', {}),
  entry('1', 'crear', 'donante', DONANTE_ID, { nombre: [null, 'Juan'] }),
];
const listMock = (variables = { filter: {}, page: { offset: 0, limit: PAGE_SIZE } }) => ({
  request: { query: AuditoriaDocument, variables },
  result: {
    data: {
      auditoria: {
        __typename: 'AuditoriaPage' as const,
        total: items.length,
        offset: 0,
        limit: PAGE_SIZE,
        items,
      },
    },
  },
});

const MARTA = '66666666-6666-4666-8666-666666666666';
const usuariosMock = {
  request: { query: UsuariosAuditoriaDocument },
  result: {
    data: {
      usuariosAuditoria: [
        {
          __typename: 'PersonaAuditoria' as const,
          id: testUsuario().id,
          nombre: 'Servicio de Hemoterapia Central',
        },
        { __typename: 'PersonaAuditoria' as const, id: MARTA, nombre: 'Marta Gómez' },
      ],
    },
  },
};

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

test('changes read as "Campo: antes → después" with the forms\' labels and the screens\' formats', () => {
  const edicion = { entidad: 'donante', accion: 'editar', personas: [] };
  expect(
    cambiosLines({
      ...edicion,
      cambios: {
        apellido: ['Perez', 'Pérez'],
        email: [null, 'a@b.c'],
        fechaNacimiento: ['1990-02-01', '1990-02-10'],
        convocado: [false, true],
        cph: [
          { contacto1: { Nombre: 'Ana', Telefono: '' } },
          { contacto1: { Nombre: 'Ana', Telefono: '351 111' } },
        ],
      },
    }),
  ).toEqual([
    'Apellido: Perez → Pérez',
    'Email: — → a@b.c',
    'Fecha de nacimiento: 01/02/1990 → 10/02/1990',
    'Convocado: No → Sí',
    'CPH · Contacto 1 · Teléfono: — → 351 111',
  ]);
  // A new donation: only what was recorded, the vital signs by their names and units, the
  // person who recorded it by name, no ids.
  expect(
    cambiosLines({
      entidad: 'donacion',
      accion: 'crear',
      personas: [{ id: 'u-1', nombre: 'Dra. Gómez' }],
      cambios: {
        id: [null, DONACION_ID],
        donanteId: [null, DONANTE_ID],
        fecha: [null, '2025-03-10'],
        taSistolica: [null, 120],
        temp: [null, 36.5],
        plasmaCovid: [null, false],
        serologia: [null, null],
        registradoPor: [null, 'u-1'],
      },
    }),
  ).toEqual([
    'Fecha: 10/03/2025',
    'TAS: 120 mmHg',
    'Temperatura: 36,5 °C',
    'Plasma COVID: No',
    'Registrado por: Dra. Gómez',
  ]);
  expect(
    cambiosLines({
      entidad: 'donacion',
      accion: 'editar',
      personas: [],
      cambios: {
        rh: ['', 'POSITIVO'],
        exclusionTiempo: [null, 365],
        serologia: [null, { hiv: true, hepB: false }],
      },
    }),
  ).toEqual([
    'Factor Rh: — → Positivo',
    'Tiempo de exclusión: — → 1 año',
    'Serología: — → HIV (+) · Hepatitis B (-) · Hepatitis C (-) · VDRL (-) · Brucelosis (-) · Chagas (-) · HTLV (-)',
  ]);
});

test("a network's entries read in words: a lookup made by another servicio names that servicio", async () => {
  // Two servicios read: a list, never a change 'A → B'.
  expect(
    cambiosLines({
      entidad: 'red',
      accion: 'consultar',
      personas: [],
      cambios: { servicios: ['Hospital Central', 'Hospital del Sur'] },
    }),
  ).toEqual(['Servicios de la red consultados: Hospital Central, Hospital del Sur']);
  expect(
    cambiosLines({
      entidad: 'servicio',
      accion: 'editar',
      personas: [],
      cambios: { red: ['Programa Provincial', null], quitadoPor: 'Programa Provincial' },
    }),
  ).toEqual(['Red: Programa Provincial → —', 'Quitado de la red por: Programa Provincial']);
  // Written by another member's lookup: no user of this servicio, the server names the servicio.
  const consulta = {
    ...entry('9', 'consultar', 'red', DONANTE_ID, { consultadoPor: 'Hospital del Sur' }),
    usuarioId: null,
    usuarioNombre: null,
    autor: 'Hospital del Sur (otro servicio de la red)',
  };
  signIn();
  renderWithProviders(<AuditoriaPage />, {
    mocks: [
      usuariosMock,
      {
        request: {
          query: AuditoriaDocument,
          variables: { filter: {}, page: { offset: 0, limit: PAGE_SIZE } },
        },
        result: {
          data: {
            auditoria: {
              __typename: 'AuditoriaPage' as const,
              total: 1,
              offset: 0,
              limit: PAGE_SIZE,
              items: [consulta],
            },
          },
        },
      },
    ],
  });
  const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
  const [row] = within(table).getAllByRole('row').slice(1);
  expect(within(row).getByText('Hospital del Sur (otro servicio de la red)')).toBeInTheDocument();
  expect(within(row).getByText('Consulta de la red')).toBeInTheDocument();
  expect(within(row).getByText('Consultado por el servicio: Hospital del Sur')).toBeInTheDocument();
});

test('lists the entries with who, when, action and changes; Restaurar only on deleted donors and donations', async () => {
  signIn();
  renderWithProviders(<AuditoriaPage />, { mocks: [listMock(), usuariosMock] });
  const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(5);
  expect(within(rows[0]).getByText('Eliminación')).toBeInTheDocument();
  expect(within(rows[0]).getByText('10/03/2025 10:45')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Ana Pérez')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Apellido: Perez → Pérez')).toBeInTheDocument();
  const withButton = rows.map((r) => within(r).queryByRole('button', { name: 'Restaurar' }) !== null);
  expect(withButton).toEqual([true, false, true, false, false]);
});

test('confirming Restaurar calls the mutation and shows a toast', async () => {
  signIn();
  const restore = jest.fn(() => ({
    data: { restaurarDonante: { __typename: 'Donante' as const, id: DONANTE_ID } },
  }));
  renderWithProviders(<AuditoriaPage />, {
    mocks: [
      usuariosMock,
      listMock(),
      { request: { query: RestaurarDonanteDocument, variables: { id: DONANTE_ID } }, result: restore },
      listMock(),
    ],
  });
  const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
  await userEvent.click(within(table).getAllByRole('button', { name: 'Restaurar' })[0]);
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText('¿Quiere restaurar el donante?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
  await waitFor(() => expect(restore).toHaveBeenCalled());
  expect(await screen.findByText('Donante restaurado')).toBeInTheDocument();
});

test('a refused restore shows the server message', async () => {
  signIn();
  renderWithProviders(<AuditoriaPage />, {
    mocks: [
      usuariosMock,
      listMock(),
      {
        request: { query: RestaurarDonacionDocument, variables: { id: DONACION_ID } },
        result: {
          errors: [{ message: 'El número de donación ya existe', extensions: { code: 'BAD_USER_INPUT' } }],
        },
      },
    ],
  });
  const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
  await userEvent.click(within(table).getAllByRole('button', { name: 'Restaurar' })[1]);
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
  expect(await screen.findByText('El número de donación ya existe')).toBeInTheDocument();
});

test('Desde and Hasta are typed DD/MM/AAAA and filter by ISO days; an impossible day is refused', async () => {
  signIn();
  const filtered = jest.fn(() => ({
    data: {
      auditoria: {
        __typename: 'AuditoriaPage' as const,
        total: 1,
        offset: 0,
        limit: PAGE_SIZE,
        items: items.slice(0, 1),
      },
    },
  }));
  renderWithProviders(<AuditoriaPage />, {
    mocks: [
      usuariosMock,
      listMock(),
      {
        request: {
          query: AuditoriaDocument,
          variables: {
            filter: { desde: '2025-03-01', hasta: '2025-03-31' },
            page: { offset: 0, limit: PAGE_SIZE },
          },
        },
        result: filtered,
      },
    ],
  });
  await screen.findByRole('table', { name: 'Registro de auditoría' });
  const desde = screen.getByRole('textbox', { name: 'Desde' });
  const hasta = screen.getByRole('textbox', { name: 'Hasta' });
  expect(desde).toHaveAttribute('placeholder', 'DD/MM/AAAA');
  await userEvent.type(desde, '01032025');
  expect(desde).toHaveValue('01/03/2025');
  await userEvent.type(hasta, '31/02/2025');
  await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
  expect(screen.getByText('Debe proporcionar una fecha válida')).toBeInTheDocument();
  expect(filtered).not.toHaveBeenCalled();
  await userEvent.clear(hasta);
  await userEvent.type(hasta, '31/03/2025{enter}');
  await waitFor(() => expect(filtered).toHaveBeenCalled());
  expect(screen.queryByText('Debe proporcionar una fecha válida')).not.toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
});

test('staff other than the administrator are refused', () => {
  signIn(testUsuario({ rol: 'ROL_MEDICO' }));
  renderWithProviders(<AuditoriaPage />);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('searches by donor, donation number, user and action, all sent to the server together', async () => {
  signIn();
  const filtrado = jest.fn(() => ({
    data: {
      auditoria: {
        __typename: 'AuditoriaPage' as const,
        total: 1,
        offset: 0,
        limit: PAGE_SIZE,
        items: items.slice(2, 3),
      },
    },
  }));
  renderWithProviders(<AuditoriaPage />, {
    mocks: [
      usuariosMock,
      listMock(),
      {
        request: {
          query: AuditoriaDocument,
          variables: {
            filter: { donante: 'DNI 30.111.222', numero: '39-8', usuarioId: MARTA, accion: 'eliminar' },
            page: { offset: 0, limit: PAGE_SIZE },
          },
        },
        result: filtrado,
      },
    ],
  });
  await screen.findByRole('table', { name: 'Registro de auditoría' });
  const filtros = screen.getByRole('form', { name: 'Filtros de auditoría' });
  await userEvent.type(within(filtros).getByRole('textbox', { name: 'Donante' }), 'DNI 30.111.222');
  await userEvent.type(within(filtros).getByRole('textbox', { name: 'N° de donación' }), '39-8');
  const usuario = within(filtros).getByRole('combobox', { name: 'Usuario' });
  // Every user by name, the deleted ones included (the server lists them).
  await waitFor(() =>
    expect(within(usuario).getByRole('option', { name: 'Marta Gómez' })).toBeInTheDocument(),
  );
  await userEvent.selectOptions(usuario, MARTA);
  const accion = within(filtros).getByRole('combobox', { name: 'Acción' });
  expect(
    within(accion)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([
    'Todas',
    'Alta',
    'Modificación',
    'Eliminación',
    'Restauración',
    'Fusión de donantes',
    'Cambio de clave',
    'Revocación',
    'Levantamiento de diferimiento',
    'Consulta de la red',
  ]);
  await userEvent.selectOptions(accion, 'eliminar');
  await userEvent.click(within(filtros).getByRole('button', { name: 'Filtrar' }));
  await waitFor(() => expect(filtrado).toHaveBeenCalled());
  const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
});
