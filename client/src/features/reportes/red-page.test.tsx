import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { periodoInicial, type Periodo } from './periodos';
import {
  AprobarNombreMiembroDocument,
  ConsultasRedDocument,
  IndicadoresRedDocument,
  MeDocument,
  QuitarMiembroDeRedDocument,
  RedDocument,
  RenovarCodigoInvitacionDocument,
  SolicitarTrasladoDocument,
  SolicitudesTrasladoDocument,
  StockRedDocument,
  TrazabilidadesRedDocument,
} from '@/generated/graphql';
import type { SolicitudTrasladoDatosFragment } from '@/generated/graphql';
import type { IndicadoresImprimible } from '@/imprimibles/types';
import {
  capturarDescargas,
  leerTexto,
  renderApp,
  renderWithProviders,
  signIn,
  testUsuario,
} from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { conSuprimidas, indicadores, suprimido } from '../../../../test/pdf/reporte-fixtures';
import { textCell } from '@/lib/csv';
import { buildRedCsv } from './red-csv';
import { codigoEnGrupos, RedPage } from './red-page';

const CHART = { width: 640, height: 240 };
const NORTE = '33333333-3333-4333-8333-333333333333';
const SUR = '44444444-4444-4444-8444-444444444444';
const RED_ID = '22222222-2222-4222-8222-222222222222';
const red = testUsuario({
  id: RED_ID,
  rol: 'ROL_RED',
  nombre: 'Programa Provincial de Hemoterapia',
  servicio: { id: RED_ID, nombre: 'Programa Provincial de Hemoterapia' },
});

/** The sample figures for a period, with the GraphQL type names. */
function conTipos(i: IndicadoresImprimible, periodo: Periodo) {
  return {
    __typename: 'Indicadores' as const,
    ...i,
    ...periodo,
    porGrupo: i.porGrupo.map((g) => ({ __typename: 'IndicadorGrupo' as const, ...g })),
    serologia: i.serologia.map((s) => ({ __typename: 'IndicadorSerologia' as const, ...s })),
    exclusiones: { __typename: 'IndicadorExclusiones' as const, ...i.exclusiones },
    serie: i.serie.map((s) => ({ __typename: 'IndicadorPeriodo' as const, ...s })),
  };
}

/** Two members: the Norte one holds 1.000 of the 1.234 donations, the Sur one the rest. */
const norte: IndicadoresImprimible = {
  ...indicadores,
  atendidos: 1050,
  donaciones: 1000,
  noAptos: 50,
  porcentajeVoluntarias: 60,
  primeraVez: 300,
};
const sur: IndicadoresImprimible = {
  ...indicadores,
  atendidos: 251,
  donaciones: 234,
  noAptos: 17,
  porcentajeVoluntarias: 73.3,
  primeraVez: 102,
  serologia: indicadores.serologia.map((s) => ({ ...s, reactivas: 0 })),
};

const redMock = {
  request: { query: RedDocument },
  result: {
    data: {
      red: {
        __typename: 'Red' as const,
        id: RED_ID,
        nombre: 'Programa Provincial de Hemoterapia',
        codigoInvitacion: 'ACDEFGHJKMNP',
        miembros: [
          {
            __typename: 'ServicioResumen' as const,
            id: NORTE,
            nombre: 'Hospital Norte',
            nombrePropuesto: null,
          },
          {
            __typename: 'ServicioResumen' as const,
            id: SUR,
            nombre: 'Hospital Sur',
            nombrePropuesto: 'Hospital Sur (sin diferimiento: puede donar)',
          },
        ],
      },
    },
  },
};

