import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boot } from '@/web/lib/boot';
import { bundleLandingTexts, SiteApp } from './site-app';

const root = boot();
bundleLandingTexts();

createRoot(root).render(
  <StrictMode>
    <SiteApp />
  </StrictMode>,
);
