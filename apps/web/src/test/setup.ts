import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../i18n';
import { loadErrorCatalogue } from '../lib/error-catalogue';

// The app fetches the catalogue after its first draw; tests read error messages from the start.
await loadErrorCatalogue();

// A first render loads lazy route chunks; on a loaded two-core CI machine that can pass the 1 s default, which
// fails a correct screen. Waiting longer costs nothing when the screen is right.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads media queries and element sizes, which happy-dom does not provide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Autosizing textareas listen for web fonts loading; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Each test starts in the default language with nothing stored.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage('ko');
  localStorage.clear();
});
