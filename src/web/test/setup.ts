import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetNetwork } from '@/web/lib/network';
import { realtime } from '@/web/lib/realtime';
import { FakeWebSocket } from './fake-websocket';
import { initTestI18n } from './i18n';

initTestI18n();

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
