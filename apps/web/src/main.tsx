import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadRoutesOf } from './app/router';
import { queryClient } from './lib/query-client';
import { holdEarlyInput } from './lib/early-input';
import { adoptServerQueries, readServerState, refetchServerQueries } from './lib/server-rendering';
import { initSessions } from './lib/session-bootstrap';
import { signedInCustomer } from './lib/sessions';
import { showFlashToast } from './lib/toast';

/**
 * Marks the document once React answers on it (`<html data-app-ready>`). The browser journeys wait for it before
 * their first click, so that they see the page's own answer, not input held and made again (lib/early-input.ts).
 */
function markAppReady() {
  document.documentElement.dataset.appReady = 'true';
}

async function start() {
  const serverState = readServerState();
  // A server-rendered page is on screen already: a tap or text before React attaches is made again after.
  const earlyInput = serverState ? holdEarlyInput() : null;
  const answering = () => {
    markAppReady();
    earlyInput?.release();
  };
  // Both sessions are loaded before the first render (spec: "two stores are initialized before the app is
  // mounted"), so guards and headers never show the wrong state.
  await initSessions();
  showFlashToast();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Hydration needs the page's code first; when it cannot be loaded, the page is rendered below instead (and
  // the router shows its error screen if the code still cannot be loaded).
  const pageCodeLoaded = serverState
    ? await loadRoutesOf(window.location.pathname).then(
        () => true,
        () => false,
      )
    : false;

  if (serverState && pageCodeLoaded) {
    // A public page rendered on the server: its markup is on screen already; React attaches to it.
    adoptServerQueries(queryClient, serverState.queries);
    const router = createAppRouter(serverState.router);
    // As a transition, hydration is time-sliced like the client render below.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App
            router={router}
            onMounted={() => {
              answering();
              if (signedInCustomer()) refetchServerQueries(queryClient, serverState.queries);
            }}
          />
        </StrictMode>,
      );
    });
    return;
  }

  const root = createRoot(container);
  // As a transition the first render is time-sliced: React yields to the browser every few milliseconds
  // instead of blocking the main thread for the whole tree (Total Blocking Time on slow phones).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createAppRouter()} onMounted={answering} />
      </StrictMode>,
    );
  });
}

void start();
