import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { holdings } from '../../db/schema';
import { fetchRemote } from '../../platform/remote-fetch';

/**
 * A savings account's bank logo (spec 002's bank_logo_url). The browser never loads the address
 * the user typed (the CSP allows images from our origin only, and the address would learn who
 * looks at it): the server fetches it once, in the background after the change is saved, checks it
 * is a picture by decoding it, re-encodes it as a small WebP and stores it with the uploads. The
 * holding's `details.bankLogo` then names our copy; the app shows it, or the bank's initial while
 * there is none. One copy per address: accounts at the same bank share it and it is fetched once.
 */

export const BANK_LOGO_SIZE = 96;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

export const bankLogoKey = (url: string) =>
  `bank-logos/${createHash('sha256').update(url).digest('hex').slice(0, 32)}.webp`;

async function storedLogo(ctx: ServerContext, url: string): Promise<string | null> {
  const key = bankLogoKey(url);
  if (await ctx.storage.has(key)) return ctx.storage.urlOf(key);
  const content = await fetchRemote(url, {
    allowPrivateNetworks: ctx.config.allowPrivateNetworkFetch,
    maxBytes: 2 * 1024 * 1024,
  });
  // sharp (native, slow to load) is loaded on the first logo rather than at start-up.
  const { default: sharp } = await import('sharp');
  const format = (await sharp(content).metadata()).format;
  if (!format || !ACCEPTED_FORMATS.has(format)) return null;
  const image = await sharp(content, { limitInputPixels: 16_000_000 })
    .resize(BANK_LOGO_SIZE, BANK_LOGO_SIZE, {
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .webp({ quality: 90 })
    .toBuffer();
  return ctx.storage.put(key, image);
}

/**
 * Brings the stored logo of these holdings in line with their `bankLogoUrl` (after the write that
 * set it has committed). A logo that cannot be fetched or is not a picture leaves none, logged.
 */
export function refreshBankLogos(
  ctx: ServerContext,
  which: { holdingIds: readonly string[] } | { portfolioId: string },
) {
  if ('holdingIds' in which && which.holdingIds.length === 0) return;
  ctx.jobs.run('bank-logos', async () => {
    const rows = await ctx.database.db
      .select({ id: holdings.id, details: holdings.details })
      .from(holdings)
      .where(
        and(
          'holdingIds' in which
            ? inArray(holdings.id, [...which.holdingIds])
            : and(
                eq(holdings.portfolioId, which.portfolioId),
                // An import: the accounts with an address and no copy yet.
                sql`${holdings.details}->>'bankLogoUrl' is not null`,
                sql`${holdings.details}->>'bankLogo' is null`,
              ),
          eq(holdings.class, 'savings'),
          eq(holdings.isActive, true),
        ),
      );
    const failures: string[] = [];
    for (const row of rows) {
      const details = (row.details ?? {}) as Record<string, unknown>;
      const url = typeof details.bankLogoUrl === 'string' ? details.bankLogoUrl : null;
      let logo: string | null = null;
      if (url) {
        try {
          logo = await storedLogo(ctx, url);
        } catch (error) {
          failures.push(`${row.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if ((details.bankLogo ?? null) === logo) continue;
      // Only if the address is still the one fetched (the user may have changed it meanwhile).
      await ctx.database.db
        .update(holdings)
        .set({ details: sql`${holdings.details} || ${JSON.stringify({ bankLogo: logo })}::jsonb` })
        .where(
          and(
            eq(holdings.id, row.id),
            url === null
              ? sql`${holdings.details}->>'bankLogoUrl' is null`
              : sql`${holdings.details}->>'bankLogoUrl' = ${url}`,
          ),
        );
    }
    // Logged by the job runner ('background job failed'); the others were done.
    if (failures.length > 0) throw new Error(`bank logos not fetched: ${failures.join('; ')}`);
  });
}
