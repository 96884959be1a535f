import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/contracts/auth';
import { renderWithProviders } from '@/web/test/render';
import { profileKeys } from '../api/queries';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testSession, testUser } from '@/web/test/mock-api';
import { ProfilePage } from './profile-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

type Routes = Parameters<typeof mockApi>[0];

function setup(user: User = testUser, routes: Routes = {}, options = {}) {
  const api = mockApi({ 'GET /profile': { body: { user } }, ...routes });
  const events = userEvent.setup(options);
  const view = renderWithProviders(
    <>
      <ProfilePage />
      <Toaster />
    </>,
    { route: '/profile' },
  );
  return { api, user: events, ...view };
}

function fileOf(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('ProfilePage', () => {
  it('shows the details, the role and initials when there is no picture', async () => {
    setup({ ...testUser, fullName: null, email: 'ada.lovelace@example.com' });
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByLabelText('Email')).toHaveValue('ada.lovelace@example.com');
    expect(within(details).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(details).getByText('User')).toBeInTheDocument();
    expect(within(details).getByText('Confirmed')).toBeInTheDocument();
    const photo = screen.getByRole('region', { name: 'Photo' });
    expect(within(photo).getByText('AL')).toBeInTheDocument();
    expect(screen.getByText('Member since Jan 1, 2026')).toBeInTheDocument();
    expect(document.title).toBe('Profile · Cairn');
  });

  it('refuses an avatar over 5 MB before uploading', async () => {
    const { api, user } = setup();
    const input = await screen.findByLabelText('Choose a photo');
    await user.upload(input, fileOf('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Avatar file size cannot exceed 5MB',
    );
    expect(api.callsTo('POST', '/profile/avatar')).toHaveLength(0);
  });

  it('refuses other image types before uploading', async () => {
    const { api, user } = setup(testUser, {}, { applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Choose a photo'),
      fileOf('a.gif', 'image/gif', 10),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Avatar must be a JPEG, PNG, or WebP image',
    );
    expect(api.callsTo('POST', '/profile/avatar')).toHaveLength(0);
  });

  it('uploads a picture as multipart form data', async () => {
    const updated = { ...testUser, avatarUrl: '/uploads/avatars/ada.webp' };
    const { api, user, queryClient } = setup(testUser, {
      'POST /profile/avatar': { body: { user: updated } },
      'GET /auth/session': { body: testSession({ user: updated }) },
    });
    const file = fileOf('me.webp', 'image/webp', 2048);
    await user.upload(await screen.findByLabelText('Choose a photo'), file);

    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/profile/avatar');
    expect(call?.body).toBeInstanceOf(FormData);
    expect((call?.body as FormData).get('file')).toBe(file);
    const init = api.spy.mock.calls.find(([url]) => String(url).endsWith('/profile/avatar'))?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
    expect(queryClient.getQueryData(profileKeys.me())).toEqual({ user: updated });
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  it('shows the server refusing the file type', async () => {
    const { user } = setup(testUser, {
      'POST /profile/avatar': apiError(415, 'AVATAR_INVALID_TYPE'),
    });
    await user.upload(
      await screen.findByLabelText('Choose a photo'),
      fileOf('a.png', 'image/png', 10),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Avatar must be a JPEG, PNG, or WebP image',
    );
  });

  it('accepts a dropped file', async () => {
    const { api } = setup(testUser, {
      'POST /profile/avatar': { body: { user: testUser } },
    });
    const zone = await screen.findByTestId('avatar-drop-zone');
    const file = fileOf('me.png', 'image/png', 100);
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
    expect(zone).toHaveTextContent('Drop the image to upload it.');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    await waitFor(() => expect(api.callsTo('POST', '/profile/avatar')).toHaveLength(1));
  });

  it('saves the name, and refuses more than 100 characters', async () => {
    const saved = { ...testUser, fullName: 'Augusta Ada King' };
    const { api, user, queryClient } = setup(testUser, {
      'PATCH /profile': { body: { user: saved } },
    });
    queryClient.setQueryData(sessionKeys.all, testSession());
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name cannot exceed 100 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/profile')[0]?.body).toEqual({ fullName: 'Augusta Ada King' });
    // The session's copy of the user is marked stale (its observers refetch it).
    await waitFor(() =>
      expect(queryClient.getQueryState(sessionKeys.all)?.isInvalidated).toBe(true),
    );
  });

  it('says when saving failed (after retrying: setting the name is idempotent)', async () => {
    const { api, user } = setup(testUser, {
      'PATCH /profile': apiError(503, 'SERVICE_UNAVAILABLE'),
    });
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Two retries, 1 s then 2 s apart.
    expect(
      await screen.findByText('Failed to save profile', {}, { timeout: 6_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/profile')).toHaveLength(3);
  }, 10_000);

  it('renders in French', async () => {
    await i18n.changeLanguage('fr');
    setup({ ...testUser, role: 'admin', emailConfirmedAt: null });
    expect(await screen.findByRole('region', { name: 'Informations' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nom complet')).toHaveValue('Ada Lovelace');
    expect(screen.getByText('Administrateur')).toBeInTheDocument();
    expect(screen.getByText('Non confirmée')).toBeInTheDocument();
    expect(screen.getByText('Membre depuis le 1 janv. 2026')).toBeInTheDocument();
  });
});
