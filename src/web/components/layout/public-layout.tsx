import { Menu, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/web/components/brand/logo';
import { ConsentPreferencesLink } from '@/web/components/consent/consent-preferences-link';
import { ColorModeToggle, LanguageToggle } from '@/web/components/site-controls';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { cx } from '@/web/lib/cx';

const SECTIONS = ['features', 'assets', 'pricing', 'faq'] as const;

function SectionLinks({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      {SECTIONS.map((section) => (
        <a key={section} href={`/#${section}`} onClick={onNavigate} className={className}>
          {t(`nav.${section}`)}
        </a>
      ))}
    </>
  );
}

/** The menu under 768 px: a native modal dialog (focus trapped, Esc closes, page inert). */
function MobileNav() {
  const { t } = useTranslation('common');
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className={cx(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden!')}
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </button>
      <dialog
        ref={dialog}
        aria-label={t('nav.main')}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] border-l bg-background p-0 text-foreground shadow-xl backdrop:bg-black/40"
      >
        <div className="flex h-full flex-col p-6">
          <div className="mb-6 flex items-center justify-between">
            <Logo label={t('appName')} />
            <button
              type="button"
              className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
              aria-label={t('nav.closeMenu')}
              onClick={close}
            >
              <X aria-hidden="true" />
            </button>
          </div>
          <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
            <SectionLinks
              onNavigate={close}
              className="rounded-md px-2 py-2.5 text-base hover:bg-muted"
            />
          </nav>
          <div className="mt-auto flex flex-col gap-2 pt-6">
            <a href="/login" className={buttonVariants({ variant: 'outline' })}>
              {t('nav.signIn')}
            </a>
            <a href="/register" className={buttonVariants()}>
              {t('nav.getStarted')}
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}

function PublicHeader() {
  const { t } = useTranslation('common');
  const linkClass =
    'rounded-md px-3 py-2 text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <a
          href="/"
          className="mr-4 rounded-md focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('homeLink')}
        >
          <Logo label={t('appName')} />
        </a>
        <nav aria-label={t('nav.main')} className="hidden items-center md:flex">
          <SectionLinks className={linkClass} />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageToggle />
          <ColorModeToggle />
          <span className="hidden items-center gap-1 sm:flex">
            <a href="/login" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              {t('nav.signIn')}
            </a>
            <a href="/register" className={buttonVariants({ size: 'sm' })}>
              {t('nav.getStarted')}
            </a>
          </span>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}

function PublicFooter() {
  const { t } = useTranslation('common');
  const linkClass =
    'rounded text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';
  const legal = [
    ['/privacy', 'footer.privacy'],
    ['/terms', 'footer.terms'],
    ['/cookies', 'footer.cookies'],
  ] as const;
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo label={t('appName')} />
          <p className="mt-3 text-sm text-muted-foreground">{t('tagline')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('footer.madeFor')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {SECTIONS.map((section) => (
              <li key={section}>
                <a href={`/#${section}`} className={linkClass}>
                  {t(`nav.${section}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold">
            {t('footer.legal')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {legal.map(([href, key]) => (
              <li key={href}>
                <a href={href} className={linkClass}>
                  {t(key)}
                </a>
              </li>
            ))}
            <li>
              <ConsentPreferencesLink className={`${linkClass} cursor-pointer text-left`} />
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}

/** Header, main landmark and footer shared by the landing page and the legal pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
