import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildFingerprint } from './build.mjs';

describe('buildFingerprint (npm start rebuilds only when this changes)', () => {
  let root: string;
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cairn-build-'));
    write('src/server/main.ts', 'export {};');
    write('src/web/app.tsx', 'export {};');
    write('src/web/app.test.tsx', 'test');
    write('src/web/test/setup.ts', 'setup');
    write('vite.config.ts', 'config');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stable while nothing changes', () => {
    expect(buildFingerprint(root)).toBe(buildFingerprint(root));
  });

  it('changes when a source file, a new source file, the config or the lockfile changes', () => {
    const seen = new Set([buildFingerprint(root)]);
    write('src/web/app.tsx', 'export const changed = 1;');
    seen.add(buildFingerprint(root));
    write('src/domain/new-rule.ts', 'export {};');
    seen.add(buildFingerprint(root));
    write('vite.config.ts', 'config 2');
    seen.add(buildFingerprint(root));
    write('package-lock.json', '{"lockfileVersion":3}');
    seen.add(buildFingerprint(root));
    expect(seen.size).toBe(5);
  });

  it('ignores tests and test helpers, which the build never reads', () => {
    const before = buildFingerprint(root);
    write('src/web/app.test.tsx', 'another test');
    write('src/web/test/setup.ts', 'other setup');
    write('src/server/testing/fixture.ts', 'fixture');
    expect(buildFingerprint(root)).toBe(before);
  });
});
