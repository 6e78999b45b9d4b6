import '@testing-library/jest-dom';
import { failOnConsole } from './console-guard';

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

// React Testing Library's cleanup (unmounting) runs before failOnConsole's check after each test
// when it is loaded first, so that what unmounting writes counts for the test. Only where there
// is a DOM: loading it declares a React act() environment, in which the PDF renderer of the
// node-environment tests would warn about every render.
if (hasWindow) require('@testing-library/react');
failOnConsole();
