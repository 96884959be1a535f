import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { resetNetwork } from '@/web/lib/network';
import { realtime } from '@/web/lib/realtime';
import { FakeWebSocket } from './fake-websocket';
import { initTestI18n } from './i18n';

// Test files share a worker's modules and document (the web project does not isolate them): each
// file starts in English on a blank document, and the globals it stubbed and the toasts it left go
// when it ends.
initTestI18n();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.title = '';
for (const name of document.documentElement.getAttributeNames()) {
  document.documentElement.removeAttribute(name);
}
afterAll(() => {
  vi.unstubAllGlobals();
  // Toasts live in a module-level store: a new toaster would show the ones this file left.
  toast.dismiss();
});

// findBy* and waitFor give up after 4 s rather than 1 s: with the server suites running beside
// them on two cores, a re-render after a mocked answer once took over a second in CI (they still
// return as soon as what they wait for is there).
configure({ asyncUtilTimeout: 4_000 });

// jsdom would try a real connection: components that subscribe get a fake server instead.
Object.defineProperty(globalThis, 'WebSocket', {
  value: FakeWebSocket,
  writable: true,
  configurable: true,
});

beforeEach(() => {
  FakeWebSocket.instances = [];
});

afterEach(() => {
  cleanup();
  realtime.close();
  resetNetwork();
  window.localStorage.clear();
  document.cookie.split('; ').forEach((part) => {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  });
});
