import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationListResponse } from '@/contracts/notifications';
import { type ApiCall, mockApi } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { notificationKeys } from '../api/queries';
import { applyNotificationEvent } from '../lib/cache';
import { NotificationModal, pageNumbers } from './notification-modal';

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function note(overrides: Partial<Notification> & { id: string }): Notification {
  return {
    type: 'info',
    title: 'Stored title',
    message: 'Stored message',
    isRead: true,
    readAt: minutesAgo(1),
    createdAt: minutesAgo(5),
    metadata: {},
    ...overrides,
  };
}

const login = note({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'system',
  title: 'New sign-in',
  message: 'Your account was signed in to from a device.',
  isRead: false,
  readAt: null,
  createdAt: minutesAgo(3),
  metadata: { key: 'login', ipAddress: '203.0.113.9', browser: 'Firefox 140', os: 'macOS' },
});
const shared = note({
  id: '00000000-0000-4000-8000-000000000002',
  title: 'Portfolio shared with you',
  message: 'Ada invited you to the portfolio "Family".',
  createdAt: minutesAgo(60 * 26),
  metadata: { key: 'portfolioShared', params: { owner: 'Ada', portfolio: 'Family' } },
});

const counts = { all: 2, unread: 1, goals: 0, achievements: 0, system: 1 };

function listAnswer(
  rows: Notification[],
  total = rows.length,
  c: NotificationListResponse['counts'] = counts,
) {
  return { body: { notifications: rows, total, unread: c.unread, counts: c } };
}

/** Answers GET /notifications from the query: the summary (limit=0) or a page of a tab. */
type Page = ReturnType<typeof listAnswer>;

function routes(
  pages: (call: URLSearchParams) => Page | Promise<Page>,
  extra: Parameters<typeof mockApi>[0] = {},
) {
  const queries: URLSearchParams[] = [];
  const spy = vi.spyOn(globalThis, 'fetch');
  const api = mockApi({
    'GET /notifications': () => {
      const raw = spy.mock.calls.at(-1)?.[0];
      const url = new URL(String(raw instanceof Request ? raw.url : raw), 'http://localhost');
      queries.push(url.searchParams);
      if (url.searchParams.get('limit') !== '0') return pages(url.searchParams);
      // The summary: the same counts, no rows.
      return Promise.resolve(pages(url.searchParams)).then((page) => ({
        body: { ...page.body, notifications: [] },
      }));
    },
    ...extra,
  });
  return { api, queries };
}

function setup(
  pages: (query: URLSearchParams) => Page | Promise<Page> = () => listAnswer([login, shared]),
  extra: Parameters<typeof mockApi>[0] = {},
  realtime = false,
) {
  const { api, queries } = routes(pages, extra);
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  const view = renderWithProviders(
    <>
      <NotificationModal open onOpenChange={onOpenChange} realtime={realtime} />
      <Toaster />
    </>,
  );
  return { api, queries, user, onOpenChange, ...view };
}

const calls = (list: ApiCall[], method: string, path: string) =>
  list.filter((call) => call.method === method && call.path === path);

