import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@domain/messages';
import { UpdateCodigoInstalacionDocument, UpdateVidaUtilComponenteDocument } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { ComponentesOpciones } from './componentes-opciones';
import { FUENTE_GR, limpiar, opcionesComponentesMock, renderTarjeta } from './test-data';

jest.setTimeout(30000);

const ID = 's-1';

const renderCard = (mocks: MockedResponses, editable = true) =>
  renderTarjeta(ComponentesOpciones, editable ? 'ROL_SERVICIO' : 'ROL_TECNICO', [
    opcionesComponentesMock(ID),
    ...mocks,
  ]);

afterEach(limpiar);

describe("Opciones > Generales: 'Componentes'", () => {
  it('shows the assigned facility code, each shelf life with its default and source', async () => {
    renderCard([]);
    expect(
      await screen.findByText('Código de instalación: 90001 (asignado por la instalación)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Una vez que hay unidades producidas ya no puede cambiarse/)).toBeInTheDocument();
    const tabla = screen.getByRole('table', { name: 'Vida útil de los componentes' });
    const gr = tabla.querySelector('tr[data-tipo="GLOBULOS_ROJOS"]') as HTMLElement;
    expect(gr).toHaveTextContent('Concentrado de glóbulos rojos');
    expect(gr).toHaveTextContent('42 días');
    expect(gr).toHaveTextContent(FUENTE_GR);
    expect(
      within(gr).getByRole('textbox', { name: 'Vida útil de Concentrado de glóbulos rojos (días)' }),
    ).toHaveValue('42');
  });

  it('saves a shelf life within bounds, and refuses one out of them on the screen', async () => {
    renderCard([
      {
        request: { query: UpdateVidaUtilComponenteDocument, variables: { tipo: 'PLAQUETAS', dias: 7 } },
        result: { data: { updateVidaUtilComponente: [] } },
      },
      opcionesComponentesMock(ID),
    ]);
    const campo = await screen.findByRole('textbox', {
      name: 'Vida útil de Concentrado de plaquetas (días)',
    });
    const guardar = screen.getByRole('button', { name: 'Guardar la vida útil de Concentrado de plaquetas' });
    expect(guardar).toBeDisabled();
    await userEvent.clear(campo);
    await userEvent.type(campo, '8');
    expect(await screen.findByText(MSG.vidaUtilFueraDeRango(1, 7))).toBeInTheDocument();
    expect(guardar).toBeDisabled();
    await userEvent.clear(campo);
    await userEvent.type(campo, '7');
    await userEvent.click(guardar);
    expect(await screen.findByText('Vida útil de Concentrado de plaquetas guardada')).toBeInTheDocument();
  });

  it('takes an ICCBBA FIN (a letter and four digits) and shows the server refusal once units exist', async () => {
    renderCard([
      {
        request: { query: UpdateCodigoInstalacionDocument, variables: { codigo: 'A1234' } },
        result: {
          errors: [{ message: MSG.codigoInstalacionConComponentes }],
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Código de instalación' });
    const campo = within(form).getByRole('textbox', { name: 'Código ICCBBA (FIN)' });
    await userEvent.type(campo, '91234');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar código' }));
    expect(await screen.findByText(MSG.codigoInstalacionInvalido)).toBeInTheDocument();
    await userEvent.clear(campo);
    await userEvent.type(campo, 'a1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar código' }));
    expect(await screen.findByText(MSG.codigoInstalacionConComponentes)).toBeInTheDocument();
  });

  it('other roles read it: no fields, no buttons', async () => {
    renderCard([], false);
    expect(
      await screen.findByText('Código de instalación: 90001 (asignado por la instalación)'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Código de instalación' })).toBeNull();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Vida útil de los componentes' })).toHaveTextContent('5 días');
  });
});
