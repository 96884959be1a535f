import { BellRing, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import {
  type BrowserPush,
  browserPushState,
  disableBrowserPush,
  enableBrowserPush,
} from '@/web/lib/web-push';

/**
 * This browser's push state and the two actions of the push switch: turning it on asks the
 * browser's permission and subscribes it (the account setting then waits for Save), turning it
 * off unsubscribes this browser.
 */
export function useBrowserPush(onCheckedChange: (checked: boolean) => void) {
  const [state, setState] = useState<BrowserPush | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    browserPushState().then(
      (found) => live && setState(found),
      () => live && setState('no-worker'),
    );
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const found = await enableBrowserPush();
      setState(found);
      if (found === 'subscribed') onCheckedChange(true);
    });

  const turnOff = () =>
    run(async () => {
      await disableBrowserPush();
      setState((found) => (found === 'subscribed' ? 'off' : found));
      onCheckedChange(false);
    });

  return { state, busy, failure, turnOn, turnOff };
}

/** What this browser can do with push, under the push switch (live: it changes on a click). */
export function PushBrowserStatus({
  id,
  enabled,
  state,
  failure,
  busy,
  onTurnOn,
}: {
  id: string;
  enabled: boolean;
  state: BrowserPush | null;
  failure: unknown;
  busy: boolean;
  onTurnOn: () => void;
}) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const problem =
    failure !== null
      ? `${t('notifications.push.browser.failed')} ${
          // The browser's own push service said no (a private window, no push service).
          failure instanceof DOMException
            ? t('notifications.push.browser.serviceRefused')
            : errorText(failure)
        }`
      : state === 'unsupported'
        ? t('notifications.push.browser.unsupported')
        : state === 'denied'
          ? t('notifications.push.browser.denied')
          : state === 'no-worker'
            ? t('notifications.push.browser.noWorker')
            : null;
  return (
    <span id={id} aria-live="polite" className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      {state === null ? (
        <span>{t('notifications.push.browser.checking')}</span>
      ) : problem ? (
        <span
          role={failure !== null ? 'alert' : undefined}
          className="flex items-start gap-1.5 text-warning"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          {problem}
        </span>
      ) : state === 'subscribed' ? (
        <span className="flex items-center gap-1.5 text-foreground">
          <BellRing aria-hidden className="size-3.5 shrink-0" />
          {t('notifications.push.browser.subscribed')}
        </span>
      ) : (
        <>
          <span>
            {enabled
              ? t('notifications.push.browser.notHere')
              : t('notifications.push.browser.off')}
          </span>
          {enabled ? (
            <Button
              change
              type="button"
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={onTurnOn}
            >
              {t('notifications.push.browser.turnOn')}
            </Button>
          ) : null}
        </>
      )}
    </span>
  );
}
