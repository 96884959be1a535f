import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './lib/boot';

createRoot(boot()).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
