import { Toaster } from 'sonner';
import type { ColorMode } from '@/web/lib/color-mode';

/**
 * The app's toasts: at the top centre, where no dialog keeps its buttons (a dialog's footer is at
 * its bottom) and away from the corner where the Admin tools button floats. On phones they span
 * the width under the top edge.
 */
export function AppToaster({ theme }: { theme: ColorMode }) {
  return (
    <Toaster
      position="top-center"
      theme={theme}
      closeButton
      offset={{ top: 16 }}
      mobileOffset={{ top: 12, left: 12, right: 12 }}
    />
  );
}
