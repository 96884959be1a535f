import {
  Bitcoin,
  Building,
  Calculator,
  ChartLine,
  Check,
  ChevronDown,
  Coins,
  FlaskConical,
  Gem,
  HandCoins,
  Layers,
  Lock,
  PiggyBank,
  Receipt,
  Scale,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MONTHLY_PRICES } from '@/domain/plans/plans';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { cx } from '@/web/lib/cx';
import { formatMoney, priceCurrency } from '@/web/lib/format';
import { currentLanguage } from '@/web/lib/i18n';
import { FeatureGrid } from './feature-grid';
import { Section } from './section';

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  const items = [
    { key: 'allAssets', icon: Layers },
    { key: 'lots', icon: Receipt },
    { key: 'tax', icon: Calculator },
    { key: 'currencies', icon: Coins },
    { key: 'simulations', icon: FlaskConical },
    { key: 'projections', icon: ChartLine },
    { key: 'sharing', icon: Users },
    { key: 'security', icon: ShieldCheck },
  ].map(({ key, icon }) => ({
    key,
    icon,
    title: t(`features.items.${key}.title`),
    text: t(`features.items.${key}.text`),
  }));
  return (
    <Section
      id="features"
      eyebrow={t('features.eyebrow')}
      title={t('features.title')}
      lead={t('features.lead')}
    >
      <FeatureGrid items={items} columns={4} />
    </Section>
  );
}

export function AssetClassesSection() {
  const { t } = useTranslation('landing');
  const items = [
    { key: 'market', icon: ChartLine },
    { key: 'crypto', icon: Bitcoin },
    { key: 'realEstate', icon: Building },
    { key: 'crowdfunding', icon: HandCoins },
    { key: 'savings', icon: PiggyBank },
    { key: 'other', icon: Gem },
  ].map(({ key, icon }) => ({
    key,
    icon,
    title: t(`assets.items.${key}.title`),
    text: t(`assets.items.${key}.text`),
  }));
  return (
    <Section
      id="assets"
      eyebrow={t('assets.eyebrow')}
      title={t('assets.title')}
      lead={t('assets.lead')}
      className="bg-muted/40"
    >
      <FeatureGrid items={items} columns={3} />
    </Section>
  );
}

const STEPS = ['account', 'add', 'see'] as const;

export function HowItWorksSection() {
  const { t } = useTranslation('landing');
  return (
    <Section id="how-it-works" eyebrow={t('how.eyebrow')} title={t('how.title')}>
      <ol className="grid gap-8 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="relative">
            <div className="flex items-center gap-4">
              <span
                className="tabular flex size-9 shrink-0 items-center justify-center rounded-full border-2 border-primary text-sm font-semibold text-primary"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              {index < STEPS.length - 1 && (
                <span className="hidden h-px flex-1 bg-border md:block" aria-hidden="true" />
              )}
            </div>
            <h3 className="mt-4 text-[15px] font-semibold">{t(`how.steps.${step}.title`)}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
              {t(`how.steps.${step}.text`)}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function BenefitsSection() {
  const { t } = useTranslation('landing');
  const items = [
    { key: 'calm', icon: Sparkles },
    { key: 'exact', icon: Scale },
    { key: 'private', icon: Lock },
    { key: 'everywhere', icon: Smartphone },
  ].map(({ key, icon }) => ({
    key,
    icon,
    title: t(`benefits.items.${key}.title`),
    text: t(`benefits.items.${key}.text`),
  }));
  return (
    <Section
      id="benefits"
      eyebrow={t('benefits.eyebrow')}
      title={t('benefits.title')}
      className="bg-muted/40"
    >
      <FeatureGrid items={items} columns={4} />
    </Section>
  );
}

const PLANS = [
  {
    key: 'free',
    price: MONTHLY_PRICES.free,
    features: ['assets', 'classes', 'tax', 'security'],
    highlighted: false,
  },
  {
    key: 'premium',
    price: MONTHLY_PRICES.classic,
    features: ['assets', 'analytics', 'export', 'support'],
    highlighted: true,
  },
  {
    key: 'enterprise',
    price: MONTHLY_PRICES.pro,
    features: ['assets', 'api', 'premium', 'support'],
    highlighted: false,
  },
] as const;

export function PricingSection() {
  const { t } = useTranslation('landing');
  const language = currentLanguage();
  const currency = priceCurrency(language);
  return (
    <Section
      id="pricing"
      eyebrow={t('pricing.eyebrow')}
      title={t('pricing.title')}
      lead={t('pricing.lead')}
    >
      <ul className="mx-auto grid max-w-5xl gap-5 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.key}
            className={cx(
              'flex flex-col rounded-2xl border bg-card p-6 shadow-xs',
              plan.highlighted && 'border-primary/60 ring-1 ring-primary/40',
            )}
          >
            <h3 className="text-base font-semibold">{t(`pricing.plans.${plan.key}.name`)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {t(`pricing.plans.${plan.key}.description`)}
            </p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="tabular text-4xl font-semibold tracking-tight">
                {formatMoney(plan.price, currency, language)}
              </span>
              <span className="text-sm text-muted-foreground">{t('pricing.perMonth')}</span>
            </p>
            <ul className="mt-6 flex flex-1 flex-col gap-2.5 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {t(`pricing.plans.${plan.key}.features.${feature}`)}
                </li>
              ))}
            </ul>
            <a
              href="/register"
              className={cx(
                buttonVariants({ variant: plan.highlighted ? 'default' : 'outline' }),
                'mt-8',
              )}
            >
              {t('pricing.cta')}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const QUESTIONS = [
  'advice',
  'tax',
  'currencies',
  'sharing',
  'simulations',
  'security',
  'mobile',
  'selfHost',
] as const;

export function FaqSection() {
  const { t } = useTranslation('landing');
  return (
    <Section id="faq" eyebrow={t('faq.eyebrow')} title={t('faq.title')} className="bg-muted/40">
      {/* Native disclosure widgets: keyboard and screen-reader support without any script. */}
      <div className="mx-auto max-w-3xl divide-y rounded-2xl border bg-card px-6">
        {QUESTIONS.map((key) => (
          <details key={key} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left text-[15px] font-medium outline-none transition-colors hover:text-primary focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
              {t(`faq.items.${key}.question`)}
              <ChevronDown
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
              />
            </summary>
            <p className="pb-4 text-sm leading-relaxed text-muted-foreground">
              {t(`faq.items.${key}.answer`)}
            </p>
          </details>
        ))}
      </div>
    </Section>
  );
}

export function CallToActionSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
          <h2
            id="cta-title"
            className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            {t('cta.title')}
          </h2>
          <p className="mt-3 text-base opacity-90 sm:text-lg">{t('cta.text')}</p>
          <a
            href="/register"
            className={cx(buttonVariants({ variant: 'secondary', size: 'lg' }), 'mt-8')}
          >
            {t('cta.button')}
          </a>
        </div>
      </div>
    </section>
  );
}
