import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuReadOnlyNote,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { ReadOnlyProvider } from './read-only';
import { NativeSelect } from './select';
import { Switch } from './switch';
import { TooltipProvider } from './tooltip';

const REASON = 'Unavailable offline: changes are disabled until the connection is back.';

function renderReadOnly(ui: React.ReactNode, reason: string | null = REASON) {
  return render(
    <TooltipProvider delayDuration={0}>
      <ReadOnlyProvider reason={reason}>{ui}</ReadOnlyProvider>
    </TooltipProvider>,
  );
}

describe('change controls while changes are off (offline)', () => {
  it('a button that changes something shows as disabled, stays focusable, says why and does nothing', async () => {
    const onClick = vi.fn();
    const submit = vi.fn((event: React.FormEvent) => event.preventDefault());
    renderReadOnly(
      <form onSubmit={submit}>
        <input aria-label="Name" />
        <Button change type="submit" onClick={onClick}>
          Add
        </Button>
        <Button onClick={onClick}>Show as table</Button>
      </form>,
    );
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).not.toBeDisabled();
    await userEvent.click(add);
    // Enter in a field submits through the default button: refused too.
    await userEvent.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    // Keyboard users reach it (from the field) and hear why.
    await userEvent.tab();
    expect(add).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
    // A button that only shows something works as usual.
    const show = screen.getByRole('button', { name: 'Show as table' });
    expect(show).not.toHaveAttribute('aria-disabled');
    await userEvent.click(show);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('works again, unchanged, once changes are on', async () => {
    const onClick = vi.fn();
    renderReadOnly(
      <Button change onClick={onClick}>
        Add
      </Button>,
      null,
    );
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).not.toHaveAttribute('aria-disabled');
    await userEvent.click(add);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a link styled as a button does not navigate', () => {
    renderReadOnly(
      <Button change asChild>
        <a href="/transactions?new=1">New transaction</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'New transaction' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    // fireEvent returns false when the default action (following the link) was prevented.
    expect(fireEvent.click(link)).toBe(false);
  });

  it('a status select takes no choice, and says why to the keyboard as to the pointer', async () => {
    const onChange = vi.fn();
    renderReadOnly(
      <NativeSelect change aria-label="Status" value="completed" onChange={onChange}>
        <option value="completed">Completed</option>
        <option value="cancelled">Cancelled</option>
      </NativeSelect>,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveAttribute('aria-disabled', 'true');
    // Reached by the keyboard, it says why.
    await userEvent.tab();
    expect(select).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.selectOptions(select, 'cancelled').catch(() => undefined);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a switch saved as it flips does not flip', async () => {
    const onCheckedChange = vi.fn();
    renderReadOnly(
      <Switch change aria-label="Sign-in alerts" checked onCheckedChange={onCheckedChange} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Sign-in alerts' });
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(toggle);
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('menu items that change something are disabled, under a note that says why', async () => {
    const onSelect = vi.fn();
    renderReadOnly(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuReadOnlyNote />
          <DropdownMenuItem change onSelect={onSelect}>
            Delete
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onSelect}>View transactions</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(REASON);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'View transactions' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});
