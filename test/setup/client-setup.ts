import '@testing-library/jest-dom';

// jsdom lacks these browser APIs that Chakra UI and react-router use.
// Node-environment tests (PDF rendering) have no window: skip the jsdom shims there.
const hasWindow = typeof window !== 'undefined';
if (hasWindow && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (hasWindow && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (hasWindow && !Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
if (typeof structuredClone === 'undefined') {
  (globalThis as { structuredClone?: unknown }).structuredClone = (v: unknown) =>
    JSON.parse(JSON.stringify(v));
}
// jsdom has no PointerEvent; Chakra's checkbox and radio create one.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  (window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = MouseEvent;
}
