import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { Route, Routes } from 'react-router-dom';
import { formatDate, todayIso } from '@domain/dates';
import { codigoEtiqueta } from '@domain/etiquetas';
import { MSG } from '@domain/messages';
import {
  CabezaAuditoriaDocument,
  DeleteDonacionDocument,
  DonacionDocument,
  DonacionesDeDonanteDocument,
  DonacionesDocument,
  UpdateResultadosDonacionDocument,
} from '@/generated/graphql';
import { printLibro } from '@/imprimibles/print';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn } from '@/test-utils';
import { DonacionResultadosPage } from './donacion-resultados-page';
import { DonacionesDonantePage } from './donaciones-donante-page';
import { DonacionesPage } from './donaciones-page';
import { invalidarElegibilidad } from '@/lib/elegibilidad-cache';
import {
  diferimientoDeDonacion,
  donacion,
  donacionConDonante,
  donanteDeDonacion,
  paginaDonanteMocks,
  servicioMock,
  componentesDeLaDonacionMock,
} from './test-data';

jest.mock('@/imprimibles/print', () => ({
  printEtiquetas: jest.fn(async () => undefined),
  printHemodonacion: jest.fn(async () => undefined),
  printLibro: jest.fn(async () => undefined),
}));

jest.setTimeout(30000);

const FECHA = '2025-06-15';
const page = { offset: 0, limit: 100 };
const juan = donacionConDonante();
const ana = {
  ...donacionConDonante({
    id: 'x2',
    donanteId: 'd2',
    numero: 1002,
    hora: '10:05',
    nombre: 'Ana',
    apellido: 'Gómez',
    abo: 'O',
    rh: 'NEGATIVO',
  }),
  donante: donanteDeDonacion({ id: 'd2', nombre: 'Ana', apellido: 'Gómez', dni: '28999888' }),
};

const searchMock = (filter: { codigo: string | null; fecha: string | null }, items: object[]) => ({
  request: { query: DonacionesDocument, variables: { filter, page } },
  result: { data: { donaciones: { __typename: 'DonacionPage', total: items.length, ...page, items } } },
});

let client: ApolloClient | null = null;
function ClientProbe() {
  client = useApolloClient();
  return null;
}

const heldList = () =>
  client!.readQuery({
    query: DonacionesDocument,
    variables: { filter: { codigo: null, fecha: FECHA }, page },
  })?.donaciones;

function renderRoutes(route: string, mocks: MockedResponses) {
  renderWithProviders(
    <>
      <ClientProbe />
      <Routes>
        <Route path="/donaciones" element={<DonacionesPage />} />
        <Route path="/donacion/:id/donante/:uid" element={<DonacionResultadosPage />} />
        <Route path="/donaciones/donante/:donanteId" element={<DonacionesDonantePage />} />
      </Routes>
    </>,
    { route, mocks: [servicioMock, componentesDeLaDonacionMock(), ...mocks] },
  );
}

