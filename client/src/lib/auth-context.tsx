import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { SessionUsuarioFragment } from '@/generated/graphql';
import { clearSession, onSessionCleared, readSession, saveSession } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

export type AuthStatus = 'authenticated' | 'not-authenticated';

export type AuthContextValue = {
  status: AuthStatus;
  usuario: SessionUser | null;
  /** Stores the token and the user and marks the session authenticated. */
  login: (token: string, usuario: SessionUsuarioFragment) => void;
  /** Clears the storage and the cached data. */
  logout: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  // The stored token is decoded and checked against the stored user while the app first renders
  // (localStorage is synchronous): the first screen is the right one, with no waiting state.
  const [initial] = useState(readSession);
  const [status, setStatus] = useState<AuthStatus>(initial ? 'authenticated' : 'not-authenticated');
  const [usuario, setUsuario] = useState<SessionUser | null>(initial?.usuario ?? null);

  const signedOut = useCallback(() => {
    setUsuario(null);
    setStatus('not-authenticated');
    void client.clearStore();
  }, [client]);

  useEffect(() => onSessionCleared(signedOut), [signedOut]);

  const login = useCallback((token: string, user: SessionUsuarioFragment) => {
    setUsuario(saveSession(token, user));
    setStatus('authenticated');
  }, []);

  const logout = useCallback(() => {
    clearSession();
    signedOut();
  }, [signedOut]);

  const value = useMemo(() => ({ status, usuario, login, logout }), [status, usuario, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth fuera de AuthProvider');
  return ctx;
}