describe('NotificationModal', () => {
  it('shows the tabs with their counts and the rows: status, unread dot, texts, sign-in details, time', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = await within(dialog).findAllByTestId('notification-row');
    expect(rows).toHaveLength(2);
    expect(within(dialog).getByRole('tab', { name: /All\s*2/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: /Unread\s*1/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: /Achievements\s*0/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: /System\s*1/ })).toBeInTheDocument();

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(within(first).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(first).getByText('System')).toHaveClass('sr-only');
    expect(within(first).getByText('New sign-in')).toBeInTheDocument();
    expect(within(first).getByText('IP address: 203.0.113.9')).toBeInTheDocument();
    expect(within(first).getByText('Browser: Firefox 140')).toBeInTheDocument();
    expect(within(first).getByText('Operating system: macOS')).toBeInTheDocument();
    expect(within(first).getAllByText('3 minutes ago').length).toBeGreaterThan(0);
    expect(second).not.toHaveAttribute('data-unread');
    expect(within(second).queryByTestId('unread-dot')).toBeNull();
    expect(within(second).getAllByText('yesterday').length).toBeGreaterThan(0);
    expect(screen.getByTestId('range')).toHaveTextContent('1–2 of 2');
  });

  it('shows a notification in the current language from its key', async () => {
    await i18n.changeLanguage('fr');
    setup();
    expect(await screen.findByText('Portefeuille partagé avec vous')).toBeInTheDocument();
    expect(screen.getByText('Ada vous a invité au portefeuille « Family ».')).toBeInTheDocument();
    expect(screen.getByText('Adresse IP : 203.0.113.9')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Non lues\s*1/ })).toBeInTheDocument();
  });

  it('shows skeletons while loading, then the empty state of the tab', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const none = { all: 0, unread: 0, goals: 0, achievements: 0, system: 0 };
    setup(() => gate.then(() => listAnswer([], 0, none)));
    expect(await screen.findByTestId('loading')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText('New notifications appear here as they arrive.')).toBeInTheDocument();
    expect(screen.queryByTestId('range')).toBeNull();
  });

  it('pages 10 at a time with previous, next, page numbers and the range', async () => {
    const rows = Array.from({ length: 23 }, (_, i) =>
      note({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Note ${i}` }),
    );
    const many = { all: 23, unread: 0, goals: 0, achievements: 0, system: 0 };
    const { user, queries } = setup((query) => {
      const offset = Number(query.get('offset'));
      return listAnswer(rows.slice(offset, offset + 10), 23, many);
    });
    expect(await screen.findByText('Note 0')).toBeInTheDocument();
    expect(screen.getByTestId('range')).toHaveTextContent('1–10 of 23');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Note 10')).toBeInTheDocument();
    expect(screen.getByTestId('range')).toHaveTextContent('11–20 of 23');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Note 20')).toBeInTheDocument();
    expect(screen.getByTestId('range')).toHaveTextContent('21–23 of 23');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(queries.filter((q) => q.get('limit') === '10').map((q) => q.get('offset'))).toEqual([
      '0',
      '10',
      '20',
    ]);
  });

  it('asks each tab with its filter', async () => {
    const { user, queries } = setup();
    await screen.findAllByTestId('notification-row');
    for (const [name, filter] of [
      [/Unread/, 'unread=true'],
      [/Goals/, 'category=goals'],
      [/Achievements/, 'category=achievements'],
      [/System/, 'type=system'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name }));
      await waitFor(() => expect(queries.at(-1)?.toString()).toContain(filter));
    }
  });

  it('marks all read after 100 ms when opened with unread items and realtime on', async () => {
    let read = false;
    const { api } = setup(
      () =>
        read
          ? listAnswer([{ ...login, isRead: true }, shared], 2, { ...counts, unread: 0 })
          : listAnswer([login, shared]),
      {
        'POST /notifications/read-all': () => {
          read = true;
          return { body: { count: 1, unread: 0 } };
        },
      },
      true,
    );
    await screen.findAllByTestId('notification-row');
    await waitFor(() =>
      expect(calls(api.calls, 'POST', '/notifications/read-all')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
  });

  it('does not mark anything read by itself without realtime', async () => {
    const { api } = setup();
    await screen.findAllByTestId('notification-row');
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(calls(api.calls, 'POST', '/notifications/read-all')).toHaveLength(0);
  });

  it('marks all read from the actions menu, and one read from its row', async () => {
    const { api, user } = setup(undefined, {
      'POST /notifications/read-all': { body: { count: 1, unread: 0 } },
      [`PATCH /notifications/${shared.id}`]: {
        body: { notification: { ...shared, isRead: false, readAt: null } },
      },
    });
    await screen.findAllByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls(api.calls, 'POST', '/notifications/read-all')).toHaveLength(1),
    );
    await user.click(
      screen.getByRole('button', { name: 'Actions for “Portfolio shared with you”' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(calls(api.calls, 'PATCH', `/notifications/${shared.id}`)[0]?.body).toEqual({
        isRead: false,
      }),
    );
  });

  it('deletes read ones and all only after confirming, and one from its row', async () => {
    const { api, user } = setup(undefined, {
      'DELETE /notifications': { body: { count: 1, unread: 1 } },
      [`DELETE /notifications/${login.id}`]: { status: 204 },
    });
    await screen.findAllByTestId('notification-row');
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete read' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete read notifications?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(api.calls, 'DELETE', '/notifications')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete read' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(calls(api.calls, 'DELETE', '/notifications')).toHaveLength(1));
    const fetchUrls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(fetchUrls.some((url) => url.endsWith('/notifications?read=true'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete all' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Delete all notifications?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(api.calls, 'DELETE', '/notifications')).toHaveLength(2));
    expect(
      vi
        .mocked(fetch)
        .mock.calls.map(([input]) => String(input))
        .at(-3),
    ).not.toContain('read=true');

    await user.click(screen.getByRole('button', { name: 'Actions for “New sign-in”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls(api.calls, 'DELETE', `/notifications/${login.id}`)).toHaveLength(1),
    );
    // Many clicks through menus and dialogs: more than the default budget on a loaded machine.
  }, 20_000);

  it('takes a realtime insert into the first page and the counts at once', async () => {
    const { queryClient } = setup();
    await screen.findAllByTestId('notification-row');
    const arrived = note({
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Import finished',
      isRead: false,
      readAt: null,
      createdAt: new Date().toISOString(),
    });
    act(() => {
      applyNotificationEvent(queryClient, {
        type: 'notification-insert',
        notification: arrived,
        unread: 2,
      });
    });
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(queryClient.getQueryData<{ unread: number }>(notificationKeys.summary())?.unread).toBe(
      2,
    );
    expect(screen.getAllByTestId('notification-row')[0]).toHaveTextContent('Import finished');
  });
});

describe('pageNumbers', () => {
  it('lists every page up to 7, else the ends and the neighbours with gaps', () => {
    expect(pageNumbers(0, 3)).toEqual([0, 1, 2]);
    expect(pageNumbers(5, 12)).toEqual([0, 'gap', 4, 5, 6, 'gap', 11]);
    expect(pageNumbers(0, 12)).toEqual([0, 1, 'gap', 11]);
  });
});

describe('a notification about a page of the app', () => {
  it('links to it (metadata.path) and closes the modal when followed', async () => {
    const ready = note({
      id: '00000000-0000-4000-8000-000000000003',
      type: 'success',
      title: 'Your data is ready',
      message: 'The archive of your data is ready.',
      metadata: { key: 'dataExportReady', params: { hours: 24 }, path: '/settings/privacy' },
    });
    const away = note({
      id: '00000000-0000-4000-8000-000000000004',
      title: 'Elsewhere',
      metadata: { path: '//evil.example/x' },
    });
    const { user, onOpenChange } = setup(() => listAnswer([ready, away], 2));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = await within(dialog).findByRole('link', { name: 'Open: Your data is ready' });
    expect(link).toHaveAttribute('href', '/settings/privacy');
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
    await user.click(link);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
