import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initSessions } from './lib/session-bootstrap';
import { showFlashToast } from './lib/toast';

async function start() {
  // Both sessions are loaded before the first render (spec: "two stores are initialized before the app is
  // mounted"), so guards and headers never show the wrong state.
  await initSessions();
  showFlashToast();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // As a transition the first render is time-sliced: React yields to the browser every few milliseconds
  // instead of blocking the main thread for the whole tree (Total Blocking Time on slow phones).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
  });
}

void start();
