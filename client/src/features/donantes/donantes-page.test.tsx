import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { DeleteDonanteDocument, DonantesDocument } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders } from '@/test-utils';
import { DonantesPage } from './donantes-page';

jest.setTimeout(20000);

const page = { offset: 0, limit: 20 };
const juan = {
  __typename: 'Donante',
  id: 'd1',
  nombre: 'Juan',
  apellido: 'Pérez',
  dni: '30123456',
  ultimaDonacion: null,
  puedeDonar: true,
  proximaDonacion: null,
  elegibilidad: { __typename: 'Elegibilidad', puedeDonar: true, desde: '2025-06-10', motivos: [] },
};
const ana = {
  __typename: 'Donante',
  id: 'd2',
  nombre: 'Ana',
  apellido: 'Pereyra',
  dni: '28999888',
  ultimaDonacion: '2025-06-01',
  puedeDonar: false,
  proximaDonacion: '2025-07-27',
  elegibilidad: {
    __typename: 'Elegibilidad',
    puedeDonar: false,
    desde: '2025-07-27',
    motivos: [
      {
        __typename: 'MotivoElegibilidad',
        tipo: 'intervalo',
        texto: 'Este donante dono hace menos de 8 semanas (01/06/2025).',
      },
    ],
  },
};

const searchMock = (filter: Record<string, string | boolean>, items: object[]) => ({
  request: { query: DonantesDocument, variables: { filter, page } },
  result: {
    data: { donantes: { __typename: 'DonantePage', total: items.length, totalExacto: true, ...page, items } },
  },
});

function renderPage(mocks: MockedResponses, route = '/donantes') {
  renderWithProviders(
    <Routes>
      <Route path="/donantes" element={<DonantesPage />} />
    </Routes>,
    { route, mocks },
  );
}

describe('DonantesPage', () => {
  it('searches on Enter (as a barcode scanner does) and shows "No se encontraron donantes"', async () => {
    renderPage([searchMock({ dni: '99', nombre: '', apellido: '' }, [])]);
    const dni = screen.getByLabelText('DNI');
    fireEvent.change(dni, { target: { value: '99' } });
    fireEvent.submit(dni.closest('form')!);
    expect(await screen.findByText('No se encontraron donantes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(screen.getByLabelText('DNI')).toHaveValue('');
    expect(screen.queryByText('No se encontraron donantes')).not.toBeInTheDocument();
  });

  it('lists name and DNI; add donation only when the donor may donate', async () => {
    renderPage(
      [searchMock({ dni: '', nombre: '', apellido: 'per' }, [ana, juan])],
      '/donantes?dni=&nombre=&apellido=per',
    );
    const table = await screen.findByRole('table', { name: 'Donantes encontrados' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Pereyra, Ana');
    expect(rows[0]).toHaveTextContent('28999888');
    expect(within(rows[0]).queryByRole('link', { name: /Agregar donación/ })).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Puede donar a partir del 27/07/2025');
    expect(within(rows[1]).getByRole('link', { name: 'Agregar donación de Pérez, Juan' })).toHaveAttribute(
      'href',
      '/donaciones/nueva/d1/',
    );
    expect(within(rows[1]).getByRole('link', { name: 'Ver donaciones de Pérez, Juan' })).toHaveAttribute(
      'href',
      '/donaciones/donante/d1',
    );
    expect(screen.getByRole('link', { name: 'Nuevo donante' })).toHaveAttribute('href', '/donantes/nuevo');
  });

  it('deletes only after confirming; a failure shows "Error al eliminar donante"', async () => {
    const filter = { dni: '30123456', nombre: '', apellido: '' };
    renderPage(
      [
        searchMock(filter, [juan]),
        {
          request: { query: DeleteDonanteDocument, variables: { id: 'd1' } },
          result: { errors: [{ message: 'No se encuentra el donante', extensions: { code: 'NOT_FOUND' } }] },
        },
      ],
      '/donantes?dni=30123456&nombre=&apellido=',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar a Pérez, Juan' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quiere borrar al donante Pérez, Juan (DNI 30123456)?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar a Pérez, Juan' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    const alert = await screen.findByText('Error al eliminar donante');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('No se encuentra el donante');
  });

  it('a guessed next page that turns out empty still offers Anterior', async () => {
    // The server stopped counting at 20: a full first page made the pager offer a second one.
    const filter = { dni: '', nombre: '', apellido: 'per' };
    const pageMock = (offset: number, items: object[]) => ({
      request: { query: DonantesDocument, variables: { filter, page: { offset, limit: 20 } } },
      result: {
        data: {
          donantes: { __typename: 'DonantePage', total: 20, totalExacto: false, offset, limit: 20, items },
        },
      },
    });
    renderPage([pageMock(20, []), pageMock(0, [ana, juan])], '/donantes?dni=&nombre=&apellido=per&pagina=2');
    expect(await screen.findByText('No se encontraron donantes')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Donantes encontrados' })).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas' });
    expect(within(pager).getByText('Página 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Anterior' }));
    const table = await screen.findByRole('table', { name: 'Donantes encontrados' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('No se encontraron donantes')).not.toBeInTheDocument();
  });

  it('a failed search shows "Error al cargar donante"', async () => {
    renderPage(
      [
        {
          request: {
            query: DonantesDocument,
            variables: { filter: { dni: '1', nombre: '', apellido: '' }, page },
          },
          error: new Error('Sin conexión'),
        },
      ],
      '/donantes?dni=1&nombre=&apellido=',
    );
    expect(await screen.findByText('Error al cargar donante')).toBeInTheDocument();
  });

  it('orders by a column on the server: a button in its header, aria-sort, the order in the URL', async () => {
    const filter = { dni: '', nombre: '', apellido: 'per' };
    const ordenMock = (orden: object | undefined, items: object[]) => ({
      request: { query: DonantesDocument, variables: { filter, page, ...(orden ? { orden } : {}) } },
      result: {
        data: {
          donantes: { __typename: 'DonantePage', total: items.length, totalExacto: true, ...page, items },
        },
      },
    });
    renderPage(
      [
        ordenMock(undefined, [ana, juan]),
        ordenMock({ campo: 'DNI', direccion: 'ASC' }, [ana, juan]),
        ordenMock({ campo: 'DNI', direccion: 'DESC' }, [juan, ana]),
      ],
      '/donantes?dni=&nombre=&apellido=per',
    );
    const header = () => screen.getByRole('columnheader', { name: /^DNI/ });
    await userEvent.click(await screen.findByRole('button', { name: 'DNI' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    let rows = within(screen.getByRole('table', { name: 'Donantes encontrados' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Pereyra, Ana');
    await userEvent.click(screen.getByRole('button', { name: 'DNI' }));
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    rows = within(screen.getByRole('table', { name: 'Donantes encontrados' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Pérez, Juan');
    expect(screen.getByRole('columnheader', { name: /^Apellido y nombre/ })).not.toHaveAttribute('aria-sort');
  });

  it('filters by eligibility and blood group on the server', async () => {
    renderPage([
      searchMock({ dni: '', nombre: '', apellido: '', puedeDonar: false, abo: 'A', rh: 'NEGATIVO' }, [ana]),
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Puede donar'), 'No puede donar hoy');
    await userEvent.selectOptions(screen.getByLabelText('Grupo'), 'A');
    await userEvent.selectOptions(screen.getByLabelText('Factor'), 'Rh− (negativo)');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const table = await screen.findByRole('table', { name: 'Donantes encontrados' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('Puede donar a partir del 27/07/2025');
  });
});
