import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './lib/boot';
import { registerServiceWorker, watchInstall } from './lib/pwa';

// The API error texts load at start (beside the app's code): any page may need them.
createRoot(boot({ namespaces: ['errors'] })).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
watchInstall();
void registerServiceWorker();
