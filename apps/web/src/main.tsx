import './early-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './i18n';
import { loadErrorCatalogue } from './lib/error-catalogue';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Not needed to draw any screen: asked once the browser is idle after the first one (every call asks for it too).
const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
idle(() => void loadErrorCatalogue().catch(() => undefined));
