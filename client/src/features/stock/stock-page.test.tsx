import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MSG } from '@domain/messages';
import {
  ComponentesEnTransitoDocument,
  DespachosDocument,
  RecibirComponenteDocument,
  ServicioRemitoDocument,
  ServicioDocument,
  StockDocument,
  UnidadesEnStockDocument,
} from '@/generated/graphql';
import type { DespachoDatosFragment, Rol, StockQuery, UnidadStockFragment } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { StockPage, UNIDADES_PAGE_SIZE } from './stock-page';

jest.setTimeout(30000);

type Fila = StockQuery['stock'][number];
const fila = (o: Partial<Fila>): Fila =>
  ({
    __typename: 'StockFila',
    tipo: 'GLOBULOS_ROJOS',
    abo: 'O',
    rh: 'NEGATIVO',
    cantidad: 1,
    porVencer: 0,
    proximoVencimiento: '2027-01-07T13:30:00.000Z',
    diasAviso: 7,
    ...o,
  }) as Fila;

const unidad = (id: string, o: Partial<UnidadStockFragment> = {}): UnidadStockFragment =>
  ({
    __typename: 'UnidadComponente',
    id,
    codigo: `9000126000004GR${id}K`,
    codigoLegible: `90001 26 000004 GR${id} K`,
    codigoProducto: `GR${id}`,
    tipo: 'GLOBULOS_ROJOS',
    abo: 'O',
    rh: 'NEGATIVO',
    volumen: 280,
    venceEn: '2027-01-07T13:30:00.000Z',
    vencido: false,
    porVencer: false,
    estado: 'LIBERADO',
    recibido: false,
    servicioOrigen: 'Servicio de Hemoterapia Central',
    ...o,
  }) as UnidadStockFragment;

const servicioMock = {
  request: { query: ServicioDocument },
  result: {
    data: {
      servicio: {
        __typename: 'Servicio' as const,
        id: 's1',
        nombre: 'Servicio de Hemoterapia Central',
        direccion: 'Av. Siempreviva 742',
        email: null,
        telefono: null,
      },
    },
  },
  maxUsageCount: 5,
};

const stockMock = (stock: Fila[], maxUsageCount = 1) => ({
  request: { query: StockDocument },
  result: { data: { stock } },
  maxUsageCount,
});
const transitoMock = (u: UnidadStockFragment[], maxUsageCount = 1) => ({
  request: { query: ComponentesEnTransitoDocument },
  result: { data: { componentesEnTransito: u } },
  maxUsageCount,
});

const servicioRemitoMock = {
  request: { query: ServicioRemitoDocument },
  result: {
    data: {
      servicio: {
        __typename: 'Servicio' as const,
        id: 's1',
        nombre: 'Servicio de Hemoterapia Central',
        codigoInstalacion: '90001',
        red: null,
      },
    },
  },
  maxUsageCount: 5,
};

const despachosMock = (despachos: DespachoDatosFragment[] = [], maxUsageCount = 5) => ({
  request: { query: DespachosDocument },
  result: { data: { despachos } },
  maxUsageCount,
});

function renderPagina(mocks: MockedResponses, rol: Rol = 'ROL_TECNICO') {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/stock" element={<StockPage />} />
    </Routes>,
    { route: '/stock', mocks: [servicioMock, servicioRemitoMock, despachosMock(), ...mocks] },
  );
}

afterEach(() => localStorage.clear());

const grOneg = fila({ cantidad: 3, porVencer: 1 });
const pfApos = fila({
  tipo: 'PLASMA_FRESCO_CONGELADO',
  abo: 'A',
  rh: 'POSITIVO',
  cantidad: 8,
  diasAviso: 30,
});

const filasDeTabla = async () => {
  const tabla = await screen.findByRole('table', { name: 'Stock por componente y grupo' });
  return within(tabla)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('data-stock'));
};

