import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@domain/messages';
import {
  CerrarTrazabilidadDocument,
  RegistrarNotificacionDocument,
  TrazabilidadesDocument,
} from '@/generated/graphql';
import type { Rol, TrazabilidadDatosFragment } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import { TrazabilidadLista } from './trazabilidad-lista';

jest.setTimeout(30000);

const t = {
  __typename: 'Trazabilidad',
  id: 'tz-1',
  abierta: true,
  creadaEn: '2026-11-26T13:30:00.000Z',
  desde: '2025-11-26',
  donacionNumero: 9,
  origen: 'Donación N° 9',
  causa: 'HIV',
  servicio: 'Servicio de Hemoterapia Central',
  unidades: [
    {
      __typename: 'UnidadTrazabilidad',
      componenteId: 'c-1',
      codigo: '9000126000004GR1K',
      tipo: 'GLOBULOS_ROJOS',
      estado: 'DESPACHADO',
      accion: 'NOTIFICAR',
      destino: 'Hospital Español',
      servicio: 'Servicio de Hemoterapia Central',
      notificada: false,
    },
    {
      __typename: 'UnidadTrazabilidad',
      componenteId: 'c-2',
      codigo: '9000126000004PF1K',
      tipo: 'PLASMA_FRESCO_CONGELADO',
      estado: 'DESCARTADO',
      accion: 'RETIRADA',
      destino: null,
      servicio: 'Hemoterapia Norte',
      notificada: false,
    },
  ],
  notificaciones: [],
} as unknown as TrazabilidadDatosFragment;

const notificada = {
  ...t,
  unidades: [{ ...t.unidades[0], notificada: true }, t.unidades[1]],
  notificaciones: [
    {
      __typename: 'NotificacionTrazabilidad',
      id: 'n-1',
      componenteId: 'c-1',
      medio: 'TELEFONO',
      notificado: 'Hospital Español, Dra. Gómez',
      notificadoEn: '2026-11-26T14:00:00.000Z',
      respuesta: 'No transfundida, se descarta',
      registradoPor: 'Médica Uno',
      servicio: 'Servicio de Hemoterapia Central',
    },
  ],
} as unknown as TrazabilidadDatosFragment;

const lista = (trazabilidades: TrazabilidadDatosFragment[]) => ({
  request: { query: TrazabilidadesDocument },
  result: { data: { trazabilidades } },
});

function render(mocks: MockedResponses, rol: Rol = 'ROL_MEDICO') {
  signIn(testUsuario({ rol }));
  renderWithProviders(<TrazabilidadLista />, { mocks });
}

afterEach(() => localStorage.clear());

describe('Trazabilidad inversa', () => {
  it('lists the units with their action, refuses closing while one awaits notice, records a notification', async () => {
    render([
      lista([t]),
      {
        request: { query: CerrarTrazabilidadDocument, variables: { id: 'tz-1' } },
        result: { errors: [{ message: MSG.requerido }] },
      },
      {
        request: {
          query: RegistrarNotificacionDocument,
          variables: {
            id: 'tz-1',
            input: {
              componenteId: 'c-1',
              notificado: 'Hospital Español, Dra. Gómez',
              medio: 'TELEFONO',
              respuesta: 'No transfundida, se descarta',
            },
          },
        },
        result: { data: { registrarNotificacion: notificada } },
      },
      lista([notificada]),
    ]);
    const region = await screen.findByRole('region', {
      name: 'Trazabilidad de la Donación N° 9 (Servicio de Hemoterapia Central)',
    });
    const filas = within(region).getAllByRole('row').slice(1);
    expect(filas[0]).toHaveTextContent('90001 26 000004 GR1 K');
    expect(filas[0]).toHaveTextContent('Hospital Español');
    expect(filas[0]).toHaveTextContent('Notificar al destino');
    expect(filas[0]).toHaveTextContent('Falta notificar');
    expect(filas[1]).toHaveTextContent('Retirada del stock');
    expect(filas[1]).toHaveTextContent('Hemoterapia Norte');

    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Cerrar' }));
    expect(await within(region).findByText(MSG.requerido)).toBeInTheDocument();

    await user.type(within(region).getByLabelText(/A quién se notificó/), 'Hospital Español, Dra. Gómez');
    await user.type(within(region).getByLabelText('Respuesta'), 'No transfundida, se descarta');
    await user.click(within(region).getByRole('button', { name: 'Registrar notificación' }));
    expect(
      await within(region).findByText(
        /Hospital Español, Dra\. Gómez · Teléfono · unidad 90001 26 000004 GR1 K/,
      ),
    ).toBeInTheDocument();
    expect(within(region).getAllByRole('row')[1]).toHaveTextContent('Notificada');
  });

  it('a technician reads the work-list but neither records nor closes', async () => {
    render([lista([t])], 'ROL_TECNICO');
    const region = await screen.findByRole('region', { name: /Trazabilidad de la Donación N° 9/ });
    expect(within(region).queryByRole('button', { name: 'Registrar notificación' })).toBeNull();
    // Within the look-back: a toast the previous test left still has its own 'Cerrar'.
    expect(within(region).queryByRole('button', { name: 'Cerrar' })).toBeNull();
  });
});
