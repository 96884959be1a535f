import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { AppBreadcrumb } from './app-breadcrumb';

afterEach(() => i18n.changeLanguage('en'));

describe('AppBreadcrumb', () => {
  it('renders nothing on the root path', () => {
    const { container } = renderWithProviders(<AppBreadcrumb portfolioName="Main" />, {
      route: '/',
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('shows home, the portfolio, the levels and the current page, keeping scope parameters', () => {
    renderWithProviders(<AppBreadcrumb portfolioName="Long-term portfolio" />, {
      route: '/goals/my-house-fund?portfolio=p1&sim=s2&tab=x',
    });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const list = within(crumbs).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/dashboard?portfolio=p1&sim=s2',
    );
    expect(within(crumbs).getByText('Long-term portfolio')).toHaveClass('truncate');
    expect(within(crumbs).getByRole('link', { name: 'Goals' })).toHaveAttribute(
      'href',
      '/goals?portfolio=p1&sim=s2',
    );
    const current = within(crumbs).getByText('My house fund');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.closest('a')).toBeNull();
  });

  it('shows a level without a page as text', () => {
    renderWithProviders(<AppBreadcrumb hasPage={(path) => path !== '/settings'} />, {
      route: '/settings/security',
    });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(crumbs).getByText('Settings')).toBeInTheDocument();
    expect(within(crumbs).getByText('Security')).toHaveAttribute('aria-current', 'page');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<AppBreadcrumb />, { route: '/assets/crowdfunding' });
    const crumbs = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(within(crumbs).getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(within(crumbs).getByRole('link', { name: 'Actifs' })).toBeInTheDocument();
    expect(within(crumbs).getByText('Financement participatif')).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
