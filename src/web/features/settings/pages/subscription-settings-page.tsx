import type { TFunction } from 'i18next';
import { Check, CreditCard, ExternalLink, Minus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  GATED_FEATURES,
  PAID_TIERS,
  type PaidTier,
  type Subscription,
} from '@/contracts/subscription';
import {
  effectiveTier,
  limitOf,
  MONTHLY_PRICES,
  planSummary,
  requiredTierForFeature,
  type Tier,
} from '@/domain/plans/plans';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { priceCurrency } from '@/web/lib/format';
import { useFormatters } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { type BillingTarget, useBillingRedirect, useSubscription } from '../api/subscription';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSection,
  SettingsSkeleton,
} from '../components/settings-ui';

/** After a checkout, the webhook usually lands within seconds: look again a few times. */
const CHECKOUT_REFETCH_DELAYS_MS = [2_000, 5_000, 10_000, 20_000, 40_000];

/** A subscription the payment provider still runs: paid, in trial, or owed. */
const runsAtProvider = (subscription: Subscription) =>
  subscription.managedBy === 'billing' &&
  (subscription.status === 'active' ||
    subscription.status === 'trialing' ||
    subscription.status === 'past_due');

function planText(subscription: Subscription, t: TFunction<'settings'>) {
  if (subscription.managedBy === 'billing' && subscription.status === 'canceled') {
    return t('subscription.plan.ended');
  }
  if (subscription.currentPeriodEnd) return null; // the renewal or end date says it
  if (!subscription.billingAvailable) return t('subscription.plan.byAdmin');
  return subscription.tier === 'free'
    ? t('subscription.plan.free')
    : t('subscription.plan.givenByAdmin');
}

type Redirect = ReturnType<typeof useBillingRedirect>;

const pendingFor = (redirect: Redirect, target: BillingTarget) =>
  (redirect.isPending || redirect.isSuccess) &&
  redirect.variables?.kind === target.kind &&
  (target.kind === 'portal' ||
    (redirect.variables.kind === 'checkout' && redirect.variables.tier === target.tier));

