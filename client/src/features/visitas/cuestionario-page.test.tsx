import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { CuestionarioDocument, UpdateCuestionarioDocument } from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { CuestionarioPage, toPreguntaInput } from './cuestionario-page';

jest.setTimeout(30000);

const P1 = {
  __typename: 'PreguntaCuestionario' as const,
  id: 'p1',
  clave: 'P01',
  texto: '¿Se siente bien de salud hoy?',
  tipo: 'SI_NO' as const,
  confidencial: false,
  orden: 1,
  activa: true,
  difiereSi: 'NO' as const,
  diferimientoDias: 7,
  definitivo: false,
  motivoCodigo: 'ESTADO_GENERAL',
};

function renderPagina(rol: Rol, extra: unknown[] = []) {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/opciones/cuestionario" element={<CuestionarioPage />} />
    </Routes>,
    {
      route: '/opciones/cuestionario',
      mocks: [
        { request: { query: CuestionarioDocument }, result: { data: { cuestionario: [P1] } } },
        ...extra,
      ] as never,
    },
  );
}

describe('the questionnaire page', () => {
  it('sends a deferring question with its days and code, and a question without a deferral without them', () => {
    expect(
      toPreguntaInput({
        id: 'p1',
        texto: 'x',
        tipo: 'SI_NO',
        confidencial: true,
        activa: true,
        difiereSi: 'SI',
        dias: '30',
        definitivo: false,
        motivoCodigo: 'vacuna',
      }),
    ).toEqual({
      id: 'p1',
      texto: 'x',
      tipo: 'SI_NO',
      confidencial: true,
      activa: true,
      difiereSi: 'SI',
      diferimientoDias: 30,
      definitivo: false,
      motivoCodigo: 'VACUNA',
    });
    expect(
      toPreguntaInput({
        id: null,
        texto: 'y',
        tipo: 'TEXTO',
        confidencial: false,
        activa: true,
        difiereSi: '',
        dias: '5',
        definitivo: true,
        motivoCodigo: 'X',
      }),
    ).toEqual({
      texto: 'y',
      tipo: 'TEXTO',
      confidencial: false,
      activa: true,
      difiereSi: null,
      diferimientoDias: 0,
      definitivo: false,
      motivoCodigo: null,
    });
  });

  it('is read only for a technician', async () => {
    renderPagina('ROL_TECNICO');
    expect(await screen.findByDisplayValue('¿Se siente bien de salud hoy?')).toBeDisabled();
    expect(screen.getByText(MSG.soloMedicoCuestionario)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cuestionario' })).not.toBeInTheDocument();
  });

  it('lets a doctor change a question and save', async () => {
    const guardado = { ...P1, texto: '¿Se siente bien hoy?' };
    renderPagina('ROL_MEDICO', [
      {
        request: {
          query: UpdateCuestionarioDocument,
          variables: {
            preguntas: [
              {
                id: 'p1',
                texto: '¿Se siente bien hoy?',
                tipo: 'SI_NO',
                confidencial: false,
                activa: true,
                difiereSi: 'NO',
                diferimientoDias: 7,
                definitivo: false,
                motivoCodigo: 'ESTADO_GENERAL',
              },
            ],
          },
        },
        result: { data: { updateCuestionario: [guardado] } },
      },
    ]);
    const texto = await screen.findByLabelText('Texto de la pregunta 1');
    await userEvent.clear(texto);
    await userEvent.type(texto, '¿Se siente bien hoy?');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cuestionario' }));
    expect(await screen.findByText(MSG.cuestionarioGuardado)).toBeInTheDocument();
  });
});