describe('/stock', () => {
  it('shows the counts, the expiring ones highlighted, orders by a header and filters by type', async () => {
    renderPagina([stockMock([grOneg, pfApos]), transitoMock([])]);
    expect(await filasDeTabla()).toEqual(['GLOBULOS_ROJOS O NEGATIVO', 'PLASMA_FRESCO_CONGELADO A POSITIVO']);
    const tabla = screen.getByRole('table', { name: 'Stock por componente y grupo' });
    expect(within(tabla).getByText('1 por vencer')).toBeInTheDocument();
    expect(screen.getByText('11 unidades en total')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Unidades/ }));
    await user.click(screen.getByRole('button', { name: /^Unidades/ }));
    expect(await filasDeTabla()).toEqual(['PLASMA_FRESCO_CONGELADO A POSITIVO', 'GLOBULOS_ROJOS O NEGATIVO']);

    await user.selectOptions(screen.getByLabelText('Componente'), 'GLOBULOS_ROJOS');
    expect(await filasDeTabla()).toEqual(['GLOBULOS_ROJOS O NEGATIVO']);
    expect(screen.getByText('3 unidades en total')).toBeInTheDocument();
    expect(screen.getByText('No hay unidades en tránsito hacia este servicio.')).toBeInTheDocument();
  });

  it('a row opens its units, nearest expiry first, with the identifier grouped', async () => {
    renderPagina([
      stockMock([grOneg]),
      transitoMock([]),
      {
        request: {
          query: UnidadesEnStockDocument,
          variables: {
            filtro: { tipo: 'GLOBULOS_ROJOS', abo: 'O', rh: 'NEGATIVO' },
            page: { offset: 0, limit: UNIDADES_PAGE_SIZE },
          },
        },
        result: {
          data: {
            unidadesEnStock: {
              __typename: 'UnidadesPage',
              total: 2,
              offset: 0,
              limit: UNIDADES_PAGE_SIZE,
              items: [unidad('1', { porVencer: true }), unidad('2')],
            },
          },
        },
      },
    ]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Ver las unidades de Concentrado de glóbulos rojos O Negativo',
      }),
    );
    const tabla = await screen.findByRole('table', {
      name: 'Unidades de Concentrado de glóbulos rojos O Negativo',
    });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas.map((r) => r.getAttribute('data-codigo'))).toEqual([
      '9000126000004GR1K',
      '9000126000004GR2K',
    ]);
    expect(filas[0]).toHaveTextContent('90001 26 000004 GR1 K');
    expect(filas[0]).toHaveTextContent('Por vencer');
    expect(filas[1]).not.toHaveTextContent('Por vencer');
    expect(screen.getByText('Mostrando 1–2 de 2')).toBeInTheDocument();
  });

  it('receives a unit in transit by its code read, and shows the refusal in Spanish', async () => {
    const enCamino = unidad('3', {
      recibido: true,
      servicioOrigen: 'Hemoterapia Norte',
      estado: 'DESPACHADO',
    });
    renderPagina([
      stockMock([], 1),
      transitoMock([enCamino], 1),
      {
        request: { query: RecibirComponenteDocument, variables: { codigo: 'NOEXISTE' } },
        result: { errors: [{ message: MSG.componenteNoEncontrado }] },
      },
      {
        request: { query: RecibirComponenteDocument, variables: { codigo: enCamino.codigo } },
        result: { data: { recibirComponente: { ...enCamino, estado: 'LIBERADO' } } },
      },
      stockMock([grOneg], 1),
      transitoMock([], 1),
    ]);
    const tabla = await screen.findByRole('table', { name: 'Unidades en tránsito' });
    expect(tabla).toHaveTextContent('Recibida de Hemoterapia Norte');
    const user = userEvent.setup();
    const campo = screen.getByLabelText('Código de la unidad a recibir');
    await user.type(campo, 'NOEXISTE{Enter}');
    expect(await screen.findByText(MSG.componenteNoEncontrado)).toBeInTheDocument();
    await user.type(campo, `${enCamino.codigo}{Enter}`);
    expect(await screen.findByText('No hay unidades en tránsito hacia este servicio.')).toBeInTheDocument();
    expect(await screen.findByText('3 unidades en total')).toBeInTheDocument();
  });
});
