import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { ACCEPT_ALL, type ConsentChoice, REJECT_ALL } from '@/web/lib/consent/consent-store';
import { ConsentSwitch } from './consent-switch';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While the panel is open the rest of the page is inert (not focusable, hidden from assistive
 * technology) and does not scroll; focus returns where it was on close.
 */
function useModal(container: HTMLElement | null, onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!container) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = container.closest('[data-consent-portal]') ?? container;
    const made: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === host || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    container.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      for (const element of made) element.removeAttribute('inert');
      document.documentElement.style.overflow = overflow;
      previous?.focus();
    };
  }, [container]);
}

/** Keeps Tab and Shift+Tab inside the panel; Escape closes it without saving. */
function trapKeys(event: KeyboardEvent<HTMLElement>, onClose: () => void) {
  if (event.key === 'Escape') {
    event.preventDefault();
    onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

type Category = 'analytics' | 'errorMonitoring';

type ConsentPreferencesProps = {
  /** The choice shown when the panel opens. */
  initial: ConsentChoice;
  /** Which optional services this server has set up (the others say so). */
  configured: Record<Category, boolean>;
  onSave: (choice: ConsentChoice) => void;
  onClose: () => void;
};

/**
 * The preferences panel: necessary (always on), analytics and error monitoring, each explained;
 * reject all, accept all, or save the switches as set. A modal dialog in a portal (the public
 * site has no Radix: native elements, its own focus trap).
 */
export function ConsentPreferences({
  initial,
  configured,
  onSave,
  onClose,
}: ConsentPreferencesProps) {
  const { t } = useTranslation('consent');
  const id = useId();
  const [choice, setChoice] = useState<ConsentChoice>(initial);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  useModal(panel, onClose);

  const row = (category: Category | 'necessary') => {
    const titleId = `${id}-${category}-title`;
    const textId = `${id}-${category}-text`;
    return (
      <li key={category} className="flex items-start gap-4 py-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-sm font-medium">
            {t(`preferences.categories.${category}.title`)}
          </h3>
          <p id={textId} className="mt-0.5 text-[13px] leading-snug text-muted-foreground">
            {t(`preferences.categories.${category}.text`)}
          </p>
          {category !== 'necessary' && !configured[category] ? (
            <p className="mt-1 text-xs text-muted-foreground italic">
              {t('preferences.notConfigured')}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 pt-0.5">
          {category === 'necessary' ? (
            <>
              <ConsentSwitch
                checked
                disabled
                aria-labelledby={titleId}
                aria-describedby={`${textId} ${id}-always`}
              />
              <span id={`${id}-always`} className="text-xs text-muted-foreground">
                {t('preferences.alwaysOn')}
              </span>
            </>
          ) : (
            <ConsentSwitch
              checked={choice[category]}
              onCheckedChange={(checked) => setChoice((now) => ({ ...now, [category]: checked }))}
              aria-labelledby={titleId}
              aria-describedby={textId}
            />
          )}
        </div>
      </li>
    );
  };

  return createPortal(
    <div
      data-consent-portal=""
      className="fixed inset-0 z-[60] flex items-end justify-center sm:items-center sm:p-4"
    >
      <div aria-hidden="true" className="absolute inset-0 bg-black/45" onClick={onClose} />
      <div
        ref={setPanel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onKeyDown={(event) => trapKeys(event, onClose)}
        className="relative flex max-h-[90dvh] w-full flex-col overflow-y-auto rounded-t-xl border bg-card text-card-foreground shadow-xl sm:max-w-lg sm:rounded-xl"
      >
        <div className="flex items-start justify-between gap-4 px-5 pt-5">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {t('preferences.title')}
          </h2>
          <button
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
            aria-label={t('preferences.close')}
            onClick={onClose}
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <p id={`${id}-description`} className="px-5 pt-1 text-[13px] text-muted-foreground">
          {t('preferences.description')}
        </p>
        <ul className="divide-y px-5 pt-2">
          {row('necessary')}
          {row('analytics')}
          {row('errorMonitoring')}
        </ul>
        <div className="mt-2 grid grid-cols-2 gap-2 border-t px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end">
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => onSave(REJECT_ALL)}
          >
            {t('preferences.rejectAll')}
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => onSave(ACCEPT_ALL)}
          >
            {t('preferences.acceptAll')}
          </button>
          <button
            type="button"
            className={`${buttonVariants()} col-span-2`}
            onClick={() => onSave(choice)}
          >
            {t('preferences.save')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
