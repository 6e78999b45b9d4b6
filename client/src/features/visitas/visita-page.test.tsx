import { gql } from '@apollo/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import {
  ConfirmarEntrevistaDocument,
  CuestionarioDocument,
  ResponderEntrevistaDocument,
  VisitaDocument,
} from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { VisitaPage } from './visita-page';

jest.setTimeout(30000);

const hoy = todayIso();

const pregunta = (over: { id: string; orden: number; texto: string } & Record<string, unknown>) => ({
  __typename: 'PreguntaCuestionario' as const,
  clave: 'P01',
  tipo: 'SI_NO' as const,
  confidencial: false,
  activa: true,
  difiereSi: null,
  diferimientoDias: 0,
  definitivo: false,
  motivoCodigo: null,
  ...over,
});

const PREGUNTAS = [
  pregunta({
    id: 'p1',
    orden: 1,
    texto: '¿Recibió alguna vacuna en el último mes?',
    difiereSi: 'SI',
    diferimientoDias: 28,
    motivoCodigo: 'VACUNA',
  }),
  pregunta({
    id: 'p2',
    clave: 'P02',
    orden: 2,
    texto: '¿Usó alguna vez drogas inyectables o compartió agujas o jeringas?',
    confidencial: true,
    difiereSi: 'SI',
    definitivo: true,
    motivoCodigo: 'DROGAS_INYECTABLES',
  }),
];

/** The visit as the server answers `rol`: a confidential answer's value only to a doctor. */
function visita(medico: boolean) {
  return {
    __typename: 'Visita' as const,
    id: 'v1',
    donanteId: 'd1',
    fecha: hoy,
    hora: '09:15',
    estado: 'EN_CURSO' as const,
    recibidoPor: 'Ana Recepción',
    entrevistador: 'Ana Recepción',
    confirmadaPor: null,
    confirmadaEn: null,
    declaracionFirmada: false,
    testigoDeclaracion: null,
    consentimientoFirmado: false,
    testigoConsentimiento: null,
    donacionId: null,
    donacionNumero: null,
    noAptoId: null,
    motivoNoApto: null,
    respuestas: [
      {
        __typename: 'RespuestaEntrevista' as const,
        preguntaId: 'p1',
        orden: 1,
        texto: PREGUNTAS[0].texto,
        tipo: 'SI_NO' as const,
        confidencial: false,
        valor: 'NO',
        difiere: false,
        motivoCodigo: null,
      },
      {
        __typename: 'RespuestaEntrevista' as const,
        preguntaId: 'p2',
        orden: 2,
        texto: PREGUNTAS[1].texto,
        tipo: 'SI_NO' as const,
        confidencial: true,
        valor: medico ? 'NO' : null,
        difiere: medico ? false : null,
        motivoCodigo: null,
      },
    ],
    diferimiento: null,
    donante: {
      __typename: 'Donante' as const,
      id: 'd1',
      nombre: 'Rosa',
      apellido: 'Quiroga',
      dni: '30111222',
      sexo: 'Femenino',
      fechaNacimiento: '1990-05-10',
    },
  };
}

/** The page's Apollo client, to look at its cache. */
let cliente: ApolloClient | null = null;
function Sonda() {
  cliente = useApolloClient();
  return null;
}

function renderPagina(rol: Rol, extra: MockedResponses = []) {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route
        path="/visitas/:id"
        element={
          <>
            <Sonda />
            <VisitaPage />
          </>
        }
      />
    </Routes>,
    {
      route: '/visitas/v1',
      mocks: [
        {
          request: { query: VisitaDocument, variables: { id: 'v1' } },
          result: { data: { visita: visita(rol === 'ROL_MEDICO') } },
        },
        { request: { query: CuestionarioDocument }, result: { data: { cuestionario: PREGUNTAS } } },
        ...extra,
      ],
    },
  );
}

