import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { formatDateTime } from '@domain/dates';
import { MSG } from '@domain/messages';
import { ClavesApiDocument, CrearClaveApiDocument, RevocarClaveApiDocument } from '@/generated/graphql';
import type { ClaveApiDatosFragment } from '@/generated/graphql';
import { toaster } from '@/components/toast';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { ClavesApiPage } from './claves-api-page';

const ID = '55555555-5555-4555-8555-555555555555';
const SECRETO = 'hk_AbCdEfGh0123456789abcdefghijklmnopqrstuvw';
const CREADA = '2026-11-20T13:05:00.000Z';
const USADA = '2026-11-22T09:30:00.000Z';

type Clave = ClaveApiDatosFragment & { __typename: 'ClaveApi' };

const tablero: Clave = {
  __typename: 'ClaveApi',
  id: ID,
  nombre: 'Tablero de dirección',
  prefijo: 'hk_AbCdEfGh',
  creadaEn: CREADA,
  ultimoUso: USADA,
  revocadaEn: null,
};
const vieja: Clave = {
  ...tablero,
  id: '66666666-6666-4666-8666-666666666666',
  nombre: 'Tablero viejo',
  prefijo: 'hk_ZyXwVuTs',
  ultimoUso: null,
  revocadaEn: '2026-11-21T10:00:00.000Z',
};

const listaMock = (list: Clave[] = [tablero, vieja]) => ({
  request: { query: ClavesApiDocument },
  result: { data: { clavesApi: list } },
});

jest.setTimeout(30_000);

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

async function listo() {
  // The blocking loading overlay is gone once the list is in.
  await screen.findByRole('form', { name: 'Nueva clave' });
  await waitFor(() => {
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    expect(document.body.style.pointerEvents).not.toBe('none');
  });
}

describe('Claves de API', () => {
  it('lists each key with its prefix, creation, last use and state', async () => {
    signIn();
    renderWithProviders(<ClavesApiPage />, { mocks: [listaMock()] });
    const table = await screen.findByRole('table', { name: 'Claves de API del servicio' });
    const filas = within(table).getAllByRole('row').slice(1);
    expect(within(filas[0]).getByText('Tablero de dirección')).toBeInTheDocument();
    expect(within(filas[0]).getByText('hk_AbCdEfGh…')).toBeInTheDocument();
    expect(within(filas[0]).getByText(formatDateTime(CREADA))).toBeInTheDocument();
    expect(within(filas[0]).getByText(formatDateTime(USADA))).toBeInTheDocument();
    expect(within(filas[0]).getByText('Activa')).toBeInTheDocument();
    expect(within(filas[1]).getByText('Nunca')).toBeInTheDocument();
    expect(within(filas[1]).getByText(/^Revocada el/)).toBeInTheDocument();
    // A revoked key cannot be revoked again.
    expect(within(filas[1]).queryByRole('button', { name: /Revocar/ })).not.toBeInTheDocument();
    // The secret is never on the list.
    expect(screen.queryByText(SECRETO)).not.toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with a copy button and the warning', async () => {
    signIn();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const mocks: MockedResponses = [
      listaMock([]),
      {
        request: { query: CrearClaveApiDocument, variables: { nombre: 'Tablero de dirección' } },
        result: {
          data: {
            crearClaveApi: {
              __typename: 'ClaveApiCreada',
              id: ID,
              nombre: 'Tablero de dirección',
              prefijo: 'hk_AbCdEfGh',
              creadaEn: CREADA,
              secreto: SECRETO,
            },
          },
        },
      },
      listaMock([{ ...tablero, ultimoUso: null }]),
    ];
    renderWithProviders(<ClavesApiPage />, { mocks });
    await listo();
    const form = screen.getByRole('form', { name: 'Nueva clave' });
    await userEvent.click(within(form).getByRole('button', { name: 'Nueva clave' }));
    expect(await within(form).findByText(MSG.requerido)).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Tablero de dirección');
    await userEvent.click(within(form).getByRole('button', { name: 'Nueva clave' }));
    expect(await screen.findByText(SECRETO)).toBeInTheDocument();
    expect(screen.getByText(MSG.claveApiSoloUnaVez)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(SECRETO);
    expect(await screen.findByRole('button', { name: 'Copiada' })).toBeInTheDocument();
    // The list shows the new key, never its secret.
    const table = await screen.findByRole('table', { name: 'Claves de API del servicio' });
    expect(within(table).getByText('Tablero de dirección')).toBeInTheDocument();
    expect(within(table).queryByText(SECRETO)).not.toBeInTheDocument();
    // Once dismissed, the secret is gone for good.
    await userEvent.click(screen.getByRole('button', { name: 'Ya la guardé' }));
    expect(screen.queryByText(SECRETO)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a name", async () => {
    signIn();
    const mocks: MockedResponses = [
      listaMock(),
      {
        request: { query: CrearClaveApiDocument, variables: { nombre: 'Tablero de dirección' } },
        result: {
          errors: [
            new GraphQLError(MSG.claveApiNombreRepetido, {
              extensions: {
                code: 'BAD_USER_INPUT',
                errors: [{ field: 'nombre', msg: MSG.claveApiNombreRepetido }],
              },
            }),
          ],
        },
      },
    ];
    renderWithProviders(<ClavesApiPage />, { mocks });
    await listo();
    const form = screen.getByRole('form', { name: 'Nueva clave' });
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Tablero de dirección');
    await userEvent.click(within(form).getByRole('button', { name: 'Nueva clave' }));
    expect((await screen.findAllByText(MSG.claveApiNombreRepetido)).length).toBeGreaterThan(0);
    expect(screen.queryByText(MSG.claveApiSoloUnaVez)).not.toBeInTheDocument();
  });

  it('revokes a key only after confirming', async () => {
    signIn();
    const revocada: Clave = { ...tablero, revocadaEn: '2026-11-23T12:00:00.000Z' };
    const mocks: MockedResponses = [
      listaMock(),
      {
        request: { query: RevocarClaveApiDocument, variables: { id: ID } },
        result: { data: { revocarClaveApi: revocada } },
      },
      listaMock([revocada, vieja]),
    ];
    renderWithProviders(<ClavesApiPage />, { mocks });
    await listo();
    const boton = () => screen.getByRole('button', { name: 'Revocar la clave Tablero de dirección' });
    await userEvent.click(boton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText("¿Quiere revocar la clave 'Tablero de dirección'?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await userEvent.click(boton());
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Si' }));
    expect(await screen.findByText(MSG.claveApiRevocada('Tablero de dirección'))).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revocar la clave Tablero de dirección' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('is not offered to staff', () => {
    signIn(testUsuario({ id: '33333333-3333-4333-8333-333333333333', rol: 'ROL_MEDICO' }));
    renderWithProviders(<ClavesApiPage />);
    expect(screen.getByText(MSG.sinPermiso)).toBeInTheDocument();
  });
});
