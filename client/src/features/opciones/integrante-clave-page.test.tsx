import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { GraphQLError } from 'graphql';
import { MSG } from '@domain/messages';
import { IntegranteDocument, IntegrantesDocument, SetIntegrantePasswordDocument } from '@/generated/graphql';
import { toaster } from '@/components/toast';
import { renderWithProviders, signIn, testUsuario } from '@/test-utils';
import type { MockedResponses } from '@/test-utils';
import { IntegranteClavePage } from './integrante-clave-page';
import { IntegrantesPage } from './integrantes-page';

const ID = '22222222-2222-4222-8222-222222222222';
const ana = {
  __typename: 'Usuario' as const,
  id: ID,
  username: 'aperez',
  rol: 'ROL_TECNICO' as const,
  nombre: 'Ana',
  apellido: 'Pérez',
  matricula: null,
  email: null,
  telefono: null,
  agentecph: false,
};
const integranteMock = {
  request: { query: IntegranteDocument, variables: { id: ID } },
  result: { data: { integrante: ana } },
};
const setMock = (newPassword: string, result: MockedResponses[number]['result']) => ({
  request: {
    query: SetIntegrantePasswordDocument,
    variables: { id: ID, input: { newPassword, newPassword2: newPassword } },
  },
  result,
});

function renderPage(mocks: MockedResponses) {
  return renderWithProviders(
    <Routes>
      <Route path="/opciones/integrantes/clave/:id" element={<IntegranteClavePage />} />
      <Route path="/opciones/integrantes" element={<p>Listado</p>} />
    </Routes>,
    { route: `/opciones/integrantes/clave/${ID}`, mocks },
  );
}

async function typeAndBlur(label: RegExp, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  await userEvent.tab();
}

jest.setTimeout(30_000);

afterEach(() => {
  act(() => {
    toaster.remove();
  });
  localStorage.clear();
});

describe("Integrantes: 'Cambiar clave'", () => {
  it('each row of the list offers it', async () => {
    signIn();
    renderWithProviders(<IntegrantesPage />, {
      mocks: [{ request: { query: IntegrantesDocument }, result: { data: { integrantes: [ana] } } }],
    });
    const table = await screen.findByRole('table', { name: 'Integrantes del servicio' });
    const link = within(table).getByRole('link', { name: 'Cambiar clave de Pérez, Ana' });
    expect(link).toHaveTextContent('Cambiar clave');
    expect(link).toHaveAttribute('href', `/opciones/integrantes/clave/${ID}`);
  });

  it('names the member, validates with the password texts, sets it, shows the message and goes back', async () => {
    signIn();
    renderPage([
      integranteMock,
      setMock('nueva-123', {
        data: {
          setIntegrantePassword: {
            __typename: 'IntegrantePayload',
            message: MSG.claveIntegranteAsignada,
            integrante: { __typename: 'Usuario', id: ID },
          },
        },
      }),
    ]);
    const form = await screen.findByRole('form', { name: 'Cambiar clave del integrante' });
    expect(screen.getByText(/Clave nueva para Pérez, Ana \(usuario aperez\)/)).toBeInTheDocument();
    await typeAndBlur(/^Clave nueva/, '12345');
    expect(within(form).getByText(MSG.claveCorta)).toBeInTheDocument();
    await typeAndBlur(/^Clave nueva/, 'nueva-123');
    await typeAndBlur(/^Repetir clave nueva/, 'nueva-124');
    expect(within(form).getByText(MSG.clavesDistintas)).toBeInTheDocument();
    await typeAndBlur(/^Repetir clave nueva/, 'nueva-123');
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar clave' }));
    expect(await screen.findByText(MSG.claveIntegranteAsignada)).toBeInTheDocument();
    expect(await screen.findByText('Listado')).toBeInTheDocument();
  });

  it("shows the server's refusal and stays on the form", async () => {
    signIn();
    renderPage([
      integranteMock,
      setMock('nueva-123', {
        errors: [new GraphQLError(MSG.noEncontrado, { extensions: { code: 'NOT_FOUND' } })],
      }),
    ]);
    const form = await screen.findByRole('form', { name: 'Cambiar clave del integrante' });
    await typeAndBlur(/^Clave nueva/, 'nueva-123');
    await typeAndBlur(/^Repetir clave nueva/, 'nueva-123');
    await userEvent.click(within(form).getByRole('button', { name: 'Cambiar clave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.noEncontrado);
    expect(screen.queryByText('Listado')).not.toBeInTheDocument();
  });

  it('is not offered to staff', async () => {
    signIn(testUsuario({ id: '33333333-3333-4333-8333-333333333333', rol: 'ROL_MEDICO' }));
    renderPage([]);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.sinPermiso);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
