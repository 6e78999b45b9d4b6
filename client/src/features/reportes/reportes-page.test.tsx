import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@domain/messages';
import { IndicadoresDocument, ServicioDocument } from '@/generated/graphql';
import {
  capturarDescargas,
  leerTexto,
  renderApp,
  renderWithProviders,
  signIn,
  testUsuario,
} from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { indicadores } from '../../../../test/pdf/reporte-fixtures';
import { componentes } from '../../../../test/pdf/componentes-fixtures';
import { ATAJOS, periodoInicial, type Periodo } from './periodos';
import { ReportesPage } from './reportes-page';

const CHART = { width: 640, height: 240 };

/** The query's answer for a period: the sample figures, with the GraphQL type names. */
function answer(periodo: Periodo) {
  return {
    indicadores: {
      __typename: 'Indicadores',
      ...indicadores,
      ...periodo,
      porGrupo: indicadores.porGrupo.map((g) => ({ __typename: 'IndicadorGrupo', ...g })),
      serologia: indicadores.serologia.map((s) => ({ __typename: 'IndicadorSerologia', ...s })),
      exclusiones: { __typename: 'IndicadorExclusiones', ...indicadores.exclusiones },
      serie: indicadores.serie.map((s) => ({ __typename: 'IndicadorPeriodo', ...s })),
      componentes: componentes.map((c) => ({
        __typename: 'IndicadorComponente',
        ...c,
        porMotivo: c.porMotivo.map((m) => ({ __typename: 'IndicadorDescarte', ...m })),
        porDestino: c.porDestino.map((d) => ({ __typename: 'IndicadorDestino', ...d })),
      })),
    },
  };
}

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
};

function mocksFor(...periodos: Periodo[]): MockedResponses {
  return [
    servicioMock,
    ...periodos.map((p) => ({
      request: { query: IndicadoresDocument, variables: p },
      result: { data: answer(p) },
    })),
  ];
}

afterEach(() => localStorage.clear());

