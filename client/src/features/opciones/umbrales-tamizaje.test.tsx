import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@domain/messages';
import { UpdateUmbralesTamizajeDocument } from '@/generated/graphql';
import { testUsuario } from '@/test-utils';
import { escribir, limpiar, renderTarjeta, umbralesServicio, umbralesTamizajeMock } from './test-data';
import { UmbralesTamizaje } from './umbrales-tamizaje';

jest.setTimeout(30000);

const umbrales = (over: Record<string, number | null> = {}) => umbralesServicio(testUsuario().id, over);

afterEach(limpiar);

describe('Umbrales de tamizaje', () => {
  it('the administrator sets stricter thresholds per sex; a looser one is refused in Spanish before any call', async () => {
    renderTarjeta(UmbralesTamizaje, 'ROL_SERVICIO', [
      umbralesTamizajeMock(testUsuario().id),
      {
        request: {
          query: UpdateUmbralesTamizajeDocument,
          variables: {
            input: {
              hbMinMujer: 12.5,
              hbMinHombre: 13.5,
              hbMax: null,
              hctoMinMujer: null,
              hctoMinHombre: null,
              hctoMax: null,
            },
          },
        },
        result: { data: { updateUmbralesTamizaje: umbrales({ hbMinMujer: 12.5, hbMinHombre: 13.5 }) } },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Umbrales de tamizaje' });
    await escribir(form, /^Hemoglobina mínima, mujeres/, '11,5');
    expect(within(form).getByText(MSG.umbralMenorQueNorma(12))).toBeInTheDocument();
    await escribir(form, /^Hemoglobina mínima, mujeres/, '12,5');
    await escribir(form, /^Hemoglobina mínima, hombres/, '13,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar umbrales' }));
    expect(await screen.findByText(MSG.umbralesGuardados)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Hemoglobina mínima, hombres/)).toHaveValue('13,5');
  });

  it('other roles read them, the spec where none is set', async () => {
    renderTarjeta(UmbralesTamizaje, 'ROL_MEDICO', [
      umbralesTamizajeMock(testUsuario().id, { hbMinMujer: 12.5 }),
    ]);
    expect(await screen.findByText('12,5')).toBeInTheDocument();
    expect(screen.getByText('La norma (12 g/dl)')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
