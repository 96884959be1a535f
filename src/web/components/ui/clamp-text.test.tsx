import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClampText } from './clamp-text';

const NAME = 'Vanguard_FTSE_All_World_UCITS_ETF_USD_Accumulating_Share_Class_Ireland_Domiciled';

afterEach(() => vi.restoreAllMocks());

/** The browser's measure of the text's box: what it would need against what it has. */
function measure(needed: number, shown: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(needed);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(shown);
}

describe('a long name in a table', () => {
  it('wraps anywhere, at most two lines, and carries the whole name in its title once cut', () => {
    measure(120, 40);
    render(<ClampText text={NAME} />);
    const name = screen.getByText(NAME);
    expect(name).toHaveClass('[overflow-wrap:anywhere]', 'line-clamp-2');
    expect(name).toHaveAttribute('title', NAME);
  });

  it('has no title when it shows whole', () => {
    measure(40, 40);
    render(
      <ClampText text="AAPL Apple Inc.">
        <b>AAPL</b> Apple Inc.
      </ClampText>,
    );
    expect(screen.getByText('AAPL').parentElement).not.toHaveAttribute('title');
  });
});