function PlanSummary({
  subscription,
  redirect,
}: {
  subscription: Subscription;
  redirect: Redirect;
}) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const active = subscription.status === 'active' || subscription.status === 'trialing';
  const text = planText(subscription, t);
  const opening = pendingFor(redirect, { kind: 'portal' });
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
          {text ??
            t(
              subscription.cancelAtPeriodEnd
                ? 'subscription.plan.endsOn'
                : 'subscription.plan.renewsOn',
              { date: format.date(subscription.currentPeriodEnd ?? '') },
            )}
        </p>
        {subscription.managedBy === 'billing' && subscription.status === 'past_due' ? (
          <Alert tone="error" className="mt-2" title={t('subscription.plan.pastDue')} />
        ) : null}
      </div>
      {subscription.billingAvailable && subscription.managedBy === 'billing' ? (
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <Button
            change
            variant="outline"
            disabled={redirect.isPending || redirect.isSuccess}
            aria-busy={opening}
            onClick={() => redirect.mutate({ kind: 'portal' })}
          >
            <ExternalLink aria-hidden="true" />
            {opening ? t('subscription.billing.opening') : t('subscription.billing.manage')}
          </Button>
          <p className="max-w-64 text-[13px] text-muted-foreground sm:text-right">
            {t('subscription.billing.manageHint')}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The paid plans, each with the button that buys it (or switches to it at the provider). */
function PaidPlans({ subscription, redirect }: { subscription: Subscription; redirect: Redirect }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const currency = priceCurrency(format.language);
  const running = runsAtProvider(subscription);
  // A plan the provider still runs is the current one even while a payment is owed.
  const current: Tier = running
    ? subscription.tier
    : effectiveTier(subscription.tier, subscription.status);
  const action = (tier: PaidTier) =>
    running ? 'switch' : MONTHLY_PRICES[tier] > MONTHLY_PRICES[current] ? 'upgrade' : 'choose';
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {PAID_TIERS.map((tier) => {
        const assets = limitOf(tier, 'portfolioAssets');
        const pending = pendingFor(redirect, { kind: 'checkout', tier });
        const name = t(`subscription.tiers.${tier}`);
        return (
          <li key={tier} className="flex flex-col gap-3 rounded-lg border p-4">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-base font-semibold">{name}</h3>
              {tier === current ? (
                <Badge variant="success">{t('subscription.plans.current')}</Badge>
              ) : null}
            </div>
            <p className="flex items-baseline gap-1">
              <span className="tabular text-2xl font-semibold">
                {format.money(MONTHLY_PRICES[tier], { currency })}
              </span>
              <span className="text-sm text-muted-foreground">
                {t('subscription.plans.perMonth')}
              </span>
            </p>
            <ul className="grid flex-1 content-start gap-1.5 text-sm">
              {assets !== null ? (
                <li className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gain" />
                  {t('subscription.plans.assets', { count: assets })}
                </li>
              ) : null}
              {planSummary(tier).features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gain" />
                  {t(`subscription.features.${feature}`)}
                </li>
              ))}
            </ul>
            {tier === current ? null : (
              <Button
                change
                variant={action(tier) === 'upgrade' ? 'default' : 'outline'}
                disabled={redirect.isPending || redirect.isSuccess}
                aria-busy={pending}
                onClick={() => redirect.mutate({ kind: 'checkout', tier })}
              >
                {pending
                  ? t('subscription.billing.opening')
                  : t(`subscription.plans.${action(tier)}`, { plan: name })}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Back from the provider's checkout: a calm word, and the plan looked at again until it shows. */
function CheckoutNotice({ outcome, refetch }: { outcome: string | null; refetch: () => unknown }) {
  const { t } = useTranslation('settings');
  useEffect(() => {
    if (outcome !== 'success') return;
    const timers = CHECKOUT_REFETCH_DELAYS_MS.map((ms) => setTimeout(() => void refetch(), ms));
    return () => timers.forEach(clearTimeout);
  }, [outcome, refetch]);
  if (outcome === 'success') {
    return <Alert role="status" tone="success" title={t('subscription.checkout.success')} />;
  }
  if (outcome === 'cancelled') {
    return <Alert role="status" title={t('subscription.checkout.cancelled')} />;
  }
  return null;
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
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const subscription = useSubscription({ awaitingChange: checkout === 'success' });
  const redirect = useBillingRedirect();
  const isAdmin = useSession().data?.user.role === 'admin';
  return (
    <SettingsPage title={t('subscription.title')} description={t('subscription.description')}>
      <CheckoutNotice outcome={checkout} refetch={subscription.refetch} />
      {subscription.isPending ? (
        <SettingsSkeleton sections={[1, 3, 5]} />
      ) : subscription.isError ? (
        <SettingsLoadError onRetry={() => void subscription.refetch()} />
      ) : (
        <>
          <SettingsSection id="subscription-plan" title={t('subscription.plan.title')}>
            <PlanSummary subscription={subscription.data} redirect={redirect} />
            <ApiErrorAlert
              error={redirect.variables?.kind === 'portal' ? redirect.error : null}
              className="mt-4"
            />
          </SettingsSection>
          {subscription.data.billingAvailable ? (
            <SettingsSection
              id="subscription-plans"
              title={t('subscription.plans.title')}
              description={t('subscription.plans.description')}
            >
              <PaidPlans subscription={subscription.data} redirect={redirect} />
              <ApiErrorAlert
                error={redirect.variables?.kind === 'checkout' ? redirect.error : null}
                className="mt-4"
              />
            </SettingsSection>
          ) : null}
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
              ) : subscription.data.billingAvailable ? (
                t('subscription.included.byCheckout')
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
