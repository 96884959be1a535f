import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { ReadOnlyProvider } from './read-only';
import { TooltipProvider } from './tooltip';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Opened by the page (a switch, a row's button), as the admin pages and the revoke dialogs do. */
function Controlled({
  onConfirm,
  pending,
  destructive,
}: {
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Ask</button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke “Budget script”?"
        description="Scripts using it stop working at once."
        confirmLabel="Revoke key"
        destructive={destructive}
        onConfirm={onConfirm}
        pending={pending}
        pendingLabel="Revoking…"
      >
        <p>A warning under the description</p>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens from its trigger, names the action and does nothing until Confirm', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        trigger={<Button>Sign out</Button>}
        title="Sign out this device?"
        description="Safari will need to sign in again."
        confirmLabel="Sign out device"
        destructive
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveAccessibleDescription('Safari will need to sign in again.');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sign out device' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    // Confirm closes it at once: the result shows on the page.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('is reached with the keyboard: Cancel has the focus first, Escape closes without acting', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        trigger={<Button>Remove</Button>}
        title="Remove “Phone”?"
        description="Codes from this app will no longer be accepted."
        confirmLabel="Remove authenticator"
        onConfirm={onConfirm}
      />,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());

    // Focus stays inside: Tab goes to Confirm and back to Cancel.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove authenticator' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();

    // Enter on Confirm acts.
    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('is opened by the page, shows what the page adds, and Cancel tells the page it closed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Controlled onConfirm={onConfirm} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke “Budget script”?' });
    expect(dialog).toHaveTextContent('A warning under the description');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('has a destructive variant for the confirm button and the default one otherwise', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled onConfirm={vi.fn()} destructive />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('button', { name: 'Revoke key' }).className).toMatch(/bg-destructive/);
    unmount();

    render(<Controlled onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('button', { name: 'Revoke key' }).className).not.toMatch(
      /bg-destructive/,
    );
  });

  it('stays open while the confirmed action runs, its buttons disabled, then the page closes it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(<Controlled onConfirm={onConfirm} pending={false} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    rerender(<Controlled onConfirm={onConfirm} pending />);
    expect(screen.getByRole('button', { name: 'Revoking…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape does not close it mid-way.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('says Cancel in the user’s language', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('fr');
    render(<Controlled onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });

  it('keeps a waiting confirm button from acting while changes are off (offline)', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <TooltipProvider delayDuration={0}>
        <ReadOnlyProvider reason="Unavailable offline">
          <Controlled onConfirm={onConfirm} pending={false} />
        </ReadOnlyProvider>
      </TooltipProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
