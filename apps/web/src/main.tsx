import './index.css';
import { StrictMode } from 'react';
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
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

void start();
