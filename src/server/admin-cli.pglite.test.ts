import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCommand } from './admin-cli';

/**
 * `npm run admin` on the database a fresh install has: an embedded database folder, created by
 * the command itself. In the PGlite project only (it opens no PostgreSQL database).
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-admin-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('runs end to end on an embedded database folder', async () => {
  const env = { DATA_DIR: dir };
  expect(await runAdminCommand(['promote', 'ghost@example.com'], env)).toEqual({
    code: 1,
    message: 'No account with the email ghost@example.com.',
  });
  expect(await runAdminCommand(['mail'], env)).toEqual({
    code: 0,
    message: 'No email is kept.',
  });
});
