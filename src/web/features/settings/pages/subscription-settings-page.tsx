import { Check, CreditCard, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GATED_FEATURES, type Subscription } from '@/contracts/subscription';
import { requiredTierForFeature } from '@/domain/plans/plans';
import { Badge } from '@/web/components/ui/badge';
import { useFormatters } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { useSubscription } from '../api/subscription';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSection,
  SettingsSkeleton,
} from '../components/settings-ui';

function PlanSummary({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const active = subscription.status === 'active' || subscription.status === 'trialing';
  return (
    <div className="flex flex-wrap items-start gap-4">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground"
      >
        <CreditCard className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {t(`subscription.tiers.${subscription.tier}`)}
          <Badge variant={active ? 'success' : 'outline'}>
            {t(`subscription.statuses.${subscription.status}`)}
          </Badge>
        </p>
        <p className="text-muted-foreground">
          {subscription.currentPeriodEnd
            ? t(
                subscription.cancelAtPeriodEnd
                  ? 'subscription.plan.endsOn'
                  : 'subscription.plan.renewsOn',
                { date: format.date(subscription.currentPeriodEnd) },
              )
            : t('subscription.plan.byAdmin')}
        </p>
      </div>
    </div>
  );
}

function Usage({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const limit = subscription.limits.portfolioAssets;
  const over = subscription.usage.portfolios.some((row) => limit !== null && row.assets > limit);
  const usage = (used: number, max: number | null) =>
    max === null
      ? t('subscription.usage.unlimited', { used: format.number(used, 0) })
      : t('subscription.usage.ofLimit', {
          used: format.number(used, 0),
          limit: format.number(max, 0),
        });
  return (
    <div className="grid gap-3">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('subscription.usage.caption')}</caption>
        <thead>
          <tr className="border-b text-left text-[13px] text-muted-foreground">
            <th scope="col" className="py-2 font-medium">
              {t('subscription.usage.portfolio')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('subscription.usage.assets')}
            </th>
          </tr>
        </thead>
        <tbody>
          {subscription.usage.portfolios.map((row) => (
            <tr key={row.portfolioId} className="border-b last:border-0">
              <td className="py-2">{row.name}</td>
              <td className="tabular py-2 text-right">{usage(row.assets, limit)}</td>
            </tr>
          ))}
          <tr>
            <td className="py-2">{t('subscription.usage.goals')}</td>
            <td className="tabular py-2 text-right">
              {usage(subscription.usage.goals, subscription.limits.goals)}
            </td>
          </tr>
        </tbody>
      </table>
      {over ? (
        <p className="text-[13px] text-muted-foreground">{t('subscription.usage.over')}</p>
      ) : null}
    </div>
  );
}

/** /settings/subscription: the plan, what it allows, its usage and how it changes. */
export function SubscriptionSettingsPage() {
  const { t } = useTranslation('settings');
  const subscription = useSubscription();
  const isAdmin = useSession().data?.user.role === 'admin';
  return (
    <SettingsPage title={t('subscription.title')} description={t('subscription.description')}>
      {subscription.isPending ? (
        <SettingsSkeleton sections={[1, 3, 5]} />
      ) : subscription.isError ? (
        <SettingsLoadError onRetry={() => void subscription.refetch()} />
      ) : (
        <>
          <SettingsSection id="subscription-plan" title={t('subscription.plan.title')}>
            <PlanSummary subscription={subscription.data} />
          </SettingsSection>
          <SettingsSection
            id="subscription-usage"
            title={t('subscription.usage.title')}
            description={t('subscription.usage.description')}
          >
            <Usage subscription={subscription.data} />
          </SettingsSection>
          <SettingsSection
            id="subscription-included"
            title={t('subscription.included.title')}
            description={t('subscription.included.description')}
          >
            <ul className="grid gap-2 sm:grid-cols-2">
              {GATED_FEATURES.map((feature) => {
                const included = subscription.data.features.includes(feature);
                return (
                  <li key={feature} className="flex items-start gap-2">
                    {included ? (
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gain" />
                    ) : (
                      <Minus
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                      />
                    )}
                    <span className={included ? undefined : 'text-muted-foreground'}>
                      {t(`subscription.features.${feature}`)}
                      <span className="sr-only">
                        {' '}
                        {included ? t('subscription.included.yes') : t('subscription.included.no')}
                      </span>
                    </span>
                    {included ? null : (
                      <Badge variant="outline" className="ml-auto shrink-0">
                        {t(`subscription.tiers.${requiredTierForFeature(feature)}`)}
                      </Badge>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="mt-4 text-[13px] text-muted-foreground">
              {subscription.data.managedBy === 'billing' ? (
                t('subscription.included.byBilling')
              ) : isAdmin ? (
                <>
                  {t('subscription.included.youAreAdmin')}{' '}
                  <Link to="/admin/users" className="font-medium text-foreground underline">
                    {t('subscription.included.adminUsers')}
                  </Link>
                  .
                </>
              ) : (
                t('subscription.included.byAdmin')
              )}
            </p>
          </SettingsSection>
        </>
      )}
    </SettingsPage>
  );
}
