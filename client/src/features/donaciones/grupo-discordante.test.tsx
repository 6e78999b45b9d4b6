import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router-dom';
import { MSG } from '@domain/messages';
import {
  DonacionDocument,
  DonacionesDeDonanteDocument,
  RegistrarRetipificacionDocument,
  UpdateResultadosDonacionDocument,
} from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { DonacionResultadosPage } from './donacion-resultados-page';
import { DonacionesDonantePage } from './donaciones-donante-page';
import { RETIPIFICAR } from './retipificacion';
import { donacion, paginaDonanteMocks, servicioMock, componentesDeLaDonacionMock } from './test-data';

jest.setTimeout(20000);

const TECNICO = testUsuario({ id: '22222222-2222-4222-8222-222222222222', rol: 'ROL_TECNICO' });
const ADMINISTRATIVO = testUsuario({ id: '33333333-3333-4333-8333-333333333333', rol: 'ROL_ADMINISTRATIVO' });
const RECHAZO = MSG.grupoDiscordante('A+', 'donación N° 990 del 01/03/2025');

const rechazoDeGrupo = {
  errors: [
    new GraphQLError('Datos inválidos', {
      extensions: { code: 'BAD_USER_INPUT', errors: [{ field: 'abo', msg: RECHAZO }] },
    }),
  ],
};

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

const form = () => screen.getByRole('form', { name: 'Resultados de la donación' });

