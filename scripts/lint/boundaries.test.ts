import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The house rules of ARCHITECTURE.md, as lint enforces them (eslint.config.js): each case lints a
 * file that is not on disk, at the path it would have, with the project's own configuration
 * (type-aware rules aside: they need the file in the TypeScript project).
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'boundaries/element-types' || m.ruleId === 'local/no-import-cycle')
    .map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('server boundaries', () => {
  it("refuses a deep import of another feature's file", async () => {
    const found = await problems(
      'src/server/features/holdings/fixture.ts',
      "import { rebuildHolding } from '../ledger/ledger-store';\nexport const f = rebuildHolding;\n",
    );
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'boundaries/element-types',
        message: expect.stringContaining('server-feature must not import server-feature'),
      }),
    ]);
  }, 60_000);

  it("allows the same import through the feature's index.ts", async () => {
    const found = await problems(
      'src/server/features/holdings/fixture.ts',
      "import { rebuildHolding } from '../ledger';\nexport const f = rebuildHolding;\n",
    );
    expect(found).toEqual([]);
  }, 60_000);

  it('refuses platform importing a feature, even its index.ts', async () => {
    for (const specifier of ['../features/session', '../features/session/session']) {
      const found = await problems(
        'src/server/platform/fixture.ts',
        `import { requireAuth } from '${specifier}';\nexport const f = requireAuth;\n`,
      );
      expect(found).toEqual([
        expect.objectContaining({
          rule: 'boundaries/element-types',
          message: expect.stringMatching(/^server-platform must not import server-feature/),
        }),
      ]);
    }
  }, 60_000);

  it('refuses an import circle made of type-only imports', async () => {
    // ledger-store.ts imports ledger-plan.ts: ledger-plan importing a type of it back closes a circle.
    const found = await problems(
      'src/server/features/ledger/ledger-plan.ts',
      "import type { RebuildOptions } from './ledger-store';\nexport type O = RebuildOptions;\n",
    );
    expect(found).toEqual([
      {
        rule: 'local/no-import-cycle',
        message:
          'Import cycle (type-only imports count): src/server/features/ledger/ledger-plan.ts -> src/server/features/ledger/ledger-store.ts -> src/server/features/ledger/ledger-plan.ts',
      },
    ]);
  }, 60_000);

  it('refuses two features that need each other, even with no file circle', async () => {
    // notifications' routes stand on the session feature; the session may not use notifications.
    const found = await problems(
      'src/server/features/session/fixture.ts',
      "import { notify } from '../notifications';\nexport const f = notify;\n",
    );
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'local/no-import-cycle',
        message: expect.stringMatching(
          /^Features import each other: src\/server\/features\/session -> src\/server\/features\/notifications -> .*src\/server\/features\/session /,
        ),
      }),
    ]);
  }, 60_000);
});
