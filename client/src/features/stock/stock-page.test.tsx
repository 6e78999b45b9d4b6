import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MSG } from '@domain/messages';
import {
  ComponentesEnTransitoDocument,
  DespacharComponentesDocument,
  DespachosDocument,
  DevolverComponenteDocument,
  MiembrosRedDocument,
  RecibirComponenteDocument,
  ResponderSolicitudTrasladoDocument,
  ServicioRemitoDocument,
  ServicioDocument,
  SolicitudesTrasladoDocument,
  StockDocument,
  TrayectoriaUnidadDocument,
  UnidadesEnStockDocument,
  UnidadPorCodigoDocument,
} from '@/generated/graphql';
import type {
  DespachoDatosFragment,
  SolicitudTrasladoDatosFragment,
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

const solicitudesMock = (solicitudesTraslado: SolicitudTrasladoDatosFragment[], maxUsageCount = 5) => ({
  request: { query: SolicitudesTrasladoDocument },
  result: { data: { solicitudesTraslado } },
  maxUsageCount,
});

const NORTE = '5b0c2f6e-1111-4111-8111-111111111111';
const SUR = '5b0c2f6e-2222-4222-8222-222222222222';
const miembrosMock = (miembros: [string, string][], maxUsageCount = 5) => ({
  request: { query: MiembrosRedDocument },
  result: {
    data: {
      miembrosRed: miembros.map(([id, nombre]) => ({ __typename: 'MiembroRed' as const, id, nombre })),
    },
  },
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
        ...(mocks.some((m) => m.request.query === SolicitudesTrasladoDocument) ? [] : [solicitudesMock([])]),
        ...(mocks.some((m) => m.request.query === MiembrosRedDocument) ? [] : [miembrosMock([])]),
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

/** A unit scanned, in the holder-safe shape the panel reads (its group, never a donation). */
const porCodigoMock = (c: UnidadStockFragment) => ({
  request: { query: UnidadPorCodigoDocument, variables: { codigo: c.codigo } },
  result: { data: { unidadPorCodigo: c } },
  maxUsageCount: 3,
});

describe('/stock: Despachar', () => {
  it('adds units by their code read, refuses a repeated or a quarantined one, and dispatches to a hospital', async () => {
    const a = unidad('1');
    const b = unidad('2');
    const q = unidad('3', { estado: 'CUARENTENA' });
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
            destino: {
              tipo: 'HOSPITAL',
              nombre: 'Hospital Español',
              referencia: 'Pedido 12',
              servicioId: null,
            },
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

  it('a unit on its way here, scanned to dispatch, is said to be received first; an unknown code, none', async () => {
    const viaja = unidad('8', { estado: 'DESPACHADO' });
    const ninguno = (codigo: string) => ({
      request: { query: UnidadPorCodigoDocument, variables: { codigo } },
      result: { data: { unidadPorCodigo: null } },
    });
    renderPagina([
      stockMock([grOneg], 1),
      transitoMock([viaja], 3),
      despachosMock([], 1),
      ninguno(viaja.codigo),
      ninguno('ZZZ'),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Despachar' }));
    const campo = await screen.findByLabelText('Código de la unidad a despachar');
    await user.type(campo, `${viaja.codigo}{Enter}`);
    expect(await screen.findByText(MSG.unidadEnTransitoAca('90001 26 000004 GR8 K'))).toBeInTheDocument();
    await user.clear(campo);
    await user.type(campo, 'ZZZ{Enter}');
    expect(await screen.findByText(MSG.unidadSinCodigo('ZZZ'))).toBeInTheDocument();
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

const YO = '11111111-1111-4111-8111-111111111111';
const solicitud = (o: Partial<SolicitudTrasladoDatosFragment> = {}): SolicitudTrasladoDatosFragment =>
  ({
    __typename: 'SolicitudTraslado',
    id: 'sol-1',
    origenId: YO,
    origen: 'Servicio de Hemoterapia Central',
    destinoId: NORTE,
    destino: 'Hospital Norte',
    tipo: 'GLOBULOS_ROJOS',
    abo: 'O',
    rh: 'NEGATIVO',
    cantidad: 2,
    estado: 'PENDIENTE',
    motivo: null,
    nota: 'Cirugía programada',
    creadaEn: '2026-11-26T12:00:00.000Z',
    respondidaEn: null,
    ...o,
  }) as SolicitudTrasladoDatosFragment;

describe('/stock: la red', () => {
  it('dispatches to another member chosen among the network’s members; a received unit shows its group', async () => {
    const recibida = unidad('5', {
      abo: 'AB',
      rh: 'NEGATIVO',
      recibido: true,
      servicioOrigen: 'Hospital Sur',
    });
    const despachada = unidad('6', { estado: 'DESPACHADO' });
    const despacho = {
      __typename: 'Despacho',
      id: 'b1b2c3d4-0000-4000-8000-000000000002',
      despachadoEn: '2026-11-26T16:00:00.000Z',
      despachadoPor: 'Técnico Uno',
      destinoTipo: 'MIEMBRO_RED',
      destinoNombre: 'Hospital Norte',
      destinoReferencia: null,
      destinoServicioId: NORTE,
      origen: 'Servicio de Hemoterapia Central',
      unidades: [
        {
          __typename: 'UnidadDespacho',
          estado: 'EN_TRANSITO',
          cadenaFrio: null,
          cerradoEn: null,
          detalle: null,
          unidad: { ...recibida, estado: 'DESPACHADO' },
        },
      ],
    } as unknown as DespachoDatosFragment;
    renderPagina([
      stockMock([grOneg], 1),
      transitoMock([], 3),
      despachosMock([], 1),
      miembrosMock([
        [NORTE, 'Hospital Norte'],
        [SUR, 'Hospital Sur'],
      ]),
      porCodigoMock(recibida),
      porCodigoMock(despachada),
      {
        request: {
          query: DespacharComponentesDocument,
          variables: {
            ids: ['5'],
            destino: { tipo: 'MIEMBRO_RED', nombre: null, referencia: null, servicioId: NORTE },
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
    // Already dispatched: the domain's reason, not 'más de una vez'.
    await user.type(campo, `${despachada.codigo}{Enter}`);
    expect(await screen.findByText(`90001 26 000004 GR6 K: ${MSG.componenteDespachado}`)).toBeInTheDocument();
    await user.type(campo, `${recibida.codigo}{Enter}`);
    const tabla = await screen.findByRole('table', { name: 'Unidades del despacho' });
    await waitFor(() => expect(within(tabla).getAllByRole('row')).toHaveLength(2));
    expect(within(tabla).getByText('AB Negativo')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Destino'), 'MIEMBRO_RED');
    await user.click(screen.getByRole('button', { name: 'Confirmar despacho (1)' }));
    expect(await screen.findByText(MSG.destinoMiembroRequerido)).toBeInTheDocument();
    const integrante = screen.getByLabelText(/Integrante de la red/);
    expect(
      within(integrante)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elija un integrante', 'Hospital Norte', 'Hospital Sur']);
    await user.selectOptions(integrante, NORTE);
    await user.click(screen.getByRole('button', { name: 'Confirmar despacho (1)' }));
    const hecho = await screen.findByRole('status', { name: 'Despacho registrado' });
    expect(hecho).toHaveTextContent('1 unidad a Hospital Norte');
  });

  it('the network’s requests: declining needs a reason; accepting opens the dispatch for the receiving member', async () => {
    const pendiente = solicitud();
    const otra = solicitud({ id: 'sol-2', destinoId: SUR, destino: 'Hospital Sur', cantidad: 1 });
    const responder = jest.fn(() => ({
      data: { responderSolicitudTraslado: { ...pendiente, estado: 'RECHAZADA', motivo: 'Sin O negativo' } },
    }));
    const aceptar = jest.fn(() => ({
      data: { responderSolicitudTraslado: { ...otra, estado: 'ACEPTADA' } },
    }));
    renderPagina([
      stockMock([grOneg], 5),
      transitoMock([], 5),
      miembrosMock([
        [NORTE, 'Hospital Norte'],
        [SUR, 'Hospital Sur'],
      ]),
      // Another member's request to this servicio as receiver is not for it to answer.
      solicitudesMock([pendiente, otra, solicitud({ id: 'sol-3', origenId: SUR, destinoId: YO })], 1),
      {
        request: {
          query: ResponderSolicitudTrasladoDocument,
          variables: { id: 'sol-1', acepta: false, motivo: 'Sin O negativo' },
        },
        result: responder,
      },
      solicitudesMock([{ ...pendiente, estado: 'RECHAZADA', motivo: 'Sin O negativo' }, otra], 1),
      {
        request: {
          query: ResponderSolicitudTrasladoDocument,
          variables: { id: 'sol-2', acepta: true, motivo: null },
        },
        result: aceptar,
      },
      solicitudesMock([
        { ...pendiente, estado: 'RECHAZADA', motivo: 'Sin O negativo' },
        { ...otra, estado: 'ACEPTADA' },
      ]),
    ]);
    const tabla = await screen.findByRole('table', { name: 'Solicitudes de la red' });
    await waitFor(() => expect(within(tabla).getAllByRole('row')).toHaveLength(3));
    expect(tabla.querySelector('tr[data-solicitud="sol-3"]')).toBeNull();
    const user = userEvent.setup();
    await user.click(
      within(tabla).getByRole('button', {
        name: 'Rechazar: 2 concentrado de glóbulos rojos O Negativo para Hospital Norte',
      }),
    );
    await user.click(within(tabla).getByRole('button', { name: 'Rechazar la solicitud' }));
    expect(await within(tabla).findByText(MSG.solicitudMotivoRequerido)).toBeInTheDocument();
    expect(responder).not.toHaveBeenCalled();
    await user.type(within(tabla).getByLabelText(/Motivo del rechazo/), 'Sin O negativo');
    await user.click(within(tabla).getByRole('button', { name: 'Rechazar la solicitud' }));
    expect(await within(tabla).findByText('Motivo: Sin O negativo')).toBeInTheDocument();
    expect(within(tabla).getByText('Rechazada')).toBeInTheDocument();

    await user.click(
      within(tabla).getByRole('button', {
        name: 'Aceptar: 1 concentrado de glóbulos rojos O Negativo para Hospital Sur',
      }),
    );
    await waitFor(() => expect(aceptar).toHaveBeenCalled());
    // The dispatch opens for the member that receives.
    const destino = await screen.findByLabelText('Destino');
    expect((destino as HTMLSelectElement).value).toBe('MIEMBRO_RED');
    await waitFor(() =>
      expect((screen.getByLabelText(/Integrante de la red/) as HTMLSelectElement).value).toBe(SUR),
    );
  });

  it('shows a unit’s history: each dispatch, both servicios of a transfer, who and what became of it', async () => {
    const codigo = '9000126000004GR5K';
    renderPagina([
      stockMock([grOneg], 5),
      transitoMock([], 5),
      {
        request: { query: TrayectoriaUnidadDocument, variables: { codigo } },
        result: {
          data: {
            trayectoriaUnidad: [
              {
                __typename: 'PasoUnidad' as const,
                despachoId: 'd1',
                despachadoEn: '2026-11-20T13:00:00.000Z',
                origen: 'Hospital Sur',
                despachadoPor: 'Técnico Sur',
                destinoTipo: 'MIEMBRO_RED' as const,
                destinoNombre: 'Servicio de Hemoterapia Central',
                estado: 'RECIBIDO' as const,
                cerradoEn: '2026-11-20T15:00:00.000Z',
              },
              {
                __typename: 'PasoUnidad' as const,
                despachoId: 'd2',
                despachadoEn: '2026-11-21T13:00:00.000Z',
                origen: 'Servicio de Hemoterapia Central',
                despachadoPor: 'Técnico Uno',
                destinoTipo: 'HOSPITAL' as const,
                destinoNombre: 'Hospital Español',
                estado: 'TRANSFUNDIDO' as const,
                cerradoEn: '2026-11-22T10:00:00.000Z',
              },
            ],
          },
        },
      },
    ]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Identificador de la unidad'), `${codigo}{Enter}`);
    const tabla = await screen.findByRole('table', { name: /^Trayectoria de la unidad / });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas.map((f) => f.querySelector('[data-label="Desde"]')?.textContent)).toEqual([
      'Hospital Sur',
      'Servicio de Hemoterapia Central',
    ]);
    expect(filas[0]).toHaveTextContent('Recibido');
    expect(filas[0]).toHaveTextContent('Técnico Sur');
    expect(filas[1]).toHaveTextContent('Hospital Español');
    expect(filas[1]).toHaveTextContent('Transfundido');
  });
});
