import { test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** The rules every page at rest must pass: WCAG 2.x A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Every journey fails on a console error or an uncaught page error, and offers `expectAccessible`
 * (axe: no serious or critical violation, WCAG 2.x A/AA rules, on the page at rest).
 */
/**
 * Each journey comes from an address of its own (10.x.y.z, from its id; the server trusts the
 * loopback proxy in playwright.config.ts): the journeys share one server, and its per-address
 * limits (30 registrations an hour) are meant for one person, not for the whole suite.
 */
function journeyAddress(testId: string) {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${(hash & 253) + 1}`;
}

export const test = base.extend<{
  /** Console errors a test provokes on purpose (a single pattern: Playwright reads arrays as [value, options]). */
  expectedErrors: RegExp | null;
  consoleErrors: string[];
  expectAccessible: (page?: Page) => Promise<void>;
}>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': journeyAddress(testInfo.testId) });
  },
  expectedErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The browser logs every 4xx answer; those of our API are expected answers the page
        // handles (401 while signed out, 400 for a wrong code...). 5xx and missing files still fail.
        const apiClientError =
          /^Failed to load resource: the server responded with a status of 4\d\d/.test(
            message.text(),
          ) && new URL(message.location().url, 'http://x').pathname.startsWith('/api/');
        if (!apiClientError) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter((text) => !expectedErrors?.test(text));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // A toast fading in or out is half transparent and axe would measure its contrast mid-way:
      // check the page at rest. Reduced motion stops transitions (a toast then shows or hides at
      // once), then the check waits for every finite animation to end.
      const reducedAlready = await target.evaluate(
        () => matchMedia('(prefers-reduced-motion: reduce)').matches,
      );
      await target.emulateMedia({ reducedMotion: 'reduce' });
      await target.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      );
      // axe-core itself, put in the page once per document (DevTools evaluation, which the page's
      // Content-Security-Policy does not govern) and run there. @axe-core/playwright's builder
      // injected it again at every check and finished each run in a new blank page: 1.2 s a
      // check against 0.15 s, the same violations (the app has no frames for it to visit).
      if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axe.source);
      const results = await target.evaluate(
        (values) =>
          (window as unknown as { axe: typeof axe }).axe.run(document, {
            runOnly: { type: 'tag', values },
            resultTypes: ['violations'],
          }),
        AXE_TAGS,
      );
      if (!reducedAlready) await target.emulateMedia({ reducedMotion: 'no-preference' });
      const serious = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        serious.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        ),
        `accessibility of ${target.url()}`,
      ).toEqual([]);
    });
  },
});

export { expect };

/** Switches the public site's language with the header's toggle. */
export async function switchSiteLanguage(page: Page, to: 'English' | 'Français') {
  const label = to === 'Français' ? 'Switch to Français' : 'Passer en English';
  await page.getByRole('banner').getByRole('button', { name: label }).click();
}
