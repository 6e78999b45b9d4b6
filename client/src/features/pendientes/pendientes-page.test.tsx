import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { addDays, formatDate, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { PendientesDecisionDocument } from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { espera, PENDIENTES_PAGE_SIZE, PendientesPage } from './pendientes-page';

jest.setTimeout(30000);

const hoy = todayIso();
const negativa = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

function pendiente(n: number, overrides: Record<string, unknown> = {}) {
  const fecha = addDays(hoy, -n);
  return {
    __typename: 'PendienteDecision' as const,
    donanteId: `d${n}`,
    nombre: 'Ana',
    apellido: `Gómez ${n}`,
    dni: String(30_000_000 + n),
    donacionId: `x${n}`,
    numero: 100 + n,
    fecha,
    eliminada: false,
    serologia: { __typename: 'Serologia' as const, ...negativa, hiv: true },
    diferimiento: {
      __typename: 'Diferimiento' as const,
      origenId: `x${n}`,
      tipo: 'Pendiente',
      hasta: null,
      texto: `Donante diferido: serología reactiva (HIV) en la donación N° ${100 + n}, a la espera de la decisión de un médico.`,
    },
    ...overrides,
  };
}

const paginaMock = (offset: number, total: number, items: object[], orden?: object) => ({
  request: {
    query: PendientesDecisionDocument,
    variables: { page: { offset, limit: PENDIENTES_PAGE_SIZE }, ...(orden ? { orden } : {}) },
  },
  result: {
    data: {
      pendientesDecision: {
        __typename: 'PendientesPage' as const,
        total,
        offset,
        limit: PENDIENTES_PAGE_SIZE,
        items,
      },
    },
  },
});

function renderPagina(mocks: MockedResponses, rol: Rol = 'ROL_MEDICO', route = '/pendientes') {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/pendientes" element={<PendientesPage />} />
    </Routes>,
    { route, mocks },
  );
}

afterEach(() => localStorage.clear());

describe("/pendientes: the doctor's queue", () => {
  it.each(['ROL_MEDICO', 'ROL_SERVICIO'] as const)(
    '%s sees each result awaiting a decision: the donor, the donation, how long, the markers (+) and where to act',
    async (rol) => {
      const eliminada = pendiente(40, {
        eliminada: true,
        serologia: { __typename: 'Serologia', ...negativa, hepC: true, htlv: true },
      });
      renderPagina([paginaMock(0, 2, [eliminada, pendiente(3)])], rol);
      const tabla = await screen.findByRole('table', { name: 'Decisiones pendientes' });
      const [primera, segunda] = within(tabla).getAllByRole('row').slice(1);
      expect(primera).toHaveTextContent('Gómez 40, Ana');
      expect(primera).toHaveTextContent('DNI 30000040');
      expect(primera).toHaveTextContent(`N° 140 · ${formatDate(addDays(hoy, -40))}`);
      expect(primera).toHaveTextContent('Donación eliminada');
      expect(primera).toHaveTextContent('40 días');
      expect(
        within(primera)
          .getAllByTestId('marca-reactivo')
          .map((m) => m.textContent),
      ).toEqual(['Hepatitis C (+)', 'HTLV (+)']);
      expect(primera).toHaveTextContent('HIV (-)');
      // A deleted donation has no results screen: the decision is the donor's page's lift.
      expect(within(primera).getByRole('link', { name: /^Decidir sobre/ })).toHaveAttribute(
        'href',
        '/donaciones/donante/d40',
      );
      expect(within(primera).queryByRole('link', { name: /^Resultados/ })).toBeNull();

      expect(within(segunda).getByTestId('marca-reactivo')).toHaveTextContent('HIV (+)');
      expect(within(segunda).getByRole('link', { name: 'Resultados de la donación 103' })).toHaveAttribute(
        'href',
        '/donacion/x3/donante/d3',
      );
      expect(screen.getByText('Mostrando 1–2 de 2')).toBeInTheDocument();
    },
  );

  it('says so when nothing awaits a decision', async () => {
    renderPagina([paginaMock(0, 0, [])]);
    expect(await screen.findByText('No hay resultados que esperen una decisión médica.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Decisiones pendientes' })).not.toBeInTheDocument();
  });

  it('pages through the queue', async () => {
    const primeras = Array.from({ length: PENDIENTES_PAGE_SIZE }, (_, i) => pendiente(i + 1));
    renderPagina([paginaMock(0, 21, primeras), paginaMock(PENDIENTES_PAGE_SIZE, 21, [pendiente(30)])]);
    await screen.findByText(`Mostrando 1–${PENDIENTES_PAGE_SIZE} de 21`);
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 21–21 de 21')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Decisiones pendientes' })).toHaveTextContent('Gómez 30, Ana');
  });

  it('orders the whole queue on the server by a column: its header button, aria-sort, kept when paging', async () => {
    const primeras = Array.from({ length: PENDIENTES_PAGE_SIZE }, (_, i) => pendiente(i + 1));
    renderPagina([
      paginaMock(0, 21, primeras),
      paginaMock(0, 21, [...primeras].reverse(), { campo: 'NUMERO', direccion: 'ASC' }),
      paginaMock(0, 21, [pendiente(30), ...primeras.slice(1)], { campo: 'NUMERO', direccion: 'DESC' }),
      paginaMock(PENDIENTES_PAGE_SIZE, 21, [pendiente(1)], { campo: 'NUMERO', direccion: 'DESC' }),
    ]);
    await screen.findByText(`Mostrando 1–${PENDIENTES_PAGE_SIZE} de 21`);
    await userEvent.click(screen.getByRole('button', { name: 'Donación' }));
    const header = () => screen.getByRole('columnheader', { name: /^Donación/ });
    expect(await screen.findByRole('columnheader', { name: /^Donación/ })).toBeInTheDocument();
    await screen.findByText(/N° 120/);
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Donación' }));
    await screen.findByText(/N° 130/);
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 21–21 de 21')).toBeInTheDocument();
    expect(header()).toHaveAttribute('aria-sort', 'descending');
  });

  it.each(['ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const)('%s is told it has no permission', async (rol) => {
    renderPagina([], rol);
    expect(await screen.findByText(MSG.sinPermiso)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('how long a result has waited', () => {
    expect(espera(hoy, hoy)).toBe('Desde hoy');
    expect(espera(addDays(hoy, -1), hoy)).toBe('1 día');
    expect(espera(addDays(hoy, -12), hoy)).toBe('12 días');
  });
});
