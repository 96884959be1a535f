import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot } from '@/web/lib/boot';
import { SiteApp } from './site-app';

createRoot(boot()).render(
  <StrictMode>
    <SiteApp />
  </StrictMode>,
);
