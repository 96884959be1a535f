import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web's import rule of ARCHITECTURE.md, as eslint.config.js enforces it: a web feature uses
 * another only through its public entry `src/web/features/<x>/index.ts`; the app entries compose
 * features through the same entries (a lazy `import()` of a route's page excepted); shared web
 * code knows no feature. Each case lints a virtual file (it need not exist) with the project's
 * own config, keeping only the boundaries rules (and no type information, which a virtual file
 * cannot have).
 */
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: path.resolve(import.meta.dirname, '..'),
    overrideConfig: [tseslint.configs.disableTypeChecked],
    ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/'),
  });
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const feature = 'src/web/features/ledger/components/fixture.tsx';

describe('web features say what they share (eslint-plugin-boundaries)', () => {
  it('fails a deep import into another web feature', async () => {
    const errors = await boundaryErrors(
      feature,
      "import { PortfolioSwitcher } from '@/web/features/portfolios/components/portfolio-switcher';\nexport const used = PortfolioSwitcher;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^boundaries\/entry-point: .*@\/web\/features\/portfolios \(its index\.ts\), not components\/portfolio-switcher\.tsx/,
      ),
    ]);
  }, 60_000);

  it('fails a deep import written as a relative path, a type-only one, a re-export and an import()', async () => {
    const errors = await boundaryErrors(
      feature,
      [
        "import { PortfolioScope } from '../../portfolios/components/portfolio-scope';",
        "import type { OpenDialog } from '@/web/features/portfolios/components/portfolio-dialogs-context';",
        "export { SimulationBanner } from '@/web/features/portfolios/components/simulation-banner';",
        "export const page = () => import('@/web/features/holdings/pages/asset-pages');",
        'export const used: [unknown, OpenDialog | null] = [PortfolioScope, null];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toMatch(/^boundaries\/entry-point: /);
  });

  it("passes another feature's public entry and the feature's own files", async () => {
    const errors = await boundaryErrors(
      feature,
      [
        "import { PortfolioSwitcher } from '@/web/features/portfolios';",
        "import { TransactionsPage } from '../pages/transactions-page';",
        "import { Button } from '@/web/components/ui/button';",
        'export const used = [PortfolioSwitcher, TransactionsPage, Button];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it("makes the app entries compose features through their entries, a route's lazy page aside", async () => {
    const deep = await boundaryErrors(
      'src/web/app/fixture.tsx',
      "import { MfaGate } from '@/web/features/auth/components/mfa-gate';\nexport const used = MfaGate;\n",
    );
    expect(deep).toEqual([expect.stringMatching(/^boundaries\/entry-point: .*features\/auth/)]);

    const composed = await boundaryErrors(
      'src/web/app/fixture.tsx',
      [
        "import { MfaGate } from '@/web/features/auth';",
        "export const page = () => import('@/web/features/ledger/pages/transactions-page');",
        'export const used = MfaGate;',
        '',
      ].join('\n'),
    );
    expect(composed).toEqual([]);
  });

  it('keeps shared web code free of features, even of their entries', async () => {
    const errors = await boundaryErrors(
      'src/web/components/ui/fixture.tsx',
      "import { PortfolioSwitcher } from '@/web/features/portfolios';\nexport const used = PortfolioSwitcher;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/^boundaries\/element-types: web-shared must not import web-feature/),
    ]);
  });
});