describe('Reportes page', () => {
  it('shows what became of the blood per component type, and the discards by reason', async () => {
    signIn(testUsuario({ rol: 'ROL_TECNICO' }));
    renderWithProviders(<ReportesPage chartSize={CHART} />, {
      mocks: mocksFor(periodoInicial()),
      route: '/reportes',
    });
    const tabla = await screen.findByRole('table', { name: 'Componentes por tipo' });
    const fila = within(tabla).getByRole('row', { name: /Glóbulos rojos/ });
    const celdas = within(fila)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(celdas).toEqual([
      'Glóbulos rojos',
      '1.210',
      '1.150',
      '1.095',
      '820',
      '45',
      '230',
      '960',
      '31',
      '44',
      '17',
      '88',
    ]);
    expect(within(tabla).getByRole('columnheader', { name: 'Stock al final' })).toBeInTheDocument();
    const motivos = screen.getByRole('table', { name: 'Descartados por motivo' });
    expect(within(motivos).getByRole('row', { name: /Lipémico/ }).textContent).toBe('Lipémico01100');
  });

  it('shows the headline figures, three charts drawn as SVG and the serology table', async () => {
    signIn(testUsuario({ rol: 'ROL_TECNICO' }));
    const { container } = renderWithProviders(<ReportesPage chartSize={CHART} />, {
      mocks: mocksFor(periodoInicial()),
      route: '/reportes',
    });

    const cifras = await screen.findByRole('region', { name: 'Cifras principales' });
    const valor = (label: string) => within(cifras).getByText(label).nextElementSibling?.textContent;
    expect(valor('Atendidos')).toBe('1.301');
    expect(valor('Donaciones')).toBe('1.234');
    expect(valor('Donantes distintos')).toBe('1.180');
    expect(valor('No aptos')).toBe('67');
    expect(valor('Con análisis pendiente')).toBe('134');
    expect(valor('% voluntarias')).toBe('62,5 %');
    expect(valor('Primera vez')).toBe('402');
    expect(valor('Habituales')).toBe('832');
    expect(valor('Aféresis')).toBe('15');
    expect(valor('Exclusiones temporales')).toBe('48');
    expect(valor('Exclusiones definitivas')).toBe('9');

    // Each chart is a figure with its title, drawn as SVG, with its figures in a hidden table.
    for (const title of ['Donaciones por período', 'Grupo ABO y factor Rh', 'Voluntarias y de reposición']) {
      const figure = screen.getByRole('figure', { name: title });
      expect(figure.querySelector('svg.recharts-surface')).not.toBeNull();
      expect(within(figure).getByRole('table', { name: title })).toBeInTheDocument();
    }
    expect(container.querySelectorAll('svg.recharts-surface')).toHaveLength(3);
    const serie = screen.getByRole('figure', { name: 'Donaciones por período' });
    // 3 periods x 2 stacked series
    expect(serie.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(6);
    expect(within(serie).getByRole('row', { name: 'Marzo 2026 445 281 164' })).toBeInTheDocument();
    const grupos = screen.getByRole('figure', { name: 'Grupo ABO y factor Rh' });
    expect(grupos.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(6);
    expect(within(grupos).getByRole('row', { name: 'Sin resultado 110' })).toBeInTheDocument();
    expect(within(grupos).getByText('Sin resultado', { selector: 'tspan' })).toBeInTheDocument();
    const voluntarias = screen.getByRole('figure', { name: 'Voluntarias y de reposición' });
    expect(voluntarias.querySelectorAll('.recharts-pie-sector')).toHaveLength(2);

    const serologia = screen.getByRole('table', { name: 'Serología por marcador' });
    expect(
      within(serologia)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Marcador', 'Analizadas', 'Sin analizar', 'Reactivas', '% reactivas']);
    expect(within(serologia).getByRole('row', { name: 'Hepatitis B 1.100 134 5 0,5 %' })).toBeInTheDocument();
    expect(within(serologia).getAllByRole('row')).toHaveLength(8);
    // The servicio's own figures are all exact: nothing says 'menos de 5', no note.
    expect(screen.queryByText(/menos de 5/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('nota-supresion')).not.toBeInTheDocument();
  });

  it("downloads the CSV of the figures shown: 'Descargar CSV'", async () => {
    signIn();
    const { creados: created, nombres: names, restaurar } = capturarDescargas();
    const periodo = periodoInicial();
    const { container } = renderWithProviders(<ReportesPage chartSize={CHART} />, {
      mocks: mocksFor(periodo),
      route: '/reportes',
    });
    await screen.findByRole('region', { name: 'Cifras principales' });
    // The charts draw in animation frames after the figures: the test ends once they have.
    await waitFor(() => expect(container.querySelectorAll('svg.recharts-surface')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(names).toEqual([`reporte-${periodo.desde}-a-${periodo.hasta}.csv`]);
    const text = await leerTexto(created[0]);
    expect(created[0].type).toBe('text/csv;charset=utf-8');
    expect(text.startsWith('# Reporte de indicadores - Servicio de Hemoterapia Central')).toBe(true);
    expect(text).toContain('Atendidos;1301');
    expect(text).toContain('Con análisis pendiente;134');
    expect(text).toContain('Hepatitis B;1100;134;5;0,5');
    restaurar();
  });

  it('checks the period before asking: an inverted period shows its error and sends nothing', async () => {
    signIn();
    // Only the first period is mocked: any other request would fail the test with an error alert.
    renderWithProviders(<ReportesPage chartSize={CHART} />, {
      mocks: mocksFor(periodoInicial()),
      route: '/reportes',
    });
    await screen.findByRole('region', { name: 'Cifras principales' });
    const hasta = screen.getByLabelText('Hasta');
    fireEvent.change(hasta, { target: { value: '01/01/2000' } });
    fireEvent.blur(hasta);
    expect(await screen.findByText(MSG.periodoInvertido)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a quick choice asks for its period: 'Año anterior' by month", async () => {
    signIn();
    const anterior = ATAJOS.find((a) => a.label === 'Año anterior')!.periodo();
    renderWithProviders(<ReportesPage chartSize={CHART} />, {
      mocks: mocksFor(periodoInicial(), anterior),
      route: '/reportes',
    });
    await screen.findByRole('region', { name: 'Cifras principales' });
    fireEvent.click(screen.getByRole('button', { name: 'Año anterior' }));
    const anio = anterior.desde.slice(0, 4);
    expect(
      await screen.findByText(`Del 01/01/${anio} al 31/12/${anio} · Agrupación: mes`),
    ).toBeInTheDocument();
  });

  it("shows the server's Spanish message when it refuses the period", async () => {
    signIn();
    const periodo = periodoInicial();
    renderWithProviders(<ReportesPage chartSize={CHART} />, {
      mocks: [
        servicioMock,
        {
          request: { query: IndicadoresDocument, variables: periodo },
          result: {
            errors: [
              {
                message: 'Datos inválidos',
                extensions: {
                  code: 'BAD_USER_INPUT',
                  errors: [{ field: 'desde', msg: MSG.periodoDemasiadoLargo }],
                },
              },
            ],
          },
        },
      ],
      route: '/reportes',
    });
    expect(await screen.findByText(MSG.periodoDemasiadoLargo)).toBeInTheDocument();
  });

  it("is routed at /reportes for every role, with 'Reportes' in the sidebar", async () => {
    signIn(testUsuario({ rol: 'ROL_ADMINISTRATIVO' }));
    renderApp('/reportes', { mocks: mocksFor(periodoInicial()) });
    expect(await screen.findByRole('heading', { name: 'Reportes', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Reportes' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Cifras principales' })).toBeInTheDocument(),
    );
  });
});
