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
});
