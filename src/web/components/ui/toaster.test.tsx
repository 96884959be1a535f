import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from './toaster';

afterEach(() => {
  toast.dismiss();
});

describe('AppToaster', () => {
  it('shows toasts at the top centre, clear of a dialog’s footer buttons and of the Admin corner', async () => {
    render(<AppToaster theme="light" />);
    act(() => {
      toast.success('Saved');
    });
    const text = await screen.findByText('Saved');
    const list = text.closest('[data-sonner-toaster]');
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'center');
  });

  it('comes in under the header and lists several toasts whole, one under the other', async () => {
    render(<AppToaster theme="light" />);
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    const list = (await screen.findByText('Failed')).closest<HTMLElement>('[data-sonner-toaster]')!;
    // Under the 56 px header (its breadcrumb), not over it.
    expect(list.style.getPropertyValue('--offset-top')).toBe('64px');
    expect(list.style.getPropertyValue('--mobile-offset-top')).toBe('64px');
    // Expanded: each toast in its own place, none piled under another.
    for (const toastElement of list.querySelectorAll('[data-sonner-toast]'))
      expect(toastElement).toHaveAttribute('data-expanded', 'true');
  });
});
