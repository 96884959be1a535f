import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets, SECRETS_FILE } from './secrets';

const NONE = { cookieSecret: null, dataKey: null };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-secrets-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('secrets', () => {
  it('are generated into DATA_DIR on first start, private to the owner, and reused afterwards', async () => {
    const first = await loadSecrets(path.join(dir, 'data'), NONE);
    expect(first.cookieSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.dataKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.dataKey).not.toBe(first.cookieSecret);
    const file = path.join(dir, 'data', SECRETS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadSecrets(path.join(dir, 'data'), NONE);
    expect(second).toEqual(first);
  });

  it('come from the configuration when given, without writing a file', async () => {
    const given = { cookieSecret: 'g'.repeat(48), dataKey: 'k'.repeat(43) };
    expect(await loadSecrets(dir, given)).toEqual(given);
    await expect(stat(path.join(dir, SECRETS_FILE))).rejects.toThrow();
  });

  it('mix given and generated values when only one is configured', async () => {
    const mixed = await loadSecrets(dir, { cookieSecret: 'c'.repeat(40), dataKey: null });
    expect(mixed.cookieSecret).toBe('c'.repeat(40));
    expect(mixed.dataKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuse a damaged secrets file rather than silently replacing it', async () => {
    await writeFile(path.join(dir, SECRETS_FILE), '{"cookieSecret": "short", "dataKey": "x"}');
    await expect(loadSecrets(dir, NONE)).rejects.toThrow(/delete it/);
    expect(await readFile(path.join(dir, SECRETS_FILE), 'utf8')).toContain('short');
  });

  it('give one value to processes starting together', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => loadSecrets(dir, NONE)));
    expect(new Set(results.map((r) => r.cookieSecret)).size).toBe(1);
  });
});