describe('a blood group that differs from the donor history', () => {
  beforeEach(() => localStorage.clear());

  it("a technician is asked for a reason beside 'Guardar', and the donation comes back flagged", async () => {
    signIn(TECNICO);
    const enviados: Record<string, unknown>[] = [];
    const capturar = (v: Record<string, unknown>) => {
      enviados.push(v.input as Record<string, unknown>);
      return true;
    };
    const marcada = donacion({ abo: 'B', grupoDiscordante: true, grupoMotivo: 'Tipificado dos veces' });
    renderPage(donacion(), [
      { request: { query: UpdateResultadosDonacionDocument, variables: capturar }, result: rechazoDeGrupo },
      {
        request: { query: UpdateResultadosDonacionDocument, variables: capturar },
        result: {
          data: { updateResultadosDonacion: { message: MSG.donacionActualizada, donacion: marcada } },
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    expect(screen.queryByText('Grupo discordante')).toBeNull();
    fireEvent.change(within(form()).getByLabelText(/Grupo ABO/), { target: { value: 'B' } });
    await userEvent.click(within(form()).getByRole('button', { name: 'Guardar resultados' }));

    const confirmacion = await within(form()).findByRole('group', { name: 'Confirmación del grupo' });
    expect(within(confirmacion).getByRole('alert')).toHaveTextContent(RECHAZO);
    expect(enviados).toEqual([expect.not.objectContaining({ confirmarGrupo: expect.anything() })]);
    // No error alert above the form: the refusal is read beside the button.
    expect(screen.queryByText(MSG.errorActualizarDonacion)).toBeNull();

    const confirmar = within(form()).getByRole('button', { name: 'Confirmar grupo y guardar' });
    await userEvent.click(confirmar);
    expect(await within(confirmacion).findByText(MSG.requerido)).toBeInTheDocument();
    expect(enviados).toHaveLength(1);

    await userEvent.type(
      within(confirmacion).getByLabelText(/Motivo de la confirmación del grupo/),
      'Tipificado dos veces',
    );
    await userEvent.click(confirmar);
    await waitFor(() => expect(enviados).toHaveLength(2));
    expect(enviados[1]).toMatchObject({
      abo: 'B',
      rh: 'POSITIVO',
      confirmarGrupo: true,
      motivoGrupo: 'Tipificado dos veces',
    });
    const panel = await screen.findByRole('region', { name: 'Grupo y factor: B+' });
    expect(within(panel).getByText('Grupo discordante')).toBeInTheDocument();
    expect(within(panel).getByText('Motivo: Tipificado dos veces')).toBeInTheDocument();
    expect(within(form()).queryByRole('group', { name: 'Confirmación del grupo' })).toBeNull();
    expect(within(form()).getByRole('button', { name: 'Guardar resultados' })).toBeInTheDocument();
  });

  it('going back to the recorded group leaves the confirmation: the refusal is for the group refused', async () => {
    signIn(TECNICO);
    renderPage(donacion(), [
      { request: { query: UpdateResultadosDonacionDocument, variables: () => true }, result: rechazoDeGrupo },
    ]);
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    fireEvent.change(within(form()).getByLabelText(/Grupo ABO/), { target: { value: 'B' } });
    await userEvent.click(within(form()).getByRole('button', { name: 'Guardar resultados' }));
    await within(form()).findByRole('group', { name: 'Confirmación del grupo' });
    fireEvent.change(within(form()).getByLabelText(/Grupo ABO/), { target: { value: 'A' } });
    expect(within(form()).queryByRole('group', { name: 'Confirmación del grupo' })).toBeNull();
    expect(within(form()).getByRole('button', { name: 'Guardar resultados' })).toBeInTheDocument();
  });

  it('anyone else reads that a doctor or a technician must confirm it, and is asked no reason', async () => {
    signIn(ADMINISTRATIVO);
    renderPage(donacion(), [
      { request: { query: UpdateResultadosDonacionDocument, variables: () => true }, result: rechazoDeGrupo },
    ]);
    await screen.findByRole('heading', { name: 'Donación N° 1001' });
    fireEvent.change(within(form()).getByLabelText(/Grupo ABO/), { target: { value: 'B' } });
    await userEvent.click(within(form()).getByRole('button', { name: 'Guardar resultados' }));
    const confirmacion = await within(form()).findByRole('group', { name: 'Confirmación del grupo' });
    expect(within(confirmacion).getByRole('alert')).toHaveTextContent(RECHAZO);
    expect(within(confirmacion).getByText(MSG.soloMedicoTecnicoGrupo)).toBeInTheDocument();
    expect(within(confirmacion).queryByLabelText(/Motivo de la confirmación del grupo/)).toBeNull();
    expect(within(form()).queryByRole('button', { name: 'Confirmar grupo y guardar' })).toBeNull();
  });

  it('a technician records the repeat typing: one value is kept and the flag ends', async () => {
    signIn(TECNICO);
    const enviados: unknown[] = [];
    renderPage(donacion({ abo: 'B', grupoDiscordante: true, grupoMotivo: 'Muestra nueva' }), [
      {
        request: {
          query: RegistrarRetipificacionDocument,
          variables: (v: unknown) => {
            enviados.push(v);
            return true;
          },
        },
        result: { data: { registrarRetipificacion: donacion({ abo: 'A' }) } },
      },
    ]);
    const panel = await screen.findByRole('region', { name: 'Grupo y factor: B+' });
    expect(within(panel).getByText('Grupo discordante')).toHaveAttribute('title', 'Motivo: Muestra nueva');
    expect(within(panel).getByText('Motivo: Muestra nueva')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: RETIPIFICAR }));
    const retipificar = within(panel).getByRole('form', { name: RETIPIFICAR });
    fireEvent.change(within(retipificar).getByLabelText(/Grupo ABO/), { target: { value: 'A' } });
    await userEvent.click(within(retipificar).getByRole('button', { name: 'Confirmar tipificación' }));
    await waitFor(() => expect(enviados).toEqual([{ donacionId: 'x1', abo: 'A', rh: 'POSITIVO' }]));
    await waitFor(() => expect(screen.queryByText('Grupo discordante')).toBeNull());
    expect(screen.queryByRole('region', { name: /Grupo y factor/ })).toBeNull();
  });

  it('a refused repeat typing shows why beside it, and the flag stays', async () => {
    signIn(TECNICO);
    const marcada = donacion({ abo: 'B', grupoDiscordante: true, grupoMotivo: 'Muestra nueva' });
    renderPage(marcada, [
      {
        request: { query: RegistrarRetipificacionDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Datos inválidos', {
              extensions: {
                code: 'BAD_USER_INPUT',
                errors: [{ field: 'abo', msg: MSG.retipificacionNoCorresponde }],
              },
            }),
          ],
        },
      },
    ]);
    const panel = await screen.findByRole('region', { name: 'Grupo y factor: B+' });
    await userEvent.click(within(panel).getByRole('button', { name: RETIPIFICAR }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirmar tipificación' }));
    expect(await within(panel).findByText(MSG.retipificacionNoCorresponde)).toBeInTheDocument();
    expect(within(panel).getByText('Grupo discordante')).toBeInTheDocument();
  });

  it('an administrative sees the flag and who must type it again, with no button', async () => {
    signIn(ADMINISTRATIVO);
    renderPage(donacion({ abo: 'B', grupoDiscordante: true, grupoMotivo: 'Muestra nueva' }), []);
    const panel = await screen.findByRole('region', { name: 'Grupo y factor: B+' });
    expect(within(panel).getByText('Grupo discordante')).toBeInTheDocument();
    expect(within(panel).getByText(MSG.soloMedicoTecnicoGrupo)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: RETIPIFICAR })).toBeNull();
  });

  it("the donor's donations flag the discordant one with its reason, in the group column", async () => {
    signIn(TECNICO);
    const marcada = donacion({
      id: 'x2',
      numero: 1002,
      abo: 'B',
      grupoDiscordante: true,
      grupoMotivo: 'Muestra nueva',
    });
    renderWithProviders(
      <Routes>
        <Route path="/donaciones/donante/:donanteId" element={<DonacionesDonantePage />} />
      </Routes>,
      {
        route: '/donaciones/donante/d1',
        mocks: [
          {
            request: { query: DonacionesDeDonanteDocument, variables: { donanteId: 'd1' } },
            result: { data: { donacionesDeDonante: [marcada, donacion()] } },
          },
          ...paginaDonanteMocks('d1'),
        ],
      },
    );
    const t = await screen.findByRole('table', { name: 'Donaciones del donante' });
    const [primera, segunda] = within(t).getAllByRole('row').slice(1);
    expect(primera).toHaveTextContent('B+');
    expect(within(primera).getByText('Grupo discordante')).toBeInTheDocument();
    expect(within(primera).getByText('Motivo: Muestra nueva')).toBeInTheDocument();
    expect(within(segunda).queryByText('Grupo discordante')).toBeNull();
  });
});
