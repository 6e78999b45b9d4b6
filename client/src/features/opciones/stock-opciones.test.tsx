import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DIAS_AVISO_MAX, DIAS_AVISO_MIN } from '@domain/stock';
import { MSG } from '@domain/messages';
import { UpdateAvisoVencimientoDocument, UpdateVentanaTrazabilidadDocument } from '@/generated/graphql';
import type { MockedResponses } from '@/test-utils';
import { StockOpciones } from './stock-opciones';
import { limpiar, opcionesStockMock, renderTarjeta } from './test-data';

jest.setTimeout(30000);

const renderCard = (mocks: MockedResponses, editable = true) =>
  renderTarjeta(StockOpciones, editable ? 'ROL_SERVICIO' : 'ROL_TECNICO', [opcionesStockMock(), ...mocks]);

afterEach(limpiar);

describe("Opciones > Generales: 'Stock y trazabilidad'", () => {
  it('saves a warning-day count and the look-back window; refuses one out of bounds on the screen', async () => {
    renderCard([
      {
        request: { query: UpdateAvisoVencimientoDocument, variables: { tipo: 'GLOBULOS_ROJOS', dias: 10 } },
        result: {
          data: {
            updateAvisoVencimiento: [
              { __typename: 'AvisoVencimiento', tipo: 'GLOBULOS_ROJOS', dias: 10, predeterminado: 7 },
            ],
          },
        },
      },
      opcionesStockMock(),
      {
        request: { query: UpdateVentanaTrazabilidadDocument, variables: { meses: 18 } },
        result: { data: { updateVentanaTrazabilidad: 18 } },
      },
      opcionesStockMock(18),
    ]);
    const user = userEvent.setup();
    const tabla = await screen.findByRole('table', { name: 'Aviso de vencimiento de los componentes' });
    const gr = tabla.querySelector('tr[data-tipo="GLOBULOS_ROJOS"]') as HTMLElement;
    const campo = within(gr).getByRole('textbox', {
      name: 'Aviso de vencimiento de Concentrado de glóbulos rojos (días)',
    });
    await user.clear(campo);
    await user.type(campo, '999');
    expect(
      within(gr).getByText(MSG.diasAvisoFueraDeRango(DIAS_AVISO_MIN, DIAS_AVISO_MAX)),
    ).toBeInTheDocument();
    await user.clear(campo);
    await user.type(campo, '10');
    await user.click(within(gr).getByRole('button', { name: /^Guardar el aviso/ }));
    expect(
      await screen.findByText('Aviso de vencimiento de Concentrado de glóbulos rojos guardado'),
    ).toBeInTheDocument();

    const ventana = screen.getByRole('textbox', { name: /Ventana de la trazabilidad inversa/ });
    expect(ventana).toHaveValue('12');
    await user.clear(ventana);
    await user.type(ventana, '18');
    await user.click(screen.getByRole('button', { name: 'Guardar la ventana de la trazabilidad inversa' }));
    expect(await screen.findByText('Ventana de la trazabilidad inversa guardada')).toBeInTheDocument();
  });

  it('another role reads them', async () => {
    renderCard([], false);
    expect(await screen.findByText('Ventana de la trazabilidad inversa: 12 meses')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Guardar/ })).toBeNull();
  });
});
