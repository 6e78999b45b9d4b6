import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

/** Interface state of the specification: a loading overlay flag and a toggleable side drawer. */
export type UiContextValue = {
  loading: boolean;
  setLoading: (loading: boolean) => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  toggleDrawer: () => void;
};

const UiContext = createContext<UiContextValue | null>(null);

export function UiProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleDrawer = useCallback(() => setDrawerOpen((open) => !open), []);
  const value = useMemo(
    () => ({ loading, setLoading, drawerOpen, setDrawerOpen, toggleDrawer }),
    [loading, drawerOpen, toggleDrawer],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUi(): UiContextValue {
  const ctx = useContext(UiContext);
  if (!ctx) throw new Error('useUi fuera de UiProvider');
  return ctx;
}
