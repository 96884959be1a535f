import { Toaster } from 'sonner';
import type { ColorMode } from '@/web/lib/color-mode';

/** The header's height (h-14): toasts come in under it, never over the breadcrumb or its controls. */
export const TOAST_TOP_OFFSET = 64;

/**
 * The app's toasts: at the top centre, where no dialog keeps its buttons (a dialog's footer is at
 * its bottom) and away from the corner where the Admin tools button floats; under the header (its
 * breadcrumb and controls stay readable). Several at once stack one under the other, whole and
 * apart (each close button clear of the toast above), not piled on each other. On phones they
 * span the width under the header.
 */
export function AppToaster({ theme }: { theme: ColorMode }) {
  return (
    <Toaster
      position="top-center"
      theme={theme}
      closeButton
      expand
      visibleToasts={3}
      gap={14}
      offset={{ top: TOAST_TOP_OFFSET }}
      mobileOffset={{ top: TOAST_TOP_OFFSET, left: 12, right: 12 }}
    />
  );
}