function indicadoresMock(
  periodo: Periodo,
  cifras: { total: IndicadoresImprimible; norte: IndicadoresImprimible; sur: IndicadoresImprimible } = {
    total: indicadores,
    norte,
    sur,
  },
) {
  return {
    request: { query: IndicadoresRedDocument, variables: periodo },
    result: {
      data: {
        indicadoresRed: {
          __typename: 'IndicadoresRed' as const,
          total: conTipos(cifras.total, periodo),
          porServicio: [
            [NORTE, 'Hospital Norte', cifras.norte],
            [SUR, 'Hospital Sur', cifras.sur],
          ].map(([id, nombre, i]) => ({
            __typename: 'IndicadoresServicio' as const,
            servicio: { __typename: 'ServicioResumen' as const, id, nombre },
            indicadores: conTipos(i as IndicadoresImprimible, periodo),
          })),
        },
      },
    },
  };
}

/** Each member's lookups: the Sur one hit its budget. */
const consultasMock = {
  request: { query: ConsultasRedDocument },
  result: {
    data: {
      consultasRed: [
        [NORTE, 'Hospital Norte', 40, 6, 0, false],
        [SUR, 'Hospital Sur', 300, 60, 12, true],
      ].map(([id, nombre, consultas, maximoPorMinuto, rechazadas, inusual]) => ({
        __typename: 'ConsultasRedMiembro' as const,
        servicio: { __typename: 'ServicioResumen' as const, id, nombre },
        consultas,
        maximoPorMinuto,
        rechazadas,
        inusual,
      })),
    },
  },
  maxUsageCount: 5,
};

const EN_10_DIAS = new Date(Date.UTC(2026, 11, 7, 15)).toISOString();

/** The members' stock: Norte's O negativo published, Sur's AB negativo resting on too few donors. */
const stockRedMock = {
  request: { query: StockRedDocument },
  result: {
    data: {
      stockRed: [
        [NORTE, 'Hospital Norte', 'O', 'NEGATIVO', 12, 0, EN_10_DIAS, false],
        [NORTE, 'Hospital Norte', 'A', 'POSITIVO', 30, null, EN_10_DIAS, true],
        [SUR, 'Hospital Sur', 'AB', 'NEGATIVO', null, null, null, true],
      ].map(([servicioId, servicio, abo, rh, cantidad, porVencer, proximoVencimiento, suprimido]) => ({
        __typename: 'StockRedFila' as const,
        servicioId,
        servicio,
        tipo: 'GLOBULOS_ROJOS' as const,
        abo,
        rh,
        cantidad,
        porVencer,
        proximoVencimiento,
        diasAviso: 7,
        suprimido,
      })),
    },
  },
  maxUsageCount: 5,
};

const trazabilidadesRedMock = {
  request: { query: TrazabilidadesRedDocument },
  result: {
    data: {
      trazabilidadesRed: [
        {
          __typename: 'TrazabilidadesMiembro' as const,
          servicioId: NORTE,
          servicio: 'Hospital Norte',
          abiertas: 0,
          suprimido: false,
        },
        {
          __typename: 'TrazabilidadesMiembro' as const,
          servicioId: SUR,
          servicio: 'Hospital Sur',
          abiertas: null,
          suprimido: true,
        },
      ],
    },
  },
  maxUsageCount: 5,
};

const solicitud: SolicitudTrasladoDatosFragment & { __typename: 'SolicitudTraslado' } = {
  __typename: 'SolicitudTraslado' as const,
  id: 'sol-1',
  origenId: NORTE,
  origen: 'Hospital Norte',
  destinoId: SUR,
  destino: 'Hospital Sur',
  tipo: 'GLOBULOS_ROJOS' as const,
  abo: 'O',
  rh: 'NEGATIVO',
  cantidad: 2,
  estado: 'RECHAZADA' as const,
  motivo: 'Sin stock de O negativo',
  nota: null,
  creadaEn: '2026-11-20T12:00:00.000Z',
  respondidaEn: '2026-11-20T13:00:00.000Z',
};

const solicitudesMock = (lista: (typeof solicitud)[] = [solicitud]) => ({
  request: { query: SolicitudesTrasladoDocument },
  result: { data: { solicitudesTraslado: lista } },
  maxUsageCount: 5,
});

const stockRedMocks = [stockRedMock, trazabilidadesRedMock, solicitudesMock()];

const mocks = (): MockedResponses => [
  redMock,
  indicadoresMock(periodoInicial()),
  consultasMock,
  ...stockRedMocks,
];

