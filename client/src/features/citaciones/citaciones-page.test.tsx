import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import { CitacionesDocument } from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { CITACIONES_PAGE_SIZE, CitacionesPage } from './citaciones-page';

jest.setTimeout(30000);

const hoy = todayIso();

/** A citación as the server answers `rol`: the reason and what was told only to a doctor. */
function citacion(medico: boolean) {
  return {
    __typename: 'Citacion' as const,
    id: 'c1',
    donanteId: 'd1',
    donacionId: medico ? 'x1' : null,
    motivo: medico ? ('RESULTADO_REACTIVO_CONFIRMATORIO' as const) : null,
    detalle: null,
    motivoTexto: medico
      ? 'Resultado reactivo: nueva muestra para la prueba confirmatoria'
      : MSG.citacionPendiente,
    estado: 'PENDIENTE' as const,
    cita: null,
    asistioEn: null,
    informado: null,
    derivacion: null,
    cerradaEn: null,
    motivoCierre: null,
    creadaEn: `${hoy}T10:00:00.000Z`,
    donante: {
      __typename: 'Donante' as const,
      id: 'd1',
      nombre: 'Rosa',
      apellido: 'Quiroga',
      dni: '30111222',
      telefono: '3415551234',
      email: null,
    },
    intentos: [
      {
        __typename: 'IntentoCitacion' as const,
        id: 'i1',
        fecha: hoy,
        medio: 'TELEFONO' as const,
        resultado: 'No contesta',
        registradoPor: 'Ana Oficina',
      },
    ],
  };
}

const listaMock = (medico: boolean) => ({
  request: {
    query: CitacionesDocument,
    variables: { filtro: { abiertas: true }, page: { offset: 0, limit: CITACIONES_PAGE_SIZE } },
  },
  result: {
    data: {
      citaciones: {
        __typename: 'CitacionesPage' as const,
        total: 1,
        offset: 0,
        limit: CITACIONES_PAGE_SIZE,
        items: [citacion(medico)],
      },
    },
  },
});

function renderPagina(rol: Rol) {
  signIn(testUsuario({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/citaciones" element={<CitacionesPage />} />
    </Routes>,
    { route: '/citaciones', mocks: [listaMock(rol === 'ROL_MEDICO')] },
  );
}

afterEach(() => localStorage.clear());

describe('/citaciones: the call-back list', () => {
  it('a doctor sees the reason and the forms to record the attendance and close', async () => {
    renderPagina('ROL_MEDICO');
    const tabla = await screen.findByRole('table', { name: 'Citaciones' });
    const fila = within(tabla).getAllByRole('row')[1];
    expect(fila).toHaveTextContent('Quiroga, Rosa');
    expect(fila).toHaveTextContent('Resultado reactivo: nueva muestra para la prueba confirmatoria');
    await userEvent.click(within(fila).getByRole('button', { name: 'Ver la citación de Quiroga, Rosa' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('No contesta')).toBeInTheDocument();
    expect(within(dialogo).getByRole('form', { name: 'Asistencia' })).toBeInTheDocument();
    expect(within(dialogo).getByRole('form', { name: 'Cierre' })).toBeInTheDocument();
  });

  it('another role sees only that a call is due, and records attempts and the appointment', async () => {
    renderPagina('ROL_ADMINISTRATIVO');
    const tabla = await screen.findByRole('table', { name: 'Citaciones' });
    const fila = within(tabla).getAllByRole('row')[1];
    expect(fila).toHaveTextContent(MSG.citacionPendiente);
    expect(screen.queryByText(/Resultado reactivo/)).toBeNull();
    await userEvent.click(within(fila).getByRole('button', { name: 'Ver la citación de Quiroga, Rosa' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByRole('form', { name: 'Intento de comunicación' })).toBeInTheDocument();
    expect(within(dialogo).getByRole('form', { name: 'Cita' })).toBeInTheDocument();
    expect(within(dialogo).queryByRole('form', { name: 'Cierre' })).toBeNull();
    expect(within(dialogo).getByText(MSG.soloMedicoCitacion)).toBeInTheDocument();
  });
});
