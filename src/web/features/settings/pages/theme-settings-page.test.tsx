import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';
import { ThemeSettingsPage } from './theme-settings-page';

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApplied();
});

function setup(...args: Parameters<typeof settingsApi>) {
  const api = settingsApi(...args);
  const user = userEvent.setup();
  const view = renderSettingsPage(<ThemeSettingsPage />, '/settings/theme');
  return { api, user, ...view };
}

const root = document.documentElement;

describe('ThemeSettingsPage', () => {
  it('shows the defaults and the colour scheme in use', async () => {
    setup();
    expect(await screen.findByRole('radio', { name: 'System' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Medium/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Normal/ })).toBeChecked();
    expect(screen.getByText('Cairn default')).toBeInTheDocument();
    expect(screen.getByText(/theme catalogue.*comes with a later release/)).toBeInTheDocument();
    expect(root.dataset.fontSize).toBeUndefined();
  });

  it('applies and saves each choice at once', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(root).toHaveClass('dark'));
    expect(window.localStorage.getItem('cairn.colorMode')).toBe('dark');
    await user.click(screen.getByRole('radio', { name: /^Large/ }));
    await waitFor(() => expect(root.dataset.fontSize).toBe('large'));
    await user.click(screen.getByRole('radio', { name: /^High/ }));
    await waitFor(() => expect(root.dataset.contrast).toBe('high'));
    await waitFor(() => expect(api.patches()).toHaveLength(3));
    expect(api.patches().map((call) => call.body)).toEqual([
      { theme: { mode: 'dark' } },
      { theme: { fontSize: 'large' } },
      { theme: { contrast: 'high' } },
    ]);
    expect((await screen.findAllByText('Theme settings saved')).length).toBeGreaterThan(0);
  });

  it('applies the saved theme on load', async () => {
    setup(
      testSettings({
        theme: { mode: 'dark', colorScheme: 'default', fontSize: 'small', contrast: 'high' },
      }),
    );
    await waitFor(() => expect(root).toHaveClass('dark'));
    expect(root.dataset.fontSize).toBe('small');
    expect(root.dataset.contrast).toBe('high');
  });

  it('undoes the change when saving fails', async () => {
    const { user } = setup(testSettings(), { fail: { status: 400, code: 'VALIDATION_ERROR' } });
    await user.click(await screen.findByRole('radio', { name: /^Large/ }));
    expect(await screen.findByText('Failed to save theme settings')).toBeInTheDocument();
    await waitFor(() => expect(root.dataset.fontSize).toBeUndefined());
    expect(screen.getByRole('radio', { name: /^Medium/ })).toBeChecked();
  });
});
