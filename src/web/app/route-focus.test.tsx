import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';

function Page({ title, children }: { title: string; children?: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Cairn`;
  }, [title]);
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A page whose heading shows only once its data has come (a skeleton first). */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 150);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <Page title="Transactions" /> : <p>loading</p>;
}

function FormPage() {
  return (
    <Page title="Sign in">
      <input aria-label="Email" autoFocus />
    </Page>
  );
}

/** An empty state whose button goes once the first item exists. */
function EmptyStatePage() {
  const [items, setItems] = useState<string[]>([]);
  return (
    <Page title="Portfolios">
      {items.length === 0 ? (
        <button type="button" onClick={() => setItems(['First'])}>
          Add your first portfolio
        </button>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function Layout() {
  return (
    <>
      <nav>
        <Link to="/dashboard">Dashboard</Link>
        <Link to="/transactions">Transactions</Link>
        <Link to="/login">Sign in</Link>
        <Link to="/dashboard?range=1Y">One year</Link>
      </nav>
      <main>
        <Outlet />
      </main>
      <RouteFocus />
    </>
  );
}

function renderApp(initial = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/dashboard', element: <Page title="Dashboard" /> },
          {
            path: '/holdings',
            element: (
              <Page title="Holdings">
                <Link to="/transactions">All transactions</Link>
              </Page>
            ),
          },
          { path: '/transactions', element: <SlowPage /> },
          { path: '/login', element: <FormPage /> },
          { path: '/portfolios', element: <EmptyStatePage /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const liveRegion = () => screen.getByRole('status');

describe('focus after a route change', () => {
  it('is left alone on the first load', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
    expect(liveRegion()).toHaveTextContent('');
  });

  it('moves to the new page’s heading (out of the Tab order) and announces its title', async () => {
    const router = renderApp('/dashboard');
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: 'Dashboard' });
    await user.click(link);
    // The same page: nothing moves.
    expect(document.activeElement).toBe(link);

    await act(() => router.navigate('/holdings'));
    const heading = screen.getByRole('heading', { name: 'Holdings' });
    expect(document.activeElement).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Holdings · Cairn'));
  });

  it('waits for a heading that shows once the page has loaded', async () => {
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    const heading = await screen.findByRole('heading', { name: 'Transactions' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Transactions · Cairn'));
  });

  it('is not moved by a change of the search alone', async () => {
    renderApp('/dashboard');
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: 'One year' });
    await user.click(link);
    expect(document.activeElement).toBe(link);
  });

  it('leaves a field the new page focused itself', async () => {
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Sign in · Cairn'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });
});

describe('a link inside the page to a page that loads', () => {
  it('ends on the new heading, not on <main> where focus waited', async () => {
    renderApp('/holdings');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'All transactions' }));
    const heading = await screen.findByRole('heading', { name: 'Transactions' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

describe('focus that would fall to <body>', () => {
  it('goes to the heading when the focused empty-state button leaves the page', async () => {
    renderApp('/portfolios');
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Add your first portfolio' });
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(add);
    await user.keyboard('{Enter}');
    expect(screen.getByText('First')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Portfolios' })),
    );
  });
});
