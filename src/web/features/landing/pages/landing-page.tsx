import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/web/components/layout/public-layout';
import { usePageMeta } from '@/web/lib/page-meta';
import { Hero } from '../components/hero';
import {
  AssetClassesSection,
  BenefitsSection,
  CallToActionSection,
  FaqSection,
  FeaturesSection,
  HowItWorksSection,
  PricingSection,
} from '../components/sections';

export function LandingPage() {
  const { t } = useTranslation('seo');
  usePageMeta({ title: t('landing.title'), description: t('landing.description'), path: '/' });

  // Arriving from another page at /#pricing: the section exists only once rendered.
  useEffect(() => {
    const { hash } = window.location;
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, []);

  return (
    <PublicLayout>
      <Hero />
      <FeaturesSection />
      <AssetClassesSection />
      <HowItWorksSection />
      <BenefitsSection />
      <PricingSection />
      <FaqSection />
      <CallToActionSection />
    </PublicLayout>
  );
}
