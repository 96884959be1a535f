import { Download, Gauge, Store, WifiOff } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/web/components/ui/button';
import {
  acknowledgeOfflineReady,
  applyUpdate,
  postponeUpdate,
  promptInstall,
  usePwaState,
} from '@/web/lib/pwa';
import { safeStorage, STORAGE_KEYS } from '@/web/lib/storage';

/** The install suggestion shows this long after the app opens (spec 002: 10 s; 0: never). */
export const INSTALL_PROMPT_DELAY_MS = 10_000;

/** Phones and tablets: where an installed app earns its place (spec 002: on a mobile device). */
const MOBILE_QUERY = '(max-width: 767px), (pointer: coarse)';

const UPDATE_TOAST = 'pwa-update';

/**
 * The installable app's notices: 'New version available' (Later, Update) while a new version
 * waits, 'Ready to work offline' once the app is cached, and on a phone the install suggestion, a
 * bottom sheet with what installing brings, once the browser offers it and unless it was
 * dismissed before.
 */
export function PwaNotices({
  installDelayMs = INSTALL_PROMPT_DELAY_MS,
}: {
  installDelayMs?: number;
}) {
  const { t } = useTranslation('pwa');
  const state = usePwaState();

  useEffect(() => {
    if (!state.updateAvailable) {
      toast.dismiss(UPDATE_TOAST);
      return;
    }
    toast(t('update.title'), {
      id: UPDATE_TOAST,
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('update.update'), onClick: applyUpdate },
      cancel: { label: t('update.later'), onClick: postponeUpdate },
    });
  }, [state.updateAvailable, t]);

  useEffect(() => {
    if (!state.offlineReady) return;
    toast.success(t('offlineReady'));
    acknowledgeOfflineReady();
  }, [state.offlineReady, t]);

  return <InstallSheet available={state.installAvailable} delayMs={installDelayMs} />;
}

function InstallSheet({ available, delayMs }: { available: boolean; delayMs: number }) {
  const { t } = useTranslation('pwa');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!available || delayMs <= 0) return;
    if (safeStorage.get(STORAGE_KEYS.installDismissed) === '1') return;
    if (!window.matchMedia?.(MOBILE_QUERY).matches) return;
    const timer = setTimeout(() => setOpen(true), delayMs);
    return () => clearTimeout(timer);
  }, [available, delayMs]);

  const dismiss = () => {
    safeStorage.set(STORAGE_KEYS.installDismissed, '1');
    setOpen(false);
  };
  const install = async () => {
    setOpen(false);
    await promptInstall();
  };

  const points = [
    { key: 'offline', icon: WifiOff },
    { key: 'fast', icon: Gauge },
    { key: 'noStore', icon: Store },
  ] as const;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : dismiss())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          data-testid="install-sheet"
          className="fixed inset-x-0 bottom-0 z-50 mx-auto grid w-full max-w-lg gap-4 rounded-t-2xl border bg-card p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-card-foreground shadow-xl outline-none"
        >
          <div className="flex items-start gap-3">
            <img src="/icon-192.png" alt="" className="size-12 shrink-0 rounded-xl" />
            <div className="grid gap-1">
              <DialogPrimitive.Title className="text-base font-semibold">
                {t('install.title')}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-muted-foreground">
                {t('install.description')}
              </DialogPrimitive.Description>
            </div>
          </div>
          <ul className="grid gap-2 text-sm">
            {points.map(({ key, icon: Icon }) => (
              <li key={key} className="flex items-start gap-2">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{t(`install.points.${key}`)}</span>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={dismiss}>
              {t('install.cancel')}
            </Button>
            <Button onClick={() => void install()}>
              <Download aria-hidden="true" />
              {t('install.install')}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
