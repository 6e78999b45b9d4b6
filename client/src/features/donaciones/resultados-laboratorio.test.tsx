import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router-dom';
import { todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import {
  DonacionDocument,
  RegistrarConfirmatorioDocument,
  RegistrarRepeticionDocument,
  RegistrarTamizajeDocument,
  UpdateResultadosDonacionDocument,
} from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { DonacionResultadosPage } from './donacion-resultados-page';
import { pasosDe } from './resultados-laboratorio';
import { donacion, resultadosPanel, servicioMock, componentesDeLaDonacionMock } from './test-data';

jest.setTimeout(20000);

const TECNICO = testUsuario({
  id: '22222222-2222-4222-8222-222222222222',
  rol: 'ROL_TECNICO',
  nombre: 'Ana',
  apellido: 'Gómez',
});
const HOY = todayIso();

function renderPage(inicial: ReturnType<typeof donacion>, mocks: MockedResponses) {
  renderWithProviders(
    <Routes>
      <Route path="/donacion/:id/donante/:uid" element={<DonacionResultadosPage />} />
    </Routes>,
    {
      route: '/donacion/x1/donante/d1',
      mocks: [
        servicioMock,
        componentesDeLaDonacionMock(),
        {
          request: { query: DonacionDocument, variables: { id: 'x1' } },
          result: { data: { donacion: inicial } },
        },
        ...mocks,
      ],
    },
  );
}

const fila = (marcador: string) =>
  screen
    .getByRole('table', { name: 'Resultados por marcador' })
    .querySelector(`tr[data-marcador="${marcador}"]`) as HTMLElement;

describe('pasosDe', () => {
  const r = (etapa: string, rep = false) => ({
    etapa,
    repeticion1: rep ? 'REACTIVO' : null,
    repeticion2: rep ? 'REACTIVO' : null,
  });
  it('offers the step the server accepts next', () => {
    expect(pasosDe(r('SIN_REALIZAR'))).toEqual(['tamizaje']);
    expect(pasosDe(r('NO_REACTIVO'))).toEqual(['tamizaje']);
    expect(pasosDe(r('REPETIR'))).toEqual(['repeticion', 'tamizaje']);
    expect(pasosDe(r('REPETIDAMENTE_REACTIVO', true))).toEqual(['confirmatorio']);
    expect(pasosDe(r('NO_REACTIVO', true))).toEqual([]);
    expect(pasosDe(r('CONFIRMADO_POSITIVO', true))).toEqual([]);
    expect(pasosDe(r('CONFIRMADO_NEGATIVO', true))).toEqual([]);
  });
});

describe('ResultadosLaboratorio', () => {
  beforeEach(() => localStorage.clear());

  it('shows each marker of the panel with its state, technique, date and who; records a screening', async () => {
    signIn(TECNICO);
    const reactivo = {
      estado: 'REACTIVO',
      tecnica: 'ELISA',
      fecha: '2025-06-16',
      registradoPor: TECNICO.id,
    };
    const despues = donacion({ resultados: resultadosPanel({ HIV: reactivo }) });
    const enviados: unknown[] = [];
    renderPage(donacion(), [
      {
        request: {
          query: RegistrarTamizajeDocument,
          variables: (v: unknown) => {
            enviados.push(v);
            return true;
          },
        },
        result: { data: { registrarTamizaje: despues } },
      },
    ]);
    await screen.findByRole('heading', { name: 'Resultados de laboratorio' });
    const tabla = screen.getByRole('table', { name: 'Resultados por marcador' });
    expect(within(tabla).getAllByRole('row')).toHaveLength(9);
    expect(within(fila('HIV')).getAllByText('Sin realizar').length).toBeGreaterThan(0);
    expect(within(fila('HIV')).getByText('sin realizar')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Registrar tamizaje: HIV 1/2' }));
    const form = screen.getByRole('form', { name: 'Registrar tamizaje: HIV 1/2' });
    fireEvent.change(within(form).getByLabelText(/Resultado/), { target: { value: 'REACTIVO' } });
    await userEvent.type(within(form).getByLabelText(/Técnica/), 'ELISA');
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar tamizaje' }));
    await waitFor(() => expect(enviados).toHaveLength(1));
    expect(enviados[0]).toEqual({
      donacionId: 'x1',
      input: { marcador: 'HIV', estado: 'REACTIVO', tecnica: 'ELISA', fecha: HOY },
    });
    await waitFor(() => expect(within(fila('HIV')).getByText('Repetir por duplicado')).toBeInTheDocument());
    expect(within(fila('HIV')).getByText('ELISA · 16/06/2025 · por Ana Gómez')).toBeInTheDocument();
    expect(within(fila('HIV')).getByText('(+)')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Registrar tamizaje: HIV 1/2' })).toBeNull();
  });

  it('records the repeat in duplicate, then the confirmatory test; a refusal shows by the button', async () => {
    signIn(TECNICO);
    const tamizaje = { estado: 'REACTIVO', tecnica: 'ELISA', fecha: '2025-06-16', registradoPor: 'otro' };
    const repetida = {
      ...tamizaje,
      repeticion1: 'REACTIVO',
      repeticion2: 'INDETERMINADO',
      repeticionTecnica: 'ELISA',
      repeticionFecha: HOY,
      repeticionPor: TECNICO.id,
    };
    renderPage(donacion({ resultados: resultadosPanel({ CHAGAS: tamizaje }) }), [
      {
        request: {
          query: RegistrarRepeticionDocument,
          variables: {
            donacionId: 'x1',
            input: {
              marcador: 'CHAGAS',
              primera: 'REACTIVO',
              segunda: 'INDETERMINADO',
              tecnica: 'ELISA',
              fecha: HOY,
            },
          },
        },
        result: {
          data: { registrarRepeticion: donacion({ resultados: resultadosPanel({ CHAGAS: repetida }) }) },
        },
      },
      {
        request: { query: RegistrarConfirmatorioDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Datos inválidos', {
              extensions: {
                code: 'BAD_USER_INPUT',
                errors: [{ field: 'marcador', msg: MSG.confirmatorioNoCorresponde }],
              },
            }),
          ],
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Resultados de laboratorio' });
    expect(within(fila('CHAGAS')).getByText('ELISA · 16/06/2025 · por otro integrante')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar repetición: Chagas' }));
    const form = screen.getByRole('form', { name: 'Registrar repetición: Chagas' });
    fireEvent.change(within(form).getByLabelText(/Primera determinación/), { target: { value: 'REACTIVO' } });
    fireEvent.change(within(form).getByLabelText(/Segunda determinación/), {
      target: { value: 'INDETERMINADO' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar repetición' }));
    await waitFor(() =>
      expect(
        within(fila('CHAGAS')).getByText('Repetidamente reactivo: espera la prueba confirmatoria'),
      ).toBeInTheDocument(),
    );
    expect(within(fila('CHAGAS')).getByText('Reactivo / Indeterminado')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Registrar confirmatorio: Chagas' }));
    const conf = screen.getByRole('form', { name: 'Registrar confirmatorio: Chagas' });
    await userEvent.click(within(conf).getByRole('button', { name: 'Registrar confirmatorio' }));
    // Technique, result and laboratory are required before anything is sent.
    expect(within(conf).getAllByText(MSG.requerido)).toHaveLength(3);
    fireEvent.change(within(conf).getByLabelText(/Resultado/), { target: { value: 'POSITIVO' } });
    await userEvent.type(within(conf).getByLabelText(/Técnica/), 'Western blot');
    await userEvent.type(within(conf).getByLabelText(/Laboratorio/), 'Lab. Central');
    await userEvent.click(within(conf).getByRole('button', { name: 'Registrar confirmatorio' }));
    const alerta = await within(conf).findByRole('alert');
    expect(alerta).toHaveTextContent('No se pudo registrar el resultado');
    expect(alerta).toHaveTextContent(MSG.confirmatorioNoCorresponde);
  });

  it('a confirmed positive offers no more steps and says the deferral is definitive', async () => {
    signIn(TECNICO);
    const confirmado = {
      estado: 'REACTIVO',
      fecha: '2025-06-16',
      repeticion1: 'REACTIVO',
      repeticion2: 'REACTIVO',
      repeticionFecha: '2025-06-17',
      confirmatorioResultado: 'POSITIVO',
      confirmatorioTecnica: 'Western blot',
      confirmatorioLaboratorio: 'Lab. Central',
      confirmatorioFecha: '2025-06-20',
    };
    renderPage(donacion({ resultados: resultadosPanel({ HCV: confirmado }) }), []);
    await screen.findByRole('heading', { name: 'Resultados de laboratorio' });
    expect(within(fila('HCV')).getByText('Confirmatorio positivo')).toBeInTheDocument();
    expect(within(fila('HCV')).getByText('Western blot · Lab. Central · 20/06/2025')).toBeInTheDocument();
    expect(within(fila('HCV')).queryByRole('button')).toBeNull();
    expect(
      screen.getByText('Confirmatorio positivo: el diferimiento del donante es definitivo.'),
    ).toBeInTheDocument();
  });

  it('saving the results form leaves the serology alone unless a box changed, and sends the irregular antibodies', async () => {
    signIn(TECNICO);
    const enviados: { input: Record<string, unknown> }[] = [];
    renderPage(donacion(), [
      {
        request: {
          query: UpdateResultadosDonacionDocument,
          variables: (v: { input: Record<string, unknown> }) => {
            enviados.push(v);
            return true;
          },
        },
        result: {
          data: {
            updateResultadosDonacion: {
              __typename: 'UpdateDonacionPayload',
              message: MSG.donacionActualizada,
              donacion: donacion({ anticuerposIrregulares: 'POSITIVO', anticuerpo: 'anti-K' }),
            },
          },
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Resultados de laboratorio' });
    const select = screen.getByLabelText('Investigación de anticuerpos irregulares') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Sin realizar', 'Negativo', 'Positivo']);
    fireEvent.change(select, { target: { value: 'POSITIVO' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    expect(await screen.findByText(MSG.anticuerpoRequerido)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Anticuerpo/ }), 'anti-K');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultados' }));
    await waitFor(() => expect(enviados).toHaveLength(1));
    expect(enviados[0].input).toMatchObject({ anticuerposIrregulares: 'POSITIVO', anticuerpo: 'anti-K' });
    expect(enviados[0].input).not.toHaveProperty('serologia');
    expect(await screen.findByText(MSG.donacionActualizada)).toBeInTheDocument();
  });
});