const table = () => screen.getByRole('table', { name: 'Donaciones encontradas' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const deleteMock = (id: string, donanteId: string) => ({
  request: { query: DeleteDonacionDocument, variables: { id } },
  result: { data: { deleteDonacion: { __typename: 'Donacion', id, donanteId } } },
});

beforeEach(() => {
  localStorage.clear();
  signIn();
  jest.mocked(printLibro).mockClear();
});

describe('donations search and held list', () => {
  it("opens on today's donations, listed with the panel, before any search", async () => {
    const hoy = { ...juan, fecha: todayIso() };
    renderRoutes('/donaciones', [searchMock({ codigo: null, fecha: todayIso() }, [hoy])]);
    expect(screen.getByLabelText('Fecha')).toHaveValue(formatDate(todayIso()));
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('1001');
    expect(screen.getByRole('region', { name: 'Donaciones' })).toBeInTheDocument();
  });

  it("fecha defaults to today; a scanned number + Enter searches that number on any date; empty says 'No se encontraron donaciones' and hides the panel", async () => {
    renderRoutes('/donaciones', [
      searchMock({ codigo: null, fecha: todayIso() }, [{ ...juan, fecha: todayIso() }]),
      searchMock({ codigo: '99', fecha: null }, []),
    ]);
    expect(screen.getByLabelText('Fecha')).toHaveValue(formatDate(todayIso()));
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    const numero = screen.getByLabelText('Número');
    await userEvent.type(numero, '99{enter}');
    expect(await screen.findByText('No se encontraron donaciones')).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha')).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Donaciones', level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir Libro' })).not.toBeInTheDocument();
  });

  it('a code with its check character finds the donation; a wrong one shows the error and lists nothing', async () => {
    const codigo = codigoEtiqueta(1001);
    const erroneo = `1001${codigo.endsWith('A') ? 'B' : 'A'}`;
    renderRoutes('/donaciones', [
      searchMock({ codigo: null, fecha: todayIso() }, []),
      {
        request: { query: DonacionesDocument, variables: { filter: { codigo: erroneo, fecha: null }, page } },
        result: {
          errors: [
            new GraphQLError(MSG.codigoEtiquetaInvalido, {
              extensions: {
                code: 'BAD_USER_INPUT',
                errors: [{ field: 'codigo', msg: MSG.codigoEtiquetaInvalido }],
              },
            }),
          ],
        },
      },
      searchMock({ codigo, fecha: null }, [juan]),
    ]);
    expect(await screen.findByText('No se encontraron donaciones')).toBeInTheDocument();
    const numero = screen.getByLabelText('Número');
    await userEvent.type(numero, `${erroneo}{enter}`);
    expect(await screen.findByText(MSG.codigoEtiquetaInvalido)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Donaciones encontradas' })).not.toBeInTheDocument();
    await userEvent.clear(numero);
    await userEvent.type(numero, `${codigo}{enter}`);
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('1001');
    expect(screen.queryByText(MSG.codigoEtiquetaInvalido)).not.toBeInTheDocument();
  });

  it('a date typed DD/MM/AAAA + Enter searches that day; an impossible day is refused without a search', async () => {
    renderRoutes('/donaciones', [
      searchMock({ codigo: null, fecha: todayIso() }, []),
      searchMock({ codigo: null, fecha: FECHA }, [juan]),
    ]);
    expect(await screen.findByText('No se encontraron donaciones')).toBeInTheDocument();
    const fecha = screen.getByRole('textbox', { name: 'Fecha' });
    expect(fecha).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await userEvent.clear(fecha);
    await userEvent.type(fecha, '31/02/2025{enter}');
    expect(await screen.findByText('Debe proporcionar una fecha válida')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Donaciones encontradas' })).not.toBeInTheDocument();
    await userEvent.clear(fecha);
    await userEvent.type(fecha, '15062025');
    expect(fecha).toHaveValue('15/06/2025');
    expect(screen.queryByText('Debe proporcionar una fecha válida')).not.toBeInTheDocument();
    await userEvent.type(fecha, '{enter}');
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    expect(rows()).toHaveLength(1);
    expect(fecha).toHaveValue('15/06/2025');
  });

  it('shows number, date and time, name, group and service; the panel lists the held donations', async () => {
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [
      searchMock({ codigo: null, fecha: FECHA }, [juan, ana]),
    ]);
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    // The headers of the columns the list can be ordered by also show the order (an arrow).
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((c) => c.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Número', 'Fecha y hora', 'Apellido y nombre', 'Grupo y factor', 'Servicio', '']);
    const cells = within(rows()[0])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual([
      '1001',
      '15/06/2025 09:30',
      'Pérez, Juan',
      'A+',
      'Servicio de Hemoterapia Central',
    ]);
    expect(rows()[1]).toHaveTextContent('O-');

    const panel = screen.getByRole('region', { name: 'Donaciones' });
    const panelTable = within(panel).getByRole('table');
    expect(
      within(panelTable)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['#', 'Fecha', 'Donante', 'Grupo y factor', 'Serologia', '']);
    expect(within(panelTable).getAllByRole('row')).toHaveLength(3);
    expect(within(panelTable).getAllByRole('row')[1]).toHaveTextContent('Sin datos');
  });

  it("the day's list shows 'HIV (+)' and the deferral the server says; after a lift it is read again and the badge leaves", async () => {
    const hiv = {
      __typename: 'Serologia',
      hiv: true,
      hepB: false,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: false,
      htlv: false,
    };
    const pendiente = donacionConDonante({
      serologia: hiv,
      diferimiento: diferimientoDeDonacion('x1', 'Pendiente'),
    });
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [
      searchMock({ codigo: null, fecha: FECHA }, [pendiente, ana]),
      // As the server answers once a doctor lifted it (on this screen or anyone else's).
      searchMock({ codigo: null, fecha: FECHA }, [{ ...pendiente, diferimiento: null }, ana]),
    ]);
    const panel = await screen.findByRole('region', { name: 'Donaciones' });
    const [fila] = within(within(panel).getByRole('table')).getAllByRole('row').slice(1);
    // Each marker of the panel as the server prints it: the reactive one in a badge, the rest quiet.
    expect(within(fila).getByTestId('marca-reactivo')).toHaveTextContent('HIV 1/2 (+)');
    expect(fila).toHaveTextContent('HBsAg (-)');
    expect(within(fila).getByTestId('marca-diferido')).toHaveTextContent('Pendiente de decisión médica');

    // What the lift's answer does to the cache (elegibilidad-panel.tsx): the list is read again.
    act(() => invalidarElegibilidad(client!.cache, { donante: 'd1', donaciones: ['x1'] }));
    await waitFor(() => expect(within(panel).queryByTestId('marca-diferido')).toBeNull());
    expect(within(panel).getByTestId('marca-reactivo')).toHaveTextContent('HIV 1/2 (+)');
  });

  it('an empty page past the last one (a stale link, a deleted row) still offers Anterior', async () => {
    const filter = { codigo: null, fecha: FECHA };
    const pageMock = (offset: number, total: number, items: object[]) => ({
      request: { query: DonacionesDocument, variables: { filter, page: { offset, limit: 100 } } },
      result: { data: { donaciones: { __typename: 'DonacionPage', total, offset, limit: 100, items } } },
    });
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}&pagina=2`, [
      pageMock(100, 2, []),
      pageMock(0, 2, [juan, ana]),
    ]);
    const pager = await screen.findByRole('navigation', { name: 'Páginas' });
    expect(screen.getByText('No hay resultados en esta página')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Donaciones encontradas' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Anterior' }));
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    expect(rows()).toHaveLength(2);
  });

  it("'Imprimir Libro' prints the register book from the held list, with the chain head read then", async () => {
    const hash = 'ab'.repeat(32);
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [
      searchMock({ codigo: null, fecha: FECHA }, [juan, ana]),
      {
        request: { query: CabezaAuditoriaDocument },
        result: { data: { cabezaAuditoria: { __typename: 'CabezaAuditoria', entrada: '1234', hash } } },
      },
    ]);
    const boton = await screen.findByRole('button', { name: 'Imprimir Libro' });
    await userEvent.click(boton);
    await waitFor(() => expect(printLibro).toHaveBeenCalledTimes(1));
    const [donaciones, servicio] = jest.mocked(printLibro).mock.calls[0];
    expect(donaciones.map((d) => [d.numero, d.donante.dni])).toEqual([
      ['1001', '30123456'],
      ['1002', '28999888'],
    ]);
    expect(servicio.nombre).toBe('Servicio de Hemoterapia Central');
    expect(servicio.cadenaAuditoria).toEqual({ entrada: '1234', hash });
  });

  it("asks before deleting; only 'Si' deletes and the donation leaves the held list", async () => {
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [
      searchMock({ codigo: null, fecha: FECHA }, [juan, ana]),
      deleteMock('x1', 'd1'),
      deleteMock('x2', 'd2'),
    ]);
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la donación 1001' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      /^¿Quiere borrar la donacion de Juan Pérez de la fecha 15\/06\/2025 - 09:30\?$/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(2);
    expect(heldList()?.items).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la donación 1001' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('1002');
    expect(heldList()?.items.map((d) => d.id)).toEqual(['x2']);
    expect(heldList()?.total).toBe(1);

    // The last one: the held list is empty and the panel disappears.
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la donación 1002' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('No se encontraron donaciones')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Donaciones' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the delete is refused, and the unexpected text on a network failure", async () => {
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [
      searchMock({ codigo: null, fecha: FECHA }, [juan]),
      {
        request: { query: DeleteDonacionDocument, variables: { id: 'x1' } },
        result: {
          errors: [
            new GraphQLError('No se encontró el registro solicitado', { extensions: { code: 'NOT_FOUND' } }),
          ],
        },
      },
      { request: { query: DeleteDonacionDocument, variables: { id: 'x1' } }, error: new Error('sin red') },
    ]);
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la donación 1001' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('No se encontró el registro solicitado')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la donación 1001' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText('Error inesperado al eliminar la donación')).toBeInTheDocument();
  });

  it("'Limpiar' empties the held list", async () => {
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [searchMock({ codigo: null, fecha: FECHA }, [juan])]);
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(screen.queryByRole('table', { name: 'Donaciones encontradas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Donaciones' })).not.toBeInTheDocument();
    expect(heldList() ?? null).toBeNull();
    expect(screen.getByLabelText('Fecha')).toHaveValue(formatDate(todayIso()));
  });

  it('opens a donation from the held list without a call; an update replaces it in the list', async () => {
    const actualizada = donacion({
      abo: 'O',
      rh: 'NEGATIVO',
      serologia: {
        __typename: 'Serologia',
        hiv: false,
        hepB: false,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: true,
        htlv: false,
      },
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 365,
      exclusionCodigo: 'C-12',
    });
    renderRoutes(`/donaciones?numero=&fecha=${FECHA}`, [
      searchMock({ codigo: null, fecha: FECHA }, [juan, ana]),
      {
        request: {
          query: UpdateResultadosDonacionDocument,
          variables: {
            id: 'x1',
            input: {
              abo: 'O',
              rh: 'NEGATIVO',
              serologia: {
                hiv: false,
                hepB: false,
                hepC: false,
                vdrl: false,
                brucelosis: false,
                chagas: true,
                htlv: false,
              },
              exclusionDefinitiva: 'Temporal',
              exclusionTiempo: 365,
              exclusionCodigo: 'C-12',
              anticuerposIrregulares: '',
              anticuerpo: null,
            },
          },
        },
        result: {
          data: {
            updateResultadosDonacion: {
              __typename: 'UpdateDonacionPayload',
              message: 'Donación actualizada con exito',
              donacion: actualizada,
            },
          },
        },
      },
    ]);
    await screen.findByRole('table', { name: 'Donaciones encontradas' });
    await userEvent.click(within(rows()[0]).getByText('Pérez, Juan'));
    // No Donacion query was mocked: it came from the held list.
    expect(await screen.findByRole('heading', { name: 'Donación N° 1001' })).toBeInTheDocument();
    expect(screen.queryByText('Error al cargar donacion')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Grupo ABO')).toHaveValue('A');

    fireEvent.change(screen.getByLabelText('Grupo ABO'), { target: { value: 'O' } });
    fireEvent.change(screen.getByLabelText('Factor Rh'), { target: { value: 'NEGATIVO' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chagas' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Temporal' }));
    expect(screen.getByRole('radio', { name: 'Temporal' })).toBeChecked();
    const tiempo = screen.getByLabelText('Tiempo de exclusión') as HTMLSelectElement;
    expect([...tiempo.options].map((o) => o.text)).toEqual([
      'Sin exclusión',
      '0 días',
      '15 días',
      '30 días',
      '90 días',
      '180 días',
      '1 año',
    ]);
    fireEvent.change(tiempo, { target: { value: '365' } });
    fireEvent.change(screen.getByLabelText('Código de exclusión'), { target: { value: 'C-12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));

    expect(await screen.findByText('Donación actualizada con exito')).toBeInTheDocument();
    const held = heldList()!.items;
    expect(held.map((d) => d.id)).toEqual(['x1', 'x2']);
    expect(held[0]).toMatchObject({
      abo: 'O',
      rh: 'NEGATIVO',
      exclusionTiempo: 365,
      serologia: { chagas: true },
    });
  });

  it("shows 'Error al cargar donacion' when the donation cannot be loaded", async () => {
    renderRoutes('/donacion/zz/donante/d1', [
      { request: { query: DonacionDocument, variables: { id: 'zz' } }, error: new Error('sin red') },
    ]);
    expect(await screen.findByText('Error al cargar donacion')).toBeInTheDocument();
  });

  it("shows 'Error al leer serología' for unreadable serology data", async () => {
    renderRoutes('/donacion/x1/donante/d1', [
      {
        request: { query: DonacionDocument, variables: { id: 'x1' } },
        result: {
          data: {
            donacion: donacion({
              serologia: {
                __typename: 'Serologia',
                hiv: null,
                hepB: false,
                hepC: false,
                vdrl: false,
                brucelosis: false,
                chagas: false,
                htlv: false,
              },
            }),
          },
        },
      },
    ]);
    expect(await screen.findByText('Error al leer serología')).toBeInTheDocument();
  });

  it("update failures: the server's messages under 'Error al actualizar la donación', network 'Error inesperado al actualizar la donación'", async () => {
    renderRoutes('/donacion/x1/donante/d1', [
      {
        request: { query: DonacionDocument, variables: { id: 'x1' } },
        result: { data: { donacion: donacion() } },
      },
      {
        request: { query: UpdateResultadosDonacionDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Datos inválidos', {
              extensions: { code: 'BAD_USER_INPUT', errors: [{ field: 'abo', msg: 'Valor no permitido' }] },
            }),
          ],
        },
      },
      {
        request: { query: UpdateResultadosDonacionDocument, variables: () => true },
        error: new Error('sin red'),
      },
    ]);
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al actualizar la donación');
    expect(alert).toHaveTextContent('Valor no permitido');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    expect(await screen.findByText('Error inesperado al actualizar la donación')).toBeInTheDocument();
  });
});

describe("a donor's donations", () => {
  it('lists number, date-time, group and serology; print opens the sheet; delete asks first', async () => {
    const positiva = donacion({
      id: 'x3',
      numero: 990,
      fecha: '2025-03-01',
      hora: '08:00',
      serologia: {
        __typename: 'Serologia',
        hiv: false,
        hepB: true,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: false,
        htlv: false,
      },
    });
    renderRoutes('/donaciones/donante/d1', [
      {
        request: { query: DonacionesDeDonanteDocument, variables: { donanteId: 'd1' } },
        result: { data: { donacionesDeDonante: [donacion(), positiva] } },
      },
      ...paginaDonanteMocks('d1'),
    ]);
    const t = await screen.findByRole('table', { name: 'Donaciones del donante' });
    const [primera, segunda] = within(t).getAllByRole('row').slice(1);
    expect(primera).toHaveTextContent('1001');
    expect(primera).toHaveTextContent('15/06/2025 09:30');
    expect(primera).toHaveTextContent('A+');
    expect(primera).toHaveTextContent('Sin datos');
    // As the specification prints results: the reactive markers '(+)' (hepatitis B is HBsAg and
    // anti-HBc), the others '(-)'.
    expect(
      within(segunda)
        .getAllByTestId('marca-reactivo')
        .map((b) => b.textContent),
    ).toEqual(['HBsAg (+)', 'Anti-HBc (+)']);
    expect(segunda).toHaveTextContent('HIV 1/2 (-)');
    expect(within(primera).getByRole('link', { name: 'Imprimir la donación 1001' })).toHaveAttribute(
      'href',
      '/donaciones/hemodos/d1/x1',
    );
    await userEvent.click(within(segunda).getByRole('button', { name: 'Eliminar la donación 990' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      '¿Quiere borrar la donacion de Juan Pérez de la fecha 01/03/2025 - 08:00?',
    );
  });
});
