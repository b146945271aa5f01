import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { registerLeavingCheck, registerNavigator, reloadTo } from '../lib/navigation';
import { adminSession, customerSession } from '../lib/session-tokens';
import { clearToasts } from '../lib/toast';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => {
  server.close();
  // Most test files share their worker's modules (vitest.config.ts): what a file left in them goes with it, so
  // the next file starts as it would in modules of its own.
  clearToasts();
  customerSession.clear();
  adminSession.clear();
  // The navigator the app has before it registers the router's: a page load.
  registerNavigator(reloadTo);
  registerLeavingCheck(() => false);
});

// jsdom has <dialog> without its modal behaviour: showModal()/close() and Escape's cancel event, as browsers do.
if (!HTMLDialogElement.prototype.showModal) {
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
    configurable: true,
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    dialogs[dialogs.length - 1]?.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
}

// What Radix's popper and pointer handling ask of the browser, and jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
