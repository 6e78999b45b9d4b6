import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MSG } from '@domain/messages';
import {
  ComponentePorCodigoDocument,
  ComponentesEnTransitoDocument,
  DespacharComponentesDocument,
  DespachosDocument,
  DevolverComponenteDocument,
  RecibirComponenteDocument,
  ServicioRemitoDocument,
  ServicioDocument,
  StockDocument,
  UnidadesEnStockDocument,
} from '@/generated/graphql';
import type {
  ComponenteDatosFragment,
  DespachoDatosFragment,
  Rol,
  StockQuery,
  UnidadStockFragment,
} from '@/generated/graphql';
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
    {
      route: '/stock',
      mocks: [
        servicioMock,
        servicioRemitoMock,
        ...(mocks.some((m) => m.request.query === DespachosDocument) ? [] : [despachosMock()]),
        ...mocks,
      ],
    },
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

const componenteLeido = (id: string, o: Partial<ComponenteDatosFragment> = {}) =>
  ({
    __typename: 'Componente',
    id,
    codigo: `9000126000004GR${id}K`,
    codigoProducto: `GR${id}`,
    tipo: 'GLOBULOS_ROJOS',
    estado: 'LIBERADO',
    volumen: 280,
    producidoEn: '2026-11-26T13:30:00.000Z',
    venceEn: '2027-01-07T13:30:00.000Z',
    vencido: false,
    faltaParaLiberar: [],
    motivoDescarte: null,
    detalleDescarte: null,
    liberadoPor: 'Ana Pérez',
    liberadoEn: '2026-11-26T15:30:00.000Z',
    descartadoEn: null,
    donacion: {
      __typename: 'Donacion',
      id: 'don-4',
      donanteId: 'dnt-1',
      numero: 4,
      fecha: '2026-11-26',
      abo: 'O',
      rh: 'NEGATIVO',
      identificadorUnidad: '9000126000004X',
    },
    ...o,
  }) as ComponenteDatosFragment;

const porCodigoMock = (c: ComponenteDatosFragment) => ({
  request: { query: ComponentePorCodigoDocument, variables: { codigo: c.codigo } },
  result: { data: { componentePorCodigo: c } },
  maxUsageCount: 3,
});

