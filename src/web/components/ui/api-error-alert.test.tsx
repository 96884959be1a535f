import { renderHook, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/web/lib/api-client';
import { renderWithProviders } from '@/web/test/render';
import { ApiErrorAlert, useErrorText } from './api-error-alert';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const feature = (requiredTier: unknown) =>
  new ApiError(403, 'TIER_FEATURE', 'TIER_FEATURE', {
    feature: 'advanced_analytics',
    requiredTier,
    tier: 'free',
  });

function text(error: unknown) {
  const { result } = renderHook(() => useErrorText());
  return result.current(error);
}

describe('a refusal of the plan', () => {
  it('names the plan that has the feature, in English', () => {
    expect(text(feature('classic'))).toBe(
      'This needs the Premium plan. Upgrade your plan to use it.',
    );
    expect(text(feature('pro'))).toBe(
      'This needs the Enterprise plan. Upgrade your plan to use it.',
    );
  });

  it('names the plan that has the feature, in French', async () => {
    await i18n.changeLanguage('fr');
    expect(text(feature('classic'))).toBe(
      'Cette fonctionnalité nécessite l’offre Premium. Changez d’offre pour l’utiliser.',
    );
    expect(text(feature('pro'))).toBe(
      'Cette fonctionnalité nécessite l’offre Entreprise. Changez d’offre pour l’utiliser.',
    );
  });

  it('keeps the general text when the plan is not named', () => {
    expect(text(feature(undefined))).toBe(
      'Your plan does not include this feature. Upgrade your plan to use it.',
    );
    expect(text(feature('platinum'))).toBe(
      'Your plan does not include this feature. Upgrade your plan to use it.',
    );
  });

  it('ends with the way to the plans, for limits and features alike', () => {
    renderWithProviders(
      <>
        <ApiErrorAlert error={feature('classic')} />
        <ApiErrorAlert
          error={new ApiError(403, 'TIER_ASSET_LIMIT', 'x', { tier: 'free', limit: 10 })}
        />
        <ApiErrorAlert error={new ApiError(404, 'PORTFOLIO_NOT_FOUND', 'x')} />
      </>,
      { route: '/assets?portfolio=p1&sim=s1' },
    );
    const [first, second, third] = screen.getAllByRole('alert') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription?sim=s1',
    );
    expect(second).toHaveTextContent(
      'Your plan allows 10 assets per portfolio. Upgrade your plan to add more.',
    );
    expect(within(second).getByRole('link', { name: 'See plans' })).toBeInTheDocument();
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
  });
});
