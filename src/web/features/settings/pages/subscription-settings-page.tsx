import { Check, CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/web/components/ui/badge';
import { SettingsPage, SettingsSection } from '../components/settings-ui';

const INCLUDED = ['portfolios', 'security', 'languages', 'themes'] as const;

/** /settings/subscription: Cairn is free here; nothing to pay or manage. */
export function SubscriptionSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsPage title={t('subscription.title')} description={t('subscription.description')}>
      <SettingsSection id="subscription-plan" title={t('subscription.plan.title')}>
        <div className="flex flex-wrap items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
          >
            <CreditCard className="size-5" />
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
              {t('subscription.plan.name')}
              <Badge variant="success">{t('subscription.plan.active')}</Badge>
            </p>
            <p className="text-muted-foreground">{t('subscription.plan.text')}</p>
          </div>
        </div>
      </SettingsSection>
      <SettingsSection
        id="subscription-included"
        title={t('subscription.included.title')}
        description={t('subscription.included.description')}
      >
        <ul className="grid gap-2 sm:grid-cols-2">
          {INCLUDED.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gain" />
              {t(`subscription.included.items.${item}`)}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-[13px] text-muted-foreground">{t('subscription.included.later')}</p>
      </SettingsSection>
    </SettingsPage>
  );
}