describe('/stock: Despachar', () => {
  it('adds units by their code read, refuses a repeated or a quarantined one, and dispatches to a hospital', async () => {
    const a = componenteLeido('1');
    const b = componenteLeido('2');
    const q = componenteLeido('3', { estado: 'CUARENTENA' });
    const despacho: DespachoDatosFragment = {
      __typename: 'Despacho',
      id: '3f2a9c1e-0b7d-4c55-9a11-2b3c4d5e6f70',
      despachadoEn: '2026-11-26T16:00:00.000Z',
      despachadoPor: 'Técnico Uno',
      destinoTipo: 'HOSPITAL',
      destinoNombre: 'Hospital Español',
      destinoReferencia: 'Pedido 12',
      destinoServicioId: null,
      origen: 'Servicio de Hemoterapia Central',
      unidades: [a, b].map((c) => ({
        __typename: 'UnidadDespacho',
        estado: 'EN_DESTINO',
        cadenaFrio: null,
        cerradoEn: null,
        detalle: null,
        unidad: unidad(c.id, { estado: 'DESPACHADO' }),
      })),
    } as DespachoDatosFragment;
    renderPagina([
      stockMock([grOneg], 1),
      transitoMock([], 3),
      despachosMock([], 1),
      porCodigoMock(a),
      porCodigoMock(b),
      porCodigoMock(q),
      {
        request: {
          query: DespacharComponentesDocument,
          variables: {
            ids: ['1', '2'],
            destino: { tipo: 'HOSPITAL', nombre: 'Hospital Español', referencia: 'Pedido 12' },
          },
        },
        result: { data: { despacharComponentes: despacho } },
      },
      stockMock([], 1),
      despachosMock([despacho]),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Despachar' }));
    const campo = await screen.findByLabelText('Código de la unidad a despachar');
    await user.type(campo, `${a.codigo}{Enter}`);
    await user.type(campo, `${b.codigo}{Enter}`);
    const tabla = await screen.findByRole('table', { name: 'Unidades del despacho' });
    await waitFor(() => expect(within(tabla).getAllByRole('row')).toHaveLength(3));
    await user.type(campo, `${a.codigo}{Enter}`);
    expect(await screen.findByText(MSG.despachoRepetido)).toBeInTheDocument();
    await user.type(campo, `${q.codigo}{Enter}`);
    expect(await screen.findByText(`90001 26 000004 GR3 K: ${MSG.componenteNoLiberado}`)).toBeInTheDocument();
    expect(within(tabla).getAllByRole('row')).toHaveLength(3);

    // A hospital needs its name: the domain's rule, before asking the server.
    await user.click(screen.getByRole('button', { name: 'Confirmar despacho (2)' }));
    expect(await screen.findByText(MSG.destinoNombreRequerido)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Hospital o clínica/), 'Hospital Español');
    await user.type(screen.getByLabelText('Referencia del destino'), 'Pedido 12');
    await user.click(screen.getByRole('button', { name: 'Confirmar despacho (2)' }));
    const hecho = await screen.findByRole('status', { name: 'Despacho registrado' });
    expect(hecho).toHaveTextContent('Despacho N° 3F2A9C1E: 2 unidades a Hospital Español');
    expect(within(hecho).getByRole('button', { name: 'Imprimir remito' })).toBeInTheDocument();
    const registro = await screen.findByRole('region', { name: 'Despacho N° 3F2A9C1E' });
    expect(registro).toHaveTextContent('Hospital o clínica: Hospital Español');
    expect(within(registro).getAllByText('En el destino')).toHaveLength(2);
  });

  it('an administrative member sees the stock but neither dispatches nor receives', async () => {
    renderPagina([stockMock([grOneg]), transitoMock([])], 'ROL_ADMINISTRATIVO');
    await screen.findByRole('table', { name: 'Stock por componente y grupo' });
    expect(screen.queryByRole('button', { name: 'Despachar' })).toBeNull();
    expect(screen.queryByLabelText('Código de la unidad a recibir')).toBeNull();
  });
});

describe('/stock: Despachos', () => {
  it("lists a dispatch with its reprint, and records a unit's return with the cold chain broken", async () => {
    const u = unidad('7', { estado: 'DESPACHADO' });
    const despacho = {
      __typename: 'Despacho',
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      despachadoEn: '2026-11-26T16:00:00.000Z',
      despachadoPor: 'Técnico Uno',
      destinoTipo: 'SERVICIO_PROPIO',
      destinoNombre: 'Servicio de transfusión propio',
      destinoReferencia: null,
      destinoServicioId: null,
      origen: 'Servicio de Hemoterapia Central',
      unidades: [
        {
          __typename: 'UnidadDespacho',
          estado: 'EN_DESTINO',
          cadenaFrio: null,
          cerradoEn: null,
          detalle: null,
          unidad: u,
        },
      ],
    } as unknown as DespachoDatosFragment;
    const devuelto = {
      ...despacho,
      unidades: [{ ...despacho.unidades[0], estado: 'DEVUELTO', cadenaFrio: false }],
    } as unknown as DespachoDatosFragment;
    renderPagina([
      stockMock([], 3),
      transitoMock([], 3),
      despachosMock([despacho], 1),
      {
        request: {
          query: DevolverComponenteDocument,
          variables: { id: '7', cadenaFrio: false, detalle: null },
        },
        result: { data: { devolverComponente: { ...u, estado: 'DESCARTADO' } } },
      },
      despachosMock([devuelto], 1),
    ]);
    const region = await screen.findByRole('region', { name: 'Despacho N° A1B2C3D4' });
    expect(region).toHaveTextContent('Servicio de transfusión propio');
    expect(region).not.toHaveTextContent('Servicio de transfusión propio: ');
    expect(
      within(region).getByRole('button', { name: 'Reimprimir el remito N° A1B2C3D4' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(
      within(region).getByRole('combobox', { name: `Qué fue de la unidad ${u.codigoLegible}` }),
      'DEVUELTA_SIN_FRIO',
    );
    await user.click(
      within(region).getByRole('button', { name: `Registrar lo que fue de la unidad ${u.codigoLegible}` }),
    );
    expect(await screen.findByText(`Unidad ${u.codigoLegible} devuelta y descartada`)).toBeInTheDocument();
    expect(await within(region).findByText('Cadena de frío rota')).toBeInTheDocument();
    expect(within(region).getByText('Devuelto')).toBeInTheDocument();
  });
});
