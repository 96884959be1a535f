import { ArrowRight, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { PortfolioPreview } from './portfolio-preview';

const TRUST = ['free', 'noCard', 'private'] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-24">
        <div>
          <p className="inline-flex rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem]"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
            {t('hero.lead')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="/register" className={buttonVariants({ size: 'lg' })}>
              {t('hero.primaryCta')}
              <ArrowRight aria-hidden="true" />
            </a>
            <a href="#how-it-works" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              {t('hero.secondaryCta')}
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {TRUST.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {t(`hero.trust.${item}`)}
              </li>
            ))}
          </ul>
        </div>
        <PortfolioPreview />
      </div>
    </section>
  );
}
