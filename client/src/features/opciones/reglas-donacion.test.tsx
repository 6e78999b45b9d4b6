import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MSG } from '@domain/messages';
import { ReglasDonacionDocument, UpdateReglasDonacionDocument } from '@/generated/graphql';
import type { Rol } from '@/generated/graphql';
import { testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { ReglasDonacion } from './reglas-donacion';
import { escribir, limpiar, renderTarjeta } from './test-data';

jest.setTimeout(30000);

const reglas = (semanasEntreDonaciones = 8, limiteAnualHombres = 4, limiteAnualMujeres = 3) => ({
  __typename: 'Servicio' as const,
  id: testUsuario().id,
  semanasEntreDonaciones,
  limiteAnualHombres,
  limiteAnualMujeres,
});
const reglasMock = { request: { query: ReglasDonacionDocument }, result: { data: { servicio: reglas() } } };

const renderReglas = (rol: Rol, mocks: MockedResponses) =>
  renderTarjeta(ReglasDonacion, rol, [reglasMock, ...mocks]);

afterEach(limpiar);

describe('Reglas de donación', () => {
  it('the administrator saves stricter rules; looser ones are refused before any call', async () => {
    renderReglas('ROL_SERVICIO', [
      {
        request: {
          query: UpdateReglasDonacionDocument,
          variables: { input: { semanasEntreDonaciones: 12, limiteAnualHombres: 3, limiteAnualMujeres: 2 } },
        },
        result: { data: { updateReglasDonacion: reglas(12, 3, 2) } },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Reglas de donación' });
    expect(screen.getByText(/solo pueden ser más estrictos que la norma nacional/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Semanas entre donaciones/)).toHaveValue('8');
    expect(within(form).getByLabelText(/^Donaciones por año \(hombres\)/)).toHaveValue('4');
    expect(within(form).getByLabelText(/^Donaciones por año \(mujeres\)/)).toHaveValue('3');

    await escribir(form, /^Semanas entre donaciones/, '6');
    await escribir(form, /^Donaciones por año \(hombres\)/, '5');
    await escribir(form, /^Donaciones por año \(mujeres\)/, '');
    expect(within(form).getByText(MSG.enteroEntre(8, 52))).toBeInTheDocument();
    expect(within(form).getByText(MSG.enteroEntre(1, 4))).toBeInTheDocument();
    expect(within(form).getByText(MSG.enteroEntre(1, 3))).toBeInTheDocument();

    await escribir(form, /^Semanas entre donaciones/, '12');
    await escribir(form, /^Donaciones por año \(hombres\)/, '3');
    await escribir(form, /^Donaciones por año \(mujeres\)/, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText(MSG.reglasGuardadas)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Semanas entre donaciones/)).toHaveValue('12');
  });

  it("shows the server's field errors under their fields", async () => {
    renderReglas('ROL_SERVICIO', [
      {
        request: { query: UpdateReglasDonacionDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError(MSG.datosInvalidos, {
              extensions: {
                code: 'BAD_USER_INPUT',
                errors: [{ field: 'limiteAnualMujeres', msg: MSG.enteroEntre(1, 3) }],
              },
            }),
          ],
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Reglas de donación' });
    await escribir(form, /^Semanas entre donaciones/, '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar reglas' }));
    expect(await within(form).findByText(MSG.enteroEntre(1, 3))).toBeInTheDocument();
    expect(screen.queryByText(MSG.reglasGuardadas)).not.toBeInTheDocument();
  });

  it.each(['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const)(
    '%s reads the rules without a form',
    async (rol) => {
      renderReglas(rol, []);
      expect(await screen.findByText('Semanas entre donaciones')).toBeInTheDocument();
      expect(screen.getByText(/Solo el administrador del servicio puede modificarlas/)).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Reglas de donación' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Guardar reglas' })).not.toBeInTheDocument();
      expect(screen.getByText('8')).toBeInTheDocument();
      expect(screen.getByText('4')).toBeInTheDocument();
    },
  );
});
