import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@domain/messages';
import { toaster } from '@/components/toast';
import { DuplicadosDonantesDocument, FusionarDonantesDocument } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { DUPLICADOS_PAGE_SIZE, DuplicadosPage } from './duplicados-page';

jest.setTimeout(30_000);

const donante = (id: string, dni: string, nombre: string, ultimaDonacion: string | null) => ({
  __typename: 'Donante' as const,
  id,
  nombre,
  apellido: 'Gómez',
  dni,
  fechaNacimiento: '1980-04-02',
  ultimaDonacion,
});
const A = donante('11111111-1111-4111-8111-111111111111', '31267787', 'Ana', '2025-01-10');
const B = donante('22222222-2222-4222-8222-222222222222', '31267787', 'Ana María', '2025-02-20');
const par = { __typename: 'ParDuplicado' as const, motivo: 'Mismo DNI', a: A, b: B };

const listMock = (items: (typeof par)[]) => ({
  request: { query: DuplicadosDonantesDocument, variables: { offset: 0, limit: DUPLICADOS_PAGE_SIZE } },
  result: {
    data: {
      duplicadosDonantes: {
        __typename: 'ParesDuplicadosPage' as const,
        total: items.length,
        offset: 0,
        limit: DUPLICADOS_PAGE_SIZE,
        items,
      },
    },
  },
});

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

test('lists each pair side by side with the reason and a Conservar este per record', async () => {
  signIn();
  renderWithProviders(<DuplicadosPage />, { mocks: [listMock([par])] });
  const table = await screen.findByRole('table', { name: 'Posibles duplicados' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByText('Mismo DNI')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Ana')).toBeInTheDocument();
  expect(within(rows[0]).getByText('10/01/2025')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Ana María')).toBeInTheDocument();
  expect(within(rows[1]).getByText('02/04/1980')).toBeInTheDocument();
  expect(within(table).getAllByRole('button', { name: /^Conservar a / })).toHaveLength(2);
});

test('staff other than the administrator are refused', () => {
  signIn(testUsuario({ rol: 'ROL_MEDICO' }));
  renderWithProviders(<DuplicadosPage />, { mocks: [] });
  expect(screen.getByText(MSG.sinPermiso)).toBeInTheDocument();
});

test('Conservar este asks first, merges, shows the warnings and refreshes the list', async () => {
  signIn();
  const aviso = 'Las donaciones N° 7 (10/01/2025) y N° 9 (20/02/2025) tienen menos de 8 semanas entre sí.';
  const avisoDiferimiento = MSG.donacionDuranteDiferimiento(
    12,
    '01/06/2025',
    'Donante diferido: exclusión definitiva (donación N° 9 del 20/02/2025).',
  );
  const fusionar = jest.fn(() => ({
    data: {
      fusionarDonantes: {
        __typename: 'FusionDonantes' as const,
        donacionesMovidas: 1,
        avisos: [aviso, avisoDiferimiento],
        donante: B,
      },
    },
  }));
  renderWithProviders(<DuplicadosPage />, {
    mocks: [
      listMock([par]),
      {
        request: { query: FusionarDonantesDocument, variables: { conservarId: B.id, eliminarId: A.id } },
        result: fusionar,
      },
      listMock([]),
    ],
  });
  const table = await screen.findByRole('table', { name: 'Posibles duplicados' });
  await userEvent.click(
    within(table).getByRole('button', { name: 'Conservar a Gómez, Ana María (DNI 31267787)' }),
  );
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText('¿Conservar a Gómez, Ana María (DNI 31267787)?')).toBeInTheDocument();
  expect(
    within(dialog).getByText(/Las donaciones de Gómez, Ana \(DNI 31267787\) pasarán a este donante/),
  ).toBeInTheDocument();
  expect(fusionar).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
  await waitFor(() => expect(fusionar).toHaveBeenCalled());
  expect(await screen.findByText(MSG.donantesFusionados(1))).toBeInTheDocument();
  expect(screen.getByText(aviso)).toBeInTheDocument();
  expect(screen.getByText(avisoDiferimiento)).toBeInTheDocument();
  expect(await screen.findByText('No se encontraron posibles duplicados')).toBeInTheDocument();
});

test('a refused merge shows the server message', async () => {
  signIn();
  renderWithProviders(<DuplicadosPage />, {
    mocks: [
      listMock([par]),
      {
        request: { query: FusionarDonantesDocument, variables: { conservarId: A.id, eliminarId: B.id } },
        result: { errors: [{ message: MSG.donanteNoEncontrado, extensions: { code: 'NOT_FOUND' } }] },
      },
    ],
  });
  const table = await screen.findByRole('table', { name: 'Posibles duplicados' });
  await userEvent.click(within(table).getByRole('button', { name: 'Conservar a Gómez, Ana (DNI 31267787)' }));
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
  expect(await screen.findByText(MSG.donanteNoEncontrado)).toBeInTheDocument();
});
