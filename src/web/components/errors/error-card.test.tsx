import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readErrors } from '@/web/lib/error-capture';
import { AppErrorBoundary } from './app-error-boundary';
import { ConnectionErrorCard, DataErrorCard, TranslationErrorCard } from './error-card';

afterEach(() => i18n.changeLanguage('en'));

function Thrower({ when }: { when: () => boolean }) {
  if (when()) throw new Error('render failed');
  return <p>content is back</p>;
}

describe('error cards', () => {
  it("'Something went wrong' catches a render error, records it, and can try again", async () => {
    let failing = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Thrower when={() => failing} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(
      screen.getByText(
        "An unexpected error occurred. This has been logged and we're working to fix it.",
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeVisible();
    expect(readErrors()).toEqual([
      expect.objectContaining({
        message: 'render failed',
        context: expect.objectContaining({ source: 'react' }),
      }),
    ]);

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('content is back')).toBeVisible();
  });

  it("'Data loading failed' retries", async () => {
    const retry = vi.fn();
    render(<DataErrorCard onRetry={retry} />);
    expect(
      screen.getByText(
        "We couldn't load your financial data. Please check your connection and try again.",
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("'Connection issue' offers retry, refresh and tips", async () => {
    const retry = vi.fn();
    render(<ConnectionErrorCard onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Connection issue');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("'Translation Loading Error' shows in French too", async () => {
    await i18n.changeLanguage('fr');
    render(<TranslationErrorCard onRetry={() => {}} onDismiss={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Erreur de chargement des traductions');
  });
});
