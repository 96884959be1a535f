import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './lib/boot';
import { registerServiceWorker, watchInstall } from './lib/pwa';

createRoot(boot()).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
watchInstall();
void registerServiceWorker();
