import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/web/components/brand/logo';
import { ColorModeMenu } from '@/web/components/color-mode-menu';
import { LanguageMenu } from '@/web/components/language-menu';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { ConsentPreferencesLink } from '@/web/components/consent/consent-preferences-link';

export type AuthLayoutProps = {
  children: ReactNode;
  /** 'sm' for short forms (sign-in), 'md' for longer ones (registration). */
  width?: 'sm' | 'md';
  /** Under the card (a "New to Cairn? Create an account" line). */
  after?: ReactNode;
};

/**
 * The frame of the signed-out screens: a top bar (logo, language, appearance), one centred card,
 * and a short footer with the legal links (a separate document, hence plain links).
 */
export function AuthLayout({ children, width = 'sm', after }: AuthLayoutProps) {
  const { t } = useTranslation(['auth', 'common']);
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex h-14 items-center justify-between gap-2 px-4 sm:px-6">
        <a
          href="/"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('common:homeLink')}
        >
          <Logo label={t('common:appName')} />
        </a>
        <div className="flex items-center gap-1">
          <LanguageMenu />
          <ColorModeMenu />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 flex-col items-center px-4 pt-6 pb-10 outline-none sm:justify-center sm:pt-2"
      >
        <div className={cn('w-full', width === 'sm' ? 'max-w-sm' : 'max-w-md')}>
          <Card elevated className="p-6 sm:p-7">
            {children}
          </Card>
          {after ? (
            <div className="mt-5 text-center text-sm text-muted-foreground">{after}</div>
          ) : null}
        </div>
      </main>
      <footer className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-5 text-[13px] text-muted-foreground">
        <span>{t('auth:layout.copyright', { year })}</span>
        <a href="/privacy" className="underline-offset-4 hover:text-foreground hover:underline">
          {t('auth:layout.privacy')}
        </a>
        <a href="/terms" className="underline-offset-4 hover:text-foreground hover:underline">
          {t('auth:layout.terms')}
        </a>
        <ConsentPreferencesLink className="cursor-pointer underline-offset-4 hover:text-foreground hover:underline" />
      </footer>
    </div>
  );
}

/** The heading block at the top of an auth card. */
const ICON_TONES = {
  default: 'bg-accent text-accent-foreground',
  danger: 'bg-destructive/10 text-destructive',
  success: 'bg-gain/10 text-gain',
} as const;

export function AuthHeading({
  title,
  description,
  icon,
  tone = 'default',
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  tone?: keyof typeof ICON_TONES;
}) {
  return (
    <div className="mb-6 grid gap-1.5">
      {icon ? (
        <div
          aria-hidden="true"
          className={cn(
            'mb-2 flex size-10 items-center justify-center rounded-full [&_svg]:size-5',
            ICON_TONES[tone],
          )}
        >
          {icon}
        </div>
      ) : null}
      <h1 className="text-xl leading-tight font-semibold tracking-tight">{title}</h1>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}
