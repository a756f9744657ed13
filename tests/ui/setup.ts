import '@testing-library/jest-dom/vitest';

// jsdom has no matchMedia: every media query is false (desktop, light scheme).
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has no scrollIntoView: a no-op the tests can spy on.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// The UI tests run beside the unit and API tests on two cores: give findBy/waitFor room under
// load (the default 1 s made first renders flaky), without slowing the passing case.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });
