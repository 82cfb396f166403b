/** Entry point: pick the transport once, then render the app with it. */
import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api.tsx';
import { App } from './shell/App.tsx';
import { pickTransport } from './transport/index.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ApiProvider picked={pickTransport()}>
      <App />
    </ApiProvider>
  </StrictMode>,
);
