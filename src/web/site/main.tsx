import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { boot } from '@/web/lib/boot';
import { bundleLandingTexts, SiteApp } from './site-app';

const root = boot();
bundleLandingTexts();

const site = (
  <StrictMode>
    <SiteApp pathname={window.location.pathname} />
  </StrictMode>
);
// The server sends the landing page already rendered (built by prerender.tsx): take it over.
if (root.hasChildNodes()) hydrateRoot(root, site);
else createRoot(root).render(site);
