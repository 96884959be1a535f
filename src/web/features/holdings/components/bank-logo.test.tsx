import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeHolding } from '../test/fixtures';
import { BankLogo } from './holdings-table';

const account = (details: Record<string, unknown>) =>
  makeHolding({
    class: 'savings',
    name: 'Livret A',
    details: { bankName: 'BNP Paribas', ...details },
  });

describe('BankLogo', () => {
  it('shows the server’s copy of the logo, decorative beside the bank’s name', () => {
    render(<BankLogo holding={account({ bankLogo: '/uploads/bank-logos/abc.webp' })} />);
    const logo = screen.getByTestId('bank-logo');
    expect(logo).toHaveAttribute('src', '/uploads/bank-logos/abc.webp');
    expect(logo).toHaveAttribute('alt', '');
  });

  it('shows the bank’s initial without a copy, and never loads the typed address', () => {
    render(
      <BankLogo
        holding={account({
          bankLogoUrl: 'https://bank.example/logo.png',
          bankLogo: 'https://x.example/l.png',
        })}
      />,
    );
    expect(screen.queryByTestId('bank-logo')).toBeNull();
    expect(screen.getByTestId('bank-initial')).toHaveTextContent('B');
    expect(document.querySelector('img')).toBeNull();
  });
});
