import { preloadEtiquetas } from './print';

const loaded = jest.fn();
jest.mock('./etiquetas-pdf', () => {
  loaded();
  return { EtiquetasPdf: () => null };
});

describe('preloadEtiquetas', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    jest.resetModules();
    loaded.mockClear();
  });

  it('loads the label sheet once the browser is idle', async () => {
    let idle: (() => void) | undefined;
    (window as { requestIdleCallback?: unknown }).requestIdleCallback = (fn: () => void) => {
      idle = fn;
      return 1;
    };
    preloadEtiquetas();
    await Promise.resolve();
    expect(loaded).not.toHaveBeenCalled();
    idle!();
    await waitForLoad();
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timeout where there is no requestIdleCallback (Safari)', async () => {
    jest.useFakeTimers();
    expect('requestIdleCallback' in window).toBe(false);
    preloadEtiquetas();
    await Promise.resolve();
    expect(loaded).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    jest.useRealTimers();
    await waitForLoad();
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});

/** import() resolves in a later microtask. */
async function waitForLoad() {
  for (let i = 0; i < 5 && !loaded.mock.calls.length; i++) await new Promise((r) => setTimeout(r, 0));
}
