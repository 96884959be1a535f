import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceChart, PriceSparkline } from './price-chart';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const CLOSES = [
  { date: '2026-11-16', close: '100' },
  { date: '2026-11-17', close: '92.5' },
  { date: '2026-11-18', close: '131.25' },
  { date: '2026-11-20', close: '120' },
];
const nbsp = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ');

describe('PriceChart', () => {
  it('says what the line shows: first and last close, lowest and highest', () => {
    render(<PriceChart closes={CLOSES} currency="USD" caption="Price over 1 week (AAPL)" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Price over 1 week (AAPL): price went from $100.00 on Nov 16, 2026 to $120.00 on Nov 20, 2026; lowest $92.50, highest $131.25.',
    );
  });

  it('draws at its container width', { timeout: 20_000 }, async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private callback: ResizeObserverCallback) {}
        observe() {
          this.callback(
            [{ contentRect: { width: 358 } } as ResizeObserverEntry],
            this as unknown as ResizeObserver,
          );
        }
        disconnect() {}
        unobserve() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 358,
      height: 200,
    } as DOMRect);
    const { container } = render(<PriceChart closes={CLOSES} currency="USD" caption="AAPL" />);
    await waitFor(
      () => expect(container.querySelector('svg.recharts-surface')).toHaveAttribute('width', '358'),
      { timeout: 10_000 },
    );
  });

  it('shows the closes as a table, latest first, pence as quoted', async () => {
    render(<PriceChart closes={CLOSES} currency="GBp" caption="Price over 1 week (VOD.L)" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(
      screen.getByRole('table', { name: 'Price over 1 week (VOD.L)' }),
    ).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateClose',
      'Nov 20, 2026120 GBp',
      'Nov 18, 2026131.25 GBp',
      'Nov 17, 202692.5 GBp',
      'Nov 16, 2026100 GBp',
    ]);
  });

  it('says so when the period has no close', () => {
    render(<PriceChart closes={[]} currency="USD" caption="AAPL" />);
    expect(screen.getByRole('img', { name: 'No data for this period yet.' })).toBeVisible();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    render(<PriceChart closes={CLOSES} currency="EUR" caption="Cours sur 1 semaine (MC.PA)" />);
    expect(nbsp(screen.getByRole('img').getAttribute('aria-label'))).toBe(
      'Cours sur 1 semaine (MC.PA) : le cours est passé de 100,00 € le 16 nov. 2026 à 120,00 € le 20 nov. 2026 ; plus bas 92,50 €, plus haut 131,25 €.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Afficher en tableau' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(nbsp(rows[0]?.textContent)).toBe('DateClôture');
    expect(nbsp(rows[1]?.textContent)).toBe('20 nov. 2026120,00 €');
  });
});

describe('PriceSparkline', () => {
  it('is labelled with the period and the first and last close', () => {
    render(<PriceSparkline closes={CLOSES} currency="USD" range="1Y" />);
    expect(
      screen.getByRole('img', { name: 'Price over 1 year: from $100.00 to $120.00' }),
    ).toBeVisible();
  });

  it('draws nothing with fewer than two closes', () => {
    const { container } = render(
      <PriceSparkline closes={CLOSES.slice(0, 1)} currency="USD" range="1W" />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks French, small prices keeping their decimals', async () => {
    await i18n.changeLanguage('fr');
    render(
      <PriceSparkline
        closes={[
          { date: '2026-01-02', close: '0.000123' },
          { date: '2026-11-20', close: '0.00025' },
        ]}
        currency="USD"
        range="MAX"
      />,
    );
    expect(nbsp(screen.getByRole('img').getAttribute('aria-label'))).toBe(
      'Cours depuis la première clôture : de 0,000123 USD à 0,00025 USD',
    );
  });
});
