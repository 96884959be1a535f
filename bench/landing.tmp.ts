import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { landingJavaScript } from './foundation.bench';
import { startServer } from './lib';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-land-'));
const server = await startServer({ DATA_DIR: dataDir, ...(process.env.PROD ? { NODE_ENV: 'production', ANALYTICS_ID: 'G-TEST123' } : {}) });
try {
  const r = await landingJavaScript(`${server.url}/`, 'en');
  console.log(r.kilobytesGzipped);
  for (const [f, s] of Object.entries(r.files).sort((a, b) => b[1] - a[1])) console.log(String(s).padStart(7), f);
} finally { await server.stop(); }
