import { act, render } from '@testing-library/react';
import { clearSession, readSession } from '@/lib/session';
import { TestProviders, signIn, testUsuario } from '@/test-utils';
import { INICIO_COOKIE, InicioCookie, recordarInicio } from './inicio-cookie';

const cookie = () =>
  document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${INICIO_COOKIE}=`));

afterEach(() => {
  document.cookie = `${INICIO_COOKIE}=; Path=/; Max-Age=0`;
  localStorage.clear();
});

describe('the home cookie', () => {
  it('names the home of a servicio’s staff and of a network, and goes with the session', () => {
    signIn();
    recordarInicio(readSession());
    expect(cookie()).toBe(`${INICIO_COOKIE}=%2Fdonantes`);
    signIn(testUsuario({ rol: 'ROL_RED' }));
    recordarInicio(readSession());
    expect(cookie()).toBe(`${INICIO_COOKIE}=%2Fred`);
    recordarInicio(null);
    expect(cookie()).toBeUndefined();
  });

  it('is not set for an expired token', () => {
    signIn();
    const session = readSession();
    recordarInicio(session, Date.now() + 2 * 3600 * 1000);
    expect(cookie()).toBeUndefined();
  });

  it('follows sign-in and sign-out inside the app', () => {
    signIn();
    render(
      <TestProviders>
        <InicioCookie />
      </TestProviders>,
    );
    expect(cookie()).toBe(`${INICIO_COOKIE}=%2Fdonantes`);
    act(() => clearSession());
    expect(cookie()).toBeUndefined();
  });
});
