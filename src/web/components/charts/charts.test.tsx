import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AllocationChart } from './allocation-chart';
import { ChartFigure } from './chart-figure';
import { useReducedMotion } from './chart-hooks';
import { Sparkline } from './sparkline';
import { ValueChart } from './value-chart';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const SERIES = [
  { date: '2026-01-01', value: '1000.00', netContributions: '1000.00' },
  { date: '2026-02-01', value: '1100.50', netContributions: '1050.00' },
];

/** A container 600 px wide, as a browser would measure it. */
function stubResizeObserver(width = 600) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private callback: ResizeObserverCallback) {}
      observe() {
        this.callback(
          [{ contentRect: { width } } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      disconnect() {}
      unobserve() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 240,
  } as DOMRect);
}

describe('ValueChart', () => {
  it('draws at its container width behind a text alternative', { timeout: 20_000 }, async () => {
    stubResizeObserver();
    const { container } = render(
      <ValueChart series={SERIES} currency="EUR" caption="Savings, 1 month" />,
    );
    const image = screen.getByRole('img');
    expect(image).toHaveAccessibleName(
      'Savings, 1 month: value went from €1,000.00 on Jan 1, 2026 to €1,100.50 on Feb 1, 2026; net contributions €1,050.00.',
    );
    // The drawing (recharts) loads on first use.
    await waitFor(
      () => expect(container.querySelector('svg.recharts-surface')).toHaveAttribute('width', '600'),
      { timeout: 10_000 },
    );
  });

  it('shows the same data as a table, latest first, numbers right-aligned', async () => {
    render(<ValueChart series={SERIES} currency="USD" caption="Main, 1 month" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Main, 1 month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateValueNet contributions',
      'Feb 1, 2026$1,100.50$1,050.00',
      'Jan 1, 2026$1,000.00$1,000.00',
    ]);
    expect(within(rows[1]!).getByText('$1,100.50')).toHaveClass('text-right', 'tabular');
    expect(within(table).getByRole('rowheader', { name: 'Feb 1, 2026' })).toBeVisible();
  });

  it('draws no lone dot for a single day, and says when the curve starts', async () => {
    render(<ValueChart series={SERIES.slice(0, 1)} currency="EUR" caption="Bear case, 1 year" />);
    const image = screen.getByRole('img', {
      name: 'Bear case, 1 year: value €1,000.00 on Jan 1, 2026, its first day; net contributions €1,000.00.',
    });
    expect(image).toHaveTextContent(
      'One day of history so far: the curve starts tomorrow. Its figures are in the table.',
    );
    expect(image.querySelector('svg')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(screen.getByRole('table', { name: 'Bear case, 1 year' })).getAllByRole(
      'row',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateValueNet contributions',
      'Jan 1, 2026€1,000.00€1,000.00',
    ]);
  });

  it('says so when there is nothing to draw', () => {
    render(<ValueChart series={[]} currency="EUR" caption="Empty" />);
    expect(screen.getByRole('img', { name: 'No data for this period yet.' })).toBeVisible();
  });

  it('writes the table in French', async () => {
    await i18n.changeLanguage('fr');
    render(<ValueChart series={SERIES} currency="EUR" caption="Épargne" />);
    await userEvent.click(screen.getByRole('button', { name: 'Afficher en tableau' }));
    const rows = within(screen.getByRole('table', { name: 'Épargne' })).getAllByRole('row');
    expect(rows[1]?.textContent?.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      '1 févr. 20261 100,50 €1 050,00 €',
    );
  });
});

describe('AllocationChart', () => {
  it('names every part with its share and amount, largest first, also as a table', async () => {
    render(
      <AllocationChart
        caption="Allocation by currency"
        currency="EUR"
        parts={[
          { key: 'USD', label: 'USD', value: '250.00', weight: 0.25 },
          { key: 'EUR', label: 'EUR', value: '750.00', weight: 0.75 },
        ]}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Allocation by currency: EUR 75.0% and USD 25.0%.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PartShareAmount',
      'EUR75.0%€750.00',
      'USD25.0%€250.00',
    ]);
  });
});

describe('ChartFigure', () => {
  it('falls back to the table when the drawing fails, and the rest goes on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <>
        <ChartFigure summary="Broken chart" chart={<Broken />} table={<p>the figures</p>} />
        <p>the rest of the page</p>
      </>,
    );
    expect(screen.getByText(/This chart could not be drawn/)).toBeVisible();
    expect(screen.getByText('the figures')).toBeVisible();
    expect(screen.getByText('the rest of the page')).toBeVisible();
  });
});

describe('Sparkline', () => {
  it('draws a trend with a text alternative, and nothing without two points', () => {
    const { rerender } = render(<Sparkline values={[1, 3, 2]} label="Up from 1 to 2" />);
    expect(screen.getByRole('img', { name: 'Up from 1 to 2' })).toBeVisible();
    rerender(<Sparkline values={[1]} label="Nothing" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('useReducedMotion', () => {
  it('follows the reader’s motion preference', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });
});
