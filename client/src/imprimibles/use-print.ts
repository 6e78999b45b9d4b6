import { useCallback, useRef, useState } from 'react';

/**
 * Runs a print function with a busy flag for the button (disable it / show a spinner while the
 * PDF module loads and renders). A failure is kept in `error` (show it in an alert) and run
 * resolves to false, so a button's onClick never leaves an unhandled rejection.
 */
export function usePrint() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async <A extends unknown[]>(print: (...args: A) => Promise<unknown>, ...args: A) => {
      if (running.current) return false; // a double click prints once
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        await print(...args);
        return true;
      } catch (e) {
        setError(e instanceof Error ? e : new Error(String(e)));
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [],
  );

  return { busy, error, run };
}
