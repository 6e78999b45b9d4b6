import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MSG } from '@domain/messages';
import { PanelResultadosDocument, UpdatePanelResultadosDocument } from '@/generated/graphql';
import type { MarcadorAdicional, Rol } from '@/generated/graphql';
import { toaster } from '@/components/toast';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { PanelResultados } from './panel-resultados';

jest.setTimeout(30000);

const panel = (marcadoresAdicionales: MarcadorAdicional[]) => ({
  __typename: 'Servicio' as const,
  id: testUsuario().id,
  marcadoresAdicionales,
});
const panelMock = (marcadores: MarcadorAdicional[]) => ({
  request: { query: PanelResultadosDocument },
  result: { data: { servicio: panel(marcadores) } },
});

function renderPanel(rol: Rol, mocks: MockedResponses) {
  signIn(testUsuario({ rol }));
  renderWithProviders(<PanelResultados editable={rol === 'ROL_SERVICIO'} />, { mocks });
}

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

describe('Panel de laboratorio', () => {
  it('the administrator ticks the NAT tests the servicio runs and saves them with a toast', async () => {
    renderPanel('ROL_SERVICIO', [
      panelMock(['NAT_HCV']),
      {
        request: { query: UpdatePanelResultadosDocument, variables: { marcadores: ['NAT_HIV', 'NAT_HCV'] } },
        result: { data: { updatePanelResultados: panel(['NAT_HIV', 'NAT_HCV']) } },
      },
    ]);
    const hiv = await screen.findByRole('checkbox', { name: 'NAT HIV' });
    expect(screen.getByText(/tamizaje nacional \(HIV 1\/2, HBsAg/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'NAT HCV' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'NAT HBV' })).not.toBeChecked();
    const guardar = screen.getByRole('button', { name: 'Guardar panel' });
    expect(guardar).toBeDisabled();
    await userEvent.click(hiv);
    expect(hiv).toBeChecked();
    expect(guardar).toBeEnabled();
    await userEvent.click(guardar);
    expect(await screen.findByText(MSG.panelResultadosGuardado)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'NAT HIV' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Guardar panel' })).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    renderPanel('ROL_SERVICIO', [
      panelMock([]),
      {
        request: { query: UpdatePanelResultadosDocument, variables: { marcadores: ['NAT_HBV'] } },
        result: { errors: [new GraphQLError('No tiene permiso para realizar esta acción')] },
      },
    ]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'NAT HBV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar panel' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No tiene permiso para realizar esta acción')).toBeInTheDocument();
  });

  it('staff read the panel without checkboxes', async () => {
    renderPanel('ROL_MEDICO', [panelMock(['NAT_HIV', 'NAT_HBV'])]);
    expect(await screen.findByText('Pruebas agregadas: NAT HIV, NAT HBV')).toBeInTheDocument();
    expect(screen.getByText(/Solo el administrador del servicio puede modificarlo/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar panel' })).not.toBeInTheDocument();
  });
});
