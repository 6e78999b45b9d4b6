import { act, render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { createCache } from '@/lib/apollo';
import { AuthProvider } from '@/lib/auth-context';
import { UiProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { MeDocument } from '@/generated/graphql';
import type { SessionUsuarioFragment } from '@/generated/graphql';
import { readSession, saveSession } from '@/lib/session';

export type MockedResponses = ReadonlyArray<MockLink.MockedResponse>;

export type ProviderOptions = {
  /** Apollo mocks: { request: { query, variables }, result: { data } | { errors } } or error. */
  mocks?: MockedResponses;
  /** Initial location of the MemoryRouter. */
  route?: string;
};

/** The app's providers (Chakra, UI state, auth) over a MockedProvider, without a router. */
export function TestProviders({ children, mocks = [] }: { children: ReactNode; mocks?: MockedResponses }) {
  // The app's own cache configuration (its type policies), as the app creates it.
  const [cache] = useState(createCache);
  return (
    <MockedProvider mocks={mocks} cache={cache}>
      <UiProviders>
        <AuthProvider>{children}</AuthProvider>
      </UiProviders>
    </MockedProvider>
  );
}

/** Renders a component through the app's providers inside a MemoryRouter. */
export function renderWithProviders(
  ui: ReactElement,
  { mocks, route = '/', ...options }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  return render(ui, {
    wrapper: ({ children }) => (
      <TestProviders mocks={mocks}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </TestProviders>
    ),
    ...options,
  });
}

/**
 * Runs inside act() what a render or a fireEvent left queued: Chakra's state machines (zag)
 * start in a microtask after mounting, and its fields watch their help and error text with a
 * MutationObserver. Without it React warns that those updates were not wrapped in act().
 * Not needed after user-event or a findBy/waitFor, which wait for them.
 */
export async function settle(): Promise<void> {
  await act(async () => {});
}

/** Where the app currently is, kept up to date by renderApp. */
export type TestRouter = { state: { location: { pathname: string; search: string } } };

function AppRoutes({ probe }: { probe: TestRouter }) {
  const location = useLocation();
  probe.state.location = { pathname: location.pathname, search: location.search };
  return useRoutes(appRoutes);
}

/**
 * Renders the whole app (its real routes and layout) at `route`. A
 * MemoryRouter rather than a data router: jsdom has no fetch Request.
 */
export function renderApp(route: string, { mocks = [] }: { mocks?: MockedResponses } = {}) {
  const router: TestRouter = { state: { location: { pathname: route, search: '' } } };
  // Signed in, the layout asks the server who is signed in (Me): unless the test answers it
  // itself, the server answers with the user that signIn() stored.
  const usuario = readSession()?.usuario;
  const answered = mocks.some((m) => m.request.query === MeDocument);
  const result = render(
    <TestProviders mocks={usuario && !answered ? [...mocks, meMock(usuario)] : mocks}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes probe={router} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, router };
}

/** The server's answer to Me for this user. */
export function meMock(usuario: SessionUsuarioFragment): MockLink.MockedResponse {
  const { id, username, nombre, apellido, email, rol, servicioId, servicio } = usuario;
  const me = {
    __typename: 'Usuario' as const,
    ...{ id, username, nombre, apellido, email, rol, servicioId },
    servicio: servicio && { __typename: 'Servicio' as const, id: servicio.id, nombre: servicio.nombre },
  };
  return { request: { query: MeDocument }, result: { data: { me } } };
}

function base64url(value: string): string {
  // UTF-8 bytes as a binary string, as a real JWT encodes its JSON.
  const binary = encodeURIComponent(value).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An (unsigned) JWT with the given payload; the client only decodes it. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.firma`;
}

export function testUsuario(overrides: Partial<SessionUsuarioFragment> = {}): SessionUsuarioFragment {
  const id = overrides.id ?? '11111111-1111-4111-8111-111111111111';
  return {
    id,
    username: 'hemo',
    nombre: 'Servicio de Hemoterapia Central',
    apellido: null,
    email: 'hemo@example.com',
    rol: 'ROL_SERVICIO',
    servicioId: id,
    servicio: { id, nombre: 'Servicio de Hemoterapia Central' },
    ...overrides,
  };
}

/** Stores a valid session (unexpired token whose uid matches the user) as a login would. */
export function signIn(usuario: SessionUsuarioFragment = testUsuario()): string {
  const token = makeToken({
    uid: usuario.id,
    rol: usuario.rol,
    servicio: usuario.servicioId,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  saveSession(token, usuario);
  return token;
}

/**
 * Captures what a screen downloads (each file's Blob and name) instead of the browser saving it.
 * `restaurar` gives the anchors their click back.
 */
export function capturarDescargas(): { creados: Blob[]; nombres: string[]; restaurar: () => void } {
  const creados: Blob[] = [];
  const nombres: string[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    creados.push(blob);
    return 'blob:descarga';
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    nombres.push(this.download);
  });
  return { creados, nombres, restaurar: () => click.mockRestore() };
}

/** jsdom's Blob has no text(): reads it as a browser's FileReader does. */
export function leerTexto(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