describe('the visit page', () => {
  it('hides a confidential answer from a technician, who may not confirm nor donate yet', async () => {
    renderPagina('ROL_TECNICO');
    const confidencial = await screen.findByRole('combobox', { name: /2\. ¿Usó alguna vez drogas/ });
    expect(confidencial).toHaveValue('');
    expect(confidencial).toHaveDisplayValue(MSG.respuestaConfidencial);
    expect(screen.getByRole('combobox', { name: /1\. ¿Recibió alguna vacuna/ })).toHaveValue('NO');
    expect(screen.getByText('Confidencial')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar entrevista' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar donación' })).toBeDisabled();
    expect(screen.getAllByText(MSG.entrevistaSinConfirmar).length).toBeGreaterThan(0);
  });

  it("saves a technician's answers without the confidential one they cannot read: the server keeps it", async () => {
    const guardada = jest.fn(() => ({ data: { responderEntrevista: visita(false) } }));
    renderPagina('ROL_TECNICO', [
      {
        request: {
          query: ResponderEntrevistaDocument,
          variables: { visitaId: 'v1', respuestas: [{ preguntaId: 'p1', valor: 'NO' }] },
        },
        result: guardada,
      },
    ]);
    // Once the questionnaire is in (its loading overlay gone), the answers can be saved.
    await screen.findByRole('combobox', { name: /1\. ¿Recibió alguna vacuna/ });
    const guardar = screen.getByRole('button', { name: 'Guardar respuestas' });
    await waitFor(() => userEvent.click(guardar));
    expect(await screen.findByText('Respuestas guardadas')).toBeInTheDocument();
    expect(guardada).toHaveBeenCalledTimes(1);
  });

  it("a doctor's confirmation drops every cached donor's eligibility and the day's visits", async () => {
    const terminada = {
      ...visita(true),
      estado: 'NO_APTO' as const,
      confirmadaPor: 'Dra. Uno',
      confirmadaEn: `${hoy}T12:00:00.000Z`,
    };
    renderPagina('ROL_MEDICO', [
      {
        request: { query: ConfirmarEntrevistaDocument, variables: { visitaId: 'v1' } },
        result: { data: { confirmarEntrevista: terminada } },
      },
    ]);
    await screen.findByRole('combobox', { name: /1\. ¿Recibió alguna vacuna/ });
    // What a donor list read earlier left in the cache: another donor's eligibility, and the day's visits.
    const cache = cliente!.cache;
    cache.writeFragment({
      id: 'Donante:d9',
      fragment: gql`
        fragment Previo on Donante {
          id
          puedeDonar
        }
      `,
      data: { __typename: 'Donante', id: 'd9', puedeDonar: true },
    });
    cache.modify({
      id: 'ROOT_QUERY',
      fields: { visitas: () => ({ __typename: 'VisitasPage', items: [], total: 0 }) },
    });
    const antes = cache.extract() as Record<string, Record<string, unknown>>;
    expect(antes['Donante:d9']).toHaveProperty('puedeDonar', true);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar entrevista' }));
    expect(await screen.findByText("Entrevista confirmada: la visita terminó 'No apto'")).toBeInTheDocument();
    const despues = cache.extract() as Record<string, Record<string, unknown>>;
    expect(despues['Donante:d9'] ?? {}).not.toHaveProperty('puedeDonar');
    expect(Object.keys(despues.ROOT_QUERY ?? {}).filter((k) => k.startsWith('visitas'))).toEqual([]);
  });

  it('shows a doctor the answer and the consequence of a deferring one, and offers the confirmation', async () => {
    renderPagina('ROL_MEDICO');
    const vacuna = await screen.findByRole('combobox', { name: /1\. ¿Recibió alguna vacuna/ });
    expect(screen.getByRole('combobox', { name: /2\. ¿Usó alguna vez drogas/ })).toHaveValue('NO');
    expect(screen.getByRole('button', { name: 'Confirmar entrevista' })).toBeInTheDocument();
    await userEvent.selectOptions(vacuna, 'SI');
    expect(screen.getByText('Difiere al donante por 28 días (VACUNA)')).toBeInTheDocument();
  });
});
