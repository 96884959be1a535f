import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/web/components/ui/button-variants';

type ConsentBannerProps = {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onChoose: () => void;
};

/**
 * The first-visit question (spec 002, "Cookie consent"): a compact sheet at the bottom of small
 * screens, a card in the corner of wider ones; the page stays usable. Refusing is one click, like
 * accepting, with the same weight.
 */
export function ConsentBanner({ onAcceptAll, onRejectAll, onChoose }: ConsentBannerProps) {
  const { t } = useTranslation('consent');
  return (
    <section
      aria-labelledby="consent-banner-title"
      aria-describedby="consent-banner-text"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-card px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-card-foreground shadow-[0_-4px_24px_rgb(0_0_0/0.12)] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[26rem] sm:rounded-xl sm:border sm:p-5 sm:shadow-xl"
    >
      <h2 id="consent-banner-title" className="text-sm font-semibold">
        {t('banner.title')}
      </h2>
      <p
        id="consent-banner-text"
        className="mt-1 text-[13px] leading-snug text-muted-foreground sm:text-sm"
      >
        {t('banner.text')}{' '}
        <a
          href="/cookies"
          className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
        >
          {t('banner.policy')}
        </a>
      </p>
      <div className="mt-3 grid grid-cols-3 gap-2 sm:mt-4">
        <button
          type="button"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          onClick={onChoose}
          aria-haspopup="dialog"
        >
          {t('banner.choose')}
        </button>
        <button type="button" className={buttonVariants({ size: 'sm' })} onClick={onRejectAll}>
          {t('banner.rejectAll')}
        </button>
        <button type="button" className={buttonVariants({ size: 'sm' })} onClick={onAcceptAll}>
          {t('banner.acceptAll')}
        </button>
      </div>
    </section>
  );
}
