import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@domain/messages';
import { TIPO_REACCION_LABELS } from '@domain/reacciones';
import { toaster } from '@/components/toast';
import { DonanteDocument, ReaccionesDonacionDocument, RegistrarReaccionDocument } from '@/generated/graphql';
import { renderWithProviders, signIn } from '@/test-utils';
import { AvisoReaccionSevera, ReaccionesDonacion } from './reacciones-donacion';
import { donanteDatos } from './test-data';

jest.setTimeout(30000);

const reaccion = {
  __typename: 'ReaccionDonante' as const,
  id: 'r1',
  tipo: 'VASOVAGAL_CON_PERDIDA_CONCIENCIA' as const,
  severidad: 'SEVERA' as const,
  hora: '10:45',
  tratamiento: 'Trendelenburg',
  evolucion: null,
  detalle: null,
  registradaPor: 'Ana Gómez',
  registradaEn: '2026-11-26T13:45:00.000Z',
};

const lista = (reacciones: object[]) => ({
  request: { query: ReaccionesDonacionDocument, variables: { id: 'x1' } },
  result: { data: { donacion: { __typename: 'Donacion' as const, id: 'x1', reacciones } } },
});

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

describe('donor reactions on the donation sheet', () => {
  it('records a coded reaction; a citrate one at a whole-blood donation is refused before any call', async () => {
    signIn();
    renderWithProviders(<ReaccionesDonacion donacionId="x1" donanteId="d1" aferesis={false} />, {
      mocks: [
        lista([]),
        {
          request: {
            query: RegistrarReaccionDocument,
            variables: {
              donacionId: 'x1',
              reaccion: {
                tipo: 'VASOVAGAL_CON_PERDIDA_CONCIENCIA',
                severidad: 'SEVERA',
                hora: '10:45',
                tratamiento: 'Trendelenburg',
                evolucion: null,
                detalle: null,
              },
            },
          },
          result: {
            data: {
              registrarReaccion: { __typename: 'Donacion' as const, id: 'x1', reacciones: [reaccion] },
            },
          },
        },
        {
          request: { query: DonanteDocument, variables: { id: 'd1' } },
          result: { data: { donante: donanteDatos({ id: 'd1', reaccionSeveraPrevia: true }) } },
        },
      ],
    });
    expect(await screen.findByText('Sin reacciones registradas.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar reacción' }));
    const form = screen.getByRole('form', { name: 'Registrar reacción' });
    const tipo = within(form).getByLabelText(/^Tipo de reacción/);
    // Every kind by its Spanish label.
    expect(
      within(tipo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elegir...', ...Object.values(TIPO_REACCION_LABELS)]);
    await userEvent.selectOptions(tipo, 'REACCION_CITRATO');
    await userEvent.selectOptions(within(form).getByLabelText(/^Severidad/), 'SEVERA');
    await userEvent.clear(within(form).getByLabelText(/^Hora/));
    await userEvent.type(within(form).getByLabelText(/^Hora/), '10:45');
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar reacción' }));
    expect(await within(form).findByText(MSG.citratoSoloAferesis)).toBeInTheDocument();

    await userEvent.selectOptions(tipo, 'VASOVAGAL_CON_PERDIDA_CONCIENCIA');
    await userEvent.type(within(form).getByLabelText(/^Tratamiento/), 'Trendelenburg');
    await userEvent.click(within(form).getByRole('button', { name: 'Registrar reacción' }));
    expect(await screen.findByText(MSG.reaccionRegistrada)).toBeInTheDocument();
    const tabla = screen.getByRole('table', { name: 'Reacciones del donante' });
    expect(within(tabla).getByText('Vasovagal con pérdida de conciencia')).toBeInTheDocument();
    expect(within(tabla).getByText('Severa')).toBeInTheDocument();
  });

  it("the donor's notice of a severe reaction, shown only when there is one", () => {
    const { rerender } = renderWithProviders(
      <AvisoReaccionSevera donante={{ reaccionSeveraPrevia: false }} />,
    );
    expect(screen.queryByText(MSG.reaccionSeveraPrevia)).not.toBeInTheDocument();
    rerender(<AvisoReaccionSevera donante={{ reaccionSeveraPrevia: true }} />);
    expect(screen.getByText(MSG.reaccionSeveraPrevia)).toBeInTheDocument();
  });
});