afterEach(() => localStorage.clear());

describe('/red, the network’s panel', () => {
  it('shows its name, its invitation code to copy, its members and how a servicio joins', async () => {
    signIn(red);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderWithProviders(<RedPage chartSize={CHART} />, { mocks: mocks(), route: '/red' });

    expect(
      await screen.findByRole('heading', { name: 'Programa Provincial de Hemoterapia', level: 1 }),
    ).toBeInTheDocument();
    const invitacion = screen.getByRole('region', { name: 'Código de invitación' });
    expect(within(invitacion).getByText('ACDE-FGHJ-KMNP')).toBeInTheDocument();
    expect(screen.getByText(/escribe este código en Opciones → Red/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ACDE-FGHJ-KMNP'));
    expect(await screen.findByText(MSG.codigoRedCopiado)).toBeInTheDocument();

    const miembros = screen.getByRole('list', { name: 'Servicios miembros' });
    expect(
      within(miembros)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['Hospital Norte', 'Hospital Sur']);
    expect(screen.getByText('Servicios miembros (2)')).toBeInTheDocument();
  });

  it('renews the invitation code after a confirmation, and shows the new one', async () => {
    signIn(red);
    const renovar = jest.fn(() => ({
      data: {
        renovarCodigoInvitacion: {
          ...redMock.result.data.red,
          codigoInvitacion: 'QRTUVWXYZ234',
        },
      },
    }));
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [...mocks(), { request: { query: RenovarCodigoInvitacionDocument }, result: renovar }],
      route: '/red',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Renovar código' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Quiere renovar el código de invitación?')).toBeInTheDocument();
    // 'No' changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(renovar).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Renovar código' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText(MSG.codigoRedRenovado)).toBeInTheDocument();
    expect(renovar).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('QRTU-VWXY-Z234')).toBeInTheDocument();
  });

  it('removes a member after a confirmation that says what it means; a refusal shows in Spanish', async () => {
    signIn(red);
    const quitar = jest.fn(() => ({
      data: {
        quitarMiembroDeRed: {
          ...redMock.result.data.red,
          codigoInvitacion: 'QRTUVWXYZ234',
          miembros: redMock.result.data.red.miembros.slice(0, 1),
        },
      },
    }));
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [
        ...mocks(),
        {
          request: { query: QuitarMiembroDeRedDocument, variables: { servicioId: SUR } },
          result: quitar,
        },
        indicadoresMock(periodoInicial()),
        {
          request: { query: QuitarMiembroDeRedDocument, variables: { servicioId: NORTE } },
          result: {
            errors: [{ message: MSG.noEsMiembroDeRed, extensions: { code: 'BAD_USER_INPUT' } }],
          },
        },
      ],
      route: '/red',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar de la red: Hospital Sur' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Quiere quitar Hospital Sur de la red?')).toBeInTheDocument();
    expect(within(dialog).getByText(/El código de invitación se renovará/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText(MSG.miembroQuitadoDeRed('Hospital Sur'))).toBeInTheDocument();
    expect(quitar).toHaveBeenCalledTimes(1);
    const miembros = screen.getByRole('list', { name: 'Servicios miembros' });
    await waitFor(() => expect(within(miembros).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Servicios miembros (1)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Quitar de la red: Hospital Norte' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText(MSG.noEsMiembroDeRed)).toBeInTheDocument();
  });

  it('shows the total’s figures and charts, and a table by servicio closed by the total', async () => {
    signIn(red);
    const { container } = renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: mocks(),
      route: '/red',
    });

    const cifras = await screen.findByRole('region', { name: 'Cifras principales' });
    const valor = (label: string) => within(cifras).getByText(label).nextElementSibling?.textContent;
    expect(valor('Atendidos')).toBe('1.301');
    expect(valor('Donaciones')).toBe('1.234');
    expect(valor('% voluntarias')).toBe('62,5 %');
    expect(container.querySelectorAll('svg.recharts-surface')).toHaveLength(3);

    const tabla = screen.getByRole('table', { name: 'Cifras por servicio' });
    const filas = within(tabla)
      .getAllByRole('row')
      .map((tr) =>
        within(tr)
          .queryAllByRole('cell')
          .map((td) => td.textContent),
      );
    const columnas = within(tabla)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(columnas).toEqual([
      'Servicio',
      'Atendidos',
      'Donaciones',
      '% voluntarias',
      'Primera vez',
      'No aptos',
      'Resultados reactivos',
      'Exclusiones',
    ]);
    const reactivas = indicadores.serologia.reduce((n, s) => n + (s.reactivas ?? 0), 0);
    expect(filas.slice(1)).toEqual([
      ['Hospital Norte', '1.050', '1.000', '60,0 %', '300', '50', String(reactivas), '57'],
      ['Hospital Sur', '251', '234', '73,3 %', '102', '17', '0', '57'],
      ['Total de la red', '1.301', '1.234', '62,5 %', '402', '67', String(reactivas), '57'],
    ]);
  });

  it("says 'menos de 5' where a figure is not published: table, figures, serology, charts; a note says why", async () => {
    signIn(red);
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [
        redMock,
        indicadoresMock(periodoInicial(), { total: conSuprimidas, norte, sur: suprimido(sur) }),
        consultasMock,
        ...stockRedMocks,
      ],
      route: '/red',
    });
    const cifras = await screen.findByRole('region', { name: 'Cifras principales' }, { timeout: 5000 });
    const valor = (label: string) => within(cifras).getByText(label).nextElementSibling?.textContent;
    expect([
      valor('Atendidos'),
      valor('Donaciones'),
      valor('No aptos'),
      valor('Con análisis pendiente'),
    ]).toEqual(['menos de 5', '1.234', 'menos de 5', '134']);

    // The member with fewer than 5: every cell of its row; the total's sums that hold one too.
    const tabla = screen.getByRole('table', { name: 'Cifras por servicio' });
    const fila = (nombre: string) =>
      within(within(tabla).getByRole('row', { name: new RegExp(`^${nombre}`) }))
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(fila('Hospital Sur')).toEqual([
      'Hospital Sur',
      ...['menos de 5', 'menos de 5', 'reservado', 'menos de 5', 'menos de 5', 'menos de 5', 'menos de 5'],
    ]);
    expect(fila('Total de la red')).toEqual([
      'Total de la red',
      ...['menos de 5', '1.234', '62,5 %', '402', 'menos de 5', 'menos de 5', '57'],
    ]);

    const serologia = screen.getByRole('table', { name: 'Serología por marcador' });
    expect(
      within(serologia).getByRole('row', { name: 'HIV 1.100 134 menos de 5 reservado' }),
    ).toBeInTheDocument();
    // Brucellosis's pending results are fewer than 5, and so its tested ones are not told either.
    expect(
      within(serologia).getByRole('row', { name: 'Brucelosis menos de 5 menos de 5 0 reservado' }),
    ).toBeInTheDocument();

    // February is not drawn (not as a bar of 0): 2 periods of 2 stacked series; its label is marked.
    const serie = screen.getByRole('figure', { name: 'Donaciones por período' });
    expect(serie.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(4);
    expect(within(serie).getByText('Feb 26 *', { selector: 'tspan' })).toBeInTheDocument();
    expect(within(serie).getByText(/\* menos de 5: no se dibuja/)).toBeInTheDocument();
    expect(
      within(serie).getByRole('row', { name: 'Febrero 2026 menos de 5 menos de 5 menos de 5' }),
    ).toBeInTheDocument();
    const grupos = screen.getByRole('figure', { name: 'Grupo ABO y factor Rh' });
    expect(grupos.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(5);
    expect(within(grupos).getByRole('row', { name: 'AB Positivo menos de 5' })).toBeInTheDocument();

    expect(screen.getByTestId('nota-supresion')).toHaveTextContent(MSG.notaSupresion);
  });

  it('a period not published whole: no bar, no ring, no group listed, never drawn as 0', async () => {
    signIn(red);
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [
        redMock,
        indicadoresMock(periodoInicial(), {
          total: suprimido(),
          norte: suprimido(norte),
          sur: suprimido(sur),
        }),
        consultasMock,
        ...stockRedMocks,
      ],
      route: '/red',
    });
    const cifras = await screen.findByRole('region', { name: 'Cifras principales' }, { timeout: 5000 });
    expect(within(cifras).getAllByText('menos de 5')).toHaveLength(12);
    const serie = screen.getByRole('figure', { name: 'Donaciones por período' });
    expect(serie.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(0);
    const grupos = screen.getByRole('figure', { name: 'Grupo ABO y factor Rh' });
    expect(within(grupos).getByText('Todos los grupos: menos de 5')).toBeInTheDocument();
    const voluntarias = screen.getByRole('figure', { name: 'Voluntarias y de reposición' });
    expect(voluntarias.querySelectorAll('.recharts-pie-sector')).toHaveLength(0);
    expect(within(voluntarias).getByText('menos de 5', { selector: 'div' })).toBeInTheDocument();
    expect(screen.queryByText('Sin donaciones en el período.')).not.toBeInTheDocument();
  });

  it('is the home of a network’s session: any servicio screen takes it to /red, no donors shown', async () => {
    signIn(red);
    const me = { __typename: 'Usuario' as const, ...red };
    const { router } = renderApp('/donantes', {
      mocks: [{ request: { query: MeDocument }, result: { data: { me } } }, ...mocks()],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/red'));
    expect(await screen.findByText('Panel de la Red')).toBeInTheDocument();
    expect(screen.getByTestId('servicio-nombre')).toHaveTextContent('Programa Provincial de Hemoterapia');
    // The heading shows while the figures load under a modal overlay (which hides the menu), and
    // the menu's links follow the session's own query (me): wait for both.
    await waitFor(
      () => {
        const nav = screen.getByRole('navigation', { name: 'Menú principal' });
        expect(
          within(nav)
            .getAllByRole('link')
            .map((a) => a.textContent),
        ).toEqual(['Red', 'Cambiar clave']);
      },
      { timeout: 5000 },
    );
    expect(screen.queryByRole('heading', { name: /Donantes/ })).not.toBeInTheDocument();
  });

  it.each(['/donaciones', '/opciones/integrantes', '/opciones/red', '/no/existe'])(
    'a network asking for %s lands on /red',
    async (path) => {
      signIn(red);
      const { router } = renderApp(path, { mocks: mocks() });
      await waitFor(() => expect(router.state.location.pathname).toBe('/red'));
    },
  );

  it('a network keeps its password screen', async () => {
    signIn(red);
    const { router } = renderApp('/opciones/clave');
    expect(await screen.findByRole('heading', { name: /clave/i, level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/opciones/clave');
  });

  it('is not for a servicio’s staff', async () => {
    signIn(testUsuario({ rol: 'ROL_SERVICIO' }));
    renderWithProviders(<RedPage chartSize={CHART} />, { route: '/red' });
    expect(await screen.findByText(MSG.sinPermiso)).toBeInTheDocument();
  });
});

describe("the network's CSV", () => {
  it('is the /reportes file of the total, then one row per servicio and the total', () => {
    const periodo = periodoInicial();
    const csv = buildRedCsv(
      {
        total: { ...indicadores, ...periodo },
        porServicio: [
          { servicio: { id: 'a', nombre: 'Hospital Norte' }, indicadores: norte },
          { servicio: { id: 'b', nombre: 'Hospital "Sur"; anexo' }, indicadores: sur },
        ],
      },
      'Programa Provincial',
      new Date('2026-04-02T15:00:00Z'),
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('# Reporte de indicadores - Red Programa Provincial (todos sus servicios)');
    expect(lines).toContain('Atendidos;1301');
    expect(lines).toContain('Con análisis pendiente;134');
    expect(lines).toContain('Hepatitis B;1100;134;5;0,5');
    const reactivas = indicadores.serologia.reduce((n, s) => n + (s.reactivas ?? 0), 0);
    expect(lines.slice(-5)).toEqual([
      'Servicio;Atendidos;Donaciones;% voluntarias;Primera vez;No aptos;Resultados reactivos;Exclusiones',
      `Hospital Norte;1050;1000;60,0;300;50;${reactivas};57`,
      '"Hospital ""Sur""; anexo";251;234;73,3;102;17;0;57',
      `Total de la red;1301;1234;62,5;402;67;${reactivas};57`,
      '',
    ]);
  });

  it("says 'menos de 5' in every cell not published, 'reservado' for a share, and why in a # line", () => {
    const csv = buildRedCsv(
      {
        total: conSuprimidas,
        porServicio: [
          { servicio: { id: 'a', nombre: 'Hospital Norte' }, indicadores: norte },
          { servicio: { id: 'b', nombre: 'Hospital Sur' }, indicadores: suprimido(sur) },
        ],
      },
      'Programa Provincial',
      new Date('2026-04-02T15:00:00Z'),
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain(textCell(`# ${MSG.notaSupresion}`));
    expect(lines).toContain('Atendidos;menos de 5');
    expect(lines).toContain('No aptos;menos de 5');
    expect(lines).toContain('AB Positivo;menos de 5');
    expect(lines).toContain('HIV;1100;134;menos de 5;reservado');
    expect(lines).toContain('Brucelosis;menos de 5;menos de 5;0;reservado');
    expect(lines).toContain('Febrero 2026;01/02/2026;menos de 5;menos de 5;menos de 5');
    const reactivas = indicadores.serologia.reduce((n, s) => n + (s.reactivas ?? 0), 0);
    expect(lines.slice(-4)).toEqual([
      `Hospital Norte;1050;1000;60,0;300;50;${reactivas};57`,
      'Hospital Sur;menos de 5;menos de 5;reservado;menos de 5;menos de 5;menos de 5;menos de 5',
      'Total de la red;menos de 5;1234;62,5;402;menos de 5;menos de 5;57',
      '',
    ]);
    // A network whose figures are all published: no note.
    const exacto = buildRedCsv({ total: indicadores, porServicio: [] }, 'Programa Provincial');
    expect(exacto).not.toContain(MSG.notaSupresion);
  });

  it('writes the code in groups of four', () => {
    expect(codigoEnGrupos('ACDEFGHJKMNP')).toBe('ACDE-FGHJ-KMNP');
  });
});

describe("the network's view of its members' lookups and names", () => {
  it('flags the unusual member in words, and approves a proposed name', async () => {
    const user = userEvent.setup();
    const aprobado = {
      ...redMock.result.data.red,
      miembros: redMock.result.data.red.miembros.map((m) =>
        m.id === SUR
          ? { ...m, nombre: 'Hospital Sur (sin diferimiento: puede donar)', nombrePropuesto: null }
          : m,
      ),
    };
    signIn(red);
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [
        ...mocks(),
        {
          request: { query: AprobarNombreMiembroDocument, variables: { servicioId: SUR } },
          result: { data: { aprobarNombreMiembro: aprobado } },
        },
        indicadoresMock(periodoInicial()),
        consultasMock,
        ...stockRedMocks,
      ],
    });
    const tabla = await screen.findByRole('table', { name: 'Consultas entre servicios' });
    await waitFor(() => expect(within(tabla).getByText('Inusual: revisar')).toBeInTheDocument());
    const filaSur = within(tabla).getByText('Hospital Sur').closest('tr')!;
    expect(within(filaSur).getByText('300')).toBeInTheDocument();
    expect(within(filaSur).getByText('12')).toBeInTheDocument();
    const filaNorte = within(tabla).getByText('Hospital Norte').closest('tr')!;
    expect(within(filaNorte).getByText('Normal')).toBeInTheDocument();

    expect(
      screen.getByText(/Propone llamarse «Hospital Sur \(sin diferimiento: puede donar\)»/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Aprobar el nombre/ }));
    expect(await screen.findByText(MSG.nombreMiembroAprobado)).toBeInTheDocument();
  });
});

describe("the network's stock and transfers", () => {
  /**
   * The panel's three charts draw in animation frames after their figures: a test ends once they
   * have, and the frames after them ran inside act (else React warns of an update outside it).
   */
  const graficosDibujados = async () => {
    await waitFor(() => expect(document.querySelectorAll('svg.recharts-surface')).toHaveLength(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  };

  it("shows each member's stock and open look-backs, 'menos de 5' where not published, and why", async () => {
    signIn(red);
    renderWithProviders(<RedPage chartSize={CHART} />, { mocks: mocks(), route: '/red' });
    const tabla = await screen.findByRole(
      'table',
      { name: 'Stock de la red por integrante' },
      { timeout: 5000 },
    );
    const fila = (clave: string) => tabla.querySelector(`tr[data-stock-red="${clave}"]`) as HTMLElement;
    const celda = (clave: string, label: string) =>
      fila(clave).querySelector(`[data-label="${label}"]`)?.textContent;
    await waitFor(() => expect(fila('Hospital Norte GLOBULOS_ROJOS O NEGATIVO')).not.toBeNull());
    expect(celda('Hospital Norte GLOBULOS_ROJOS O NEGATIVO', 'Unidades')).toBe('12');
    expect(celda('Hospital Norte GLOBULOS_ROJOS O NEGATIVO', 'Grupo')).toBe('O Negativo');
    expect(celda('Hospital Norte GLOBULOS_ROJOS O NEGATIVO', 'Vencimiento más próximo')).toBe('07/12/2026');
    expect(celda('Hospital Norte GLOBULOS_ROJOS A POSITIVO', 'Por vencer')).toBe(MSG.menosDeCinco);
    expect(celda('Hospital Sur GLOBULOS_ROJOS AB NEGATIVO', 'Unidades')).toBe(MSG.menosDeCinco);
    expect(celda('Hospital Sur GLOBULOS_ROJOS AB NEGATIVO', 'Vencimiento más próximo')).toBe('no se informa');
    expect(screen.getByText(/se basa en menos de 5 donantes/)).toBeInTheDocument();
    // No total: none of the suppressed figures is given back by a subtraction.
    expect(within(tabla).queryByText(/Total/)).toBeNull();

    const traz = await screen.findByRole('table', { name: 'Trazabilidades abiertas por integrante' });
    await waitFor(() =>
      expect(
        within(traz)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual(['IntegranteAbiertas', 'Hospital Norte0', `Hospital Sur${MSG.menosDeCinco}`]),
    );
    const solicitudes = await screen.findByRole('table', { name: 'Solicitudes de traslado' });
    expect(
      await within(solicitudes).findByText('Motivo del rechazo: Sin stock de O negativo'),
    ).toBeInTheDocument();
    expect(within(solicitudes).getByText('Rechazada')).toBeInTheDocument();
    await graficosDibujados();
  });

  it("downloads the stock as the table shows it: 'menos de 5' where not published, no date there", async () => {
    signIn(red);
    const { creados: created, nombres: names, restaurar } = capturarDescargas();
    renderWithProviders(<RedPage chartSize={CHART} />, { mocks: mocks(), route: '/red' });
    const tabla = await screen.findByRole(
      'table',
      { name: 'Stock de la red por integrante' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(tabla.querySelectorAll('tr[data-stock-red]')).toHaveLength(3));
    // The rest of the panel loaded too: nothing answers while the file is read below.
    const traz = await screen.findByRole('table', { name: 'Trazabilidades abiertas por integrante' });
    await waitFor(() => expect(within(traz).getAllByRole('row')).toHaveLength(3));
    await screen.findByRole('table', { name: 'Solicitudes de traslado' });
    await graficosDibujados();
    const descargar = screen.getByRole('button', { name: 'Descargar CSV: Stock de la red' });
    expect(descargar).toHaveTextContent('Descargar CSV');
    fireEvent.click(descargar);
    const hoy = todayIso(new Date());
    expect(names).toEqual([`stock-red-${hoy}.csv`]);
    expect(created[0].type).toBe('text/csv;charset=utf-8');
    const lines = (await act(() => leerTexto(created[0]))).split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      `Stock de la red Programa Provincial de Hemoterapia;al ${formatDate(hoy)}`,
      'Integrante;Componente;Grupo;Unidades;Por vencer;Días de aviso;Vencimiento más próximo',
      'Hospital Norte;Concentrado de glóbulos rojos;O Negativo;12;0;7;07/12/2026',
      `Hospital Norte;Concentrado de glóbulos rojos;A Positivo;30;${MSG.menosDeCinco};7;07/12/2026`,
      `Hospital Sur;Concentrado de glóbulos rojos;AB Negativo;${MSG.menosDeCinco};${MSG.menosDeCinco};7;no se informa`,
    ]);
    expect(lines[6]).toMatch(/se basa en menos de 5 donantes/);
    restaurar();
    await graficosDibujados();
  });

  it("has nothing to download while no member has stock: 'Descargar CSV' is disabled", async () => {
    signIn(red);
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [
        redMock,
        indicadoresMock(periodoInicial()),
        consultasMock,
        { ...stockRedMock, result: { data: { stockRed: [] } } },
        trazabilidadesRedMock,
        solicitudesMock(),
      ],
      route: '/red',
    });
    expect(
      await screen.findByText('Ningún integrante tiene unidades en stock.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar CSV: Stock de la red' })).toBeDisabled();
    await graficosDibujados();
  });

  it('asks a member to send units to another, checked by the domain first', async () => {
    signIn(red);
    const input = {
      origenId: NORTE,
      destinoId: SUR,
      tipo: 'PLAQUETAS',
      abo: 'A',
      rh: 'POSITIVO',
      cantidad: 3,
      nota: 'Cirugía programada',
    };
    const nueva = {
      ...solicitud,
      id: 'sol-2',
      tipo: 'PLAQUETAS' as const,
      abo: 'A',
      rh: 'POSITIVO',
      cantidad: 3,
      estado: 'PENDIENTE' as const,
      motivo: null,
      nota: 'Cirugía programada',
      respondidaEn: null,
    };
    const solicitar = jest.fn(() => ({ data: { solicitarTraslado: nueva } }));
    renderWithProviders(<RedPage chartSize={CHART} />, {
      mocks: [
        redMock,
        indicadoresMock(periodoInicial()),
        consultasMock,
        stockRedMock,
        trazabilidadesRedMock,
        { ...solicitudesMock([]), maxUsageCount: 1 },
        { request: { query: SolicitarTrasladoDocument, variables: { input } }, result: solicitar },
        solicitudesMock([nueva, solicitud]),
      ],
      route: '/red',
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Solicitar traslado' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Solicitar traslado' }));
    expect(await within(form).findByText(MSG.solicitudMiembros)).toBeInTheDocument();
    expect(within(form).getByText(MSG.solicitudCantidad(200))).toBeInTheDocument();
    expect(solicitar).not.toHaveBeenCalled();
    await user.selectOptions(within(form).getByLabelText(/Integrante que envía/), NORTE);
    await user.selectOptions(within(form).getByLabelText(/Integrante que recibe/), SUR);
    await user.selectOptions(within(form).getByLabelText('Componente'), 'PLAQUETAS');
    await user.selectOptions(within(form).getByLabelText('Grupo'), 'A|POSITIVO');
    await user.type(within(form).getByLabelText(/Cantidad/), '3');
    await user.type(within(form).getByLabelText('Nota para el integrante que envía'), 'Cirugía programada');
    await user.click(within(form).getByRole('button', { name: 'Solicitar traslado' }));
    await waitFor(() => expect(solicitar).toHaveBeenCalled());
    const solicitudes = await screen.findByRole('table', { name: 'Solicitudes de traslado' });
    expect(await within(solicitudes).findByText('Pendiente')).toBeInTheDocument();
    expect(within(solicitudes).getByText('Cirugía programada')).toBeInTheDocument();
    await graficosDibujados();
  });
});
