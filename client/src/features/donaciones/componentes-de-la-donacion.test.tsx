import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { DonacionDocument } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { DonacionResultadosPage } from './donacion-resultados-page';
import { componentesDeLaDonacionMock, donacion, servicioMock } from './test-data';

jest.setTimeout(30000);

const componente = (id: string, tipo: string, estado: string) => ({
  __typename: 'Componente' as const,
  id,
  codigo: `9000125001001${id}`,
  tipo,
  estado,
});

function renderPage(componentes: Record<string, unknown>[]) {
  signIn(testUsuario({ rol: 'ROL_TECNICO' }));
  renderWithProviders(
    <Routes>
      <Route path="/donacion/:id/donante/:uid" element={<DonacionResultadosPage />} />
    </Routes>,
    {
      route: '/donacion/x1/donante/d1',
      mocks: [
        servicioMock,
        componentesDeLaDonacionMock(componentes),
        {
          request: { query: DonacionDocument, variables: { id: 'x1' } },
          result: { data: { donacion: donacion() } },
        },
      ],
    },
  );
}

afterEach(() => localStorage.clear());

describe("the donation's results screen and its components", () => {
  it('shows the unit identifier and, once split, each component with its state', async () => {
    renderPage([
      componente('GR1K', 'GLOBULOS_ROJOS', 'LIBERADO'),
      componente('PF1W', 'PLASMA_FRESCO_CONGELADO', 'CUARENTENA'),
    ]);
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    expect(screen.getByText(/Unidad 90001 25 001001 Q/)).toBeInTheDocument();
    const grupo = await screen.findByRole('group', { name: 'Componentes de la donación' });
    expect(grupo).toHaveTextContent(
      'Componentes: Concentrado de glóbulos rojos (liberado) · Plasma fresco congelado (en cuarentena)',
    );
    expect(screen.getByRole('link', { name: 'Ver en Componentes' })).toHaveAttribute('href', '/componentes');
  });

  it('says nothing of components while the donation is not split', async () => {
    renderPage([]);
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    expect(screen.queryByRole('group', { name: 'Componentes de la donación' })).toBeNull();
  });
});
