import { makeToken, testUsuario } from '@/test-utils';
import { TOKEN_KEY, USER_KEY, decodeJwtPayload, readSession, saveSession } from './session';

const usuario = testUsuario();
const future = Math.floor(Date.now() / 1000) + 3600;

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('decodes a JWT payload without a library (base64url, UTF-8)', () => {
    const token = makeToken({ uid: 'a-b', nombre: 'Ñandú' });
    expect(decodeJwtPayload(token)).toEqual({ uid: 'a-b', nombre: 'Ñandú' });
  });

  it('stores the token and the user (with its uid) under token and usuario', () => {
    const token = makeToken({ uid: usuario.id, exp: future });
    saveSession(token, usuario);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual({ ...usuario, uid: usuario.id });
    expect(readSession()).toEqual({ token, usuario: { ...usuario, uid: usuario.id } });
  });

  it('rejects an expired token', () => {
    saveSession(makeToken({ uid: usuario.id, exp: Math.floor(Date.now() / 1000) - 1 }), usuario);
    expect(readSession()).toBeNull();
  });

  it('rejects a token whose uid is not the stored user uid', () => {
    saveSession(makeToken({ uid: 'otro-usuario', exp: future }), usuario);
    expect(readSession()).toBeNull();
  });

  it('rejects a token without expiry', () => {
    saveSession(makeToken({ uid: usuario.id }), usuario);
    expect(readSession()).toBeNull();
  });

  it('clears the storage when the token cannot be decoded', () => {
    localStorage.setItem(TOKEN_KEY, 'basura.%%%.x');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...usuario, uid: usuario.id }));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('clears the storage when the stored user is not JSON', () => {
    localStorage.setItem(TOKEN_KEY, makeToken({ uid: usuario.id, exp: future }));
    localStorage.setItem(USER_KEY, '{roto');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('is empty with nothing stored', () => {
    expect(readSession()).toBeNull();
  });
});
