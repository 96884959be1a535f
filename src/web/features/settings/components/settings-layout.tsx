import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { cn } from '@/web/lib/cn';
import { settingsHref } from '@/web/lib/settings-link';
import { SETTINGS_PAGES } from '@/web/lib/settings-pages';

/**
 * The settings area: its navigation (a side list from 768 px, a row of tabs that scrolls
 * sideways on phones) beside the page. Links carry only the `sim` parameter.
 */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const { pathname, search } = useLocation();
  const activeRef = useRef<HTMLAnchorElement>(null);

  // On phones, keep the current page's tab in view.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 md:flex-row md:gap-8">
      <nav aria-label={t('nav.label')} className="-mx-4 shrink-0 sm:-mx-6 md:mx-0 md:w-48">
        <p className="mb-2 hidden px-2 text-xs font-medium tracking-wide text-muted-foreground uppercase md:block">
          {t('nav.title')}
        </p>
        <ul className="flex gap-1 overflow-x-auto border-b px-4 pb-2 [scrollbar-width:none] sm:px-6 md:flex-col md:gap-0.5 md:overflow-visible md:border-b-0 md:px-0 md:pb-0">
          {SETTINGS_PAGES.map((page) => {
            const active = pathname === page.path || pathname.startsWith(`${page.path}/`);
            const Icon = page.icon;
            return (
              <li key={page.id} className="shrink-0">
                <Link
                  ref={active ? activeRef : undefined}
                  to={settingsHref(page.path, search)}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-8 items-center gap-2 rounded-md px-2.5 text-sm whitespace-nowrap text-muted-foreground outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring md:w-full',
                    active && 'bg-muted font-medium text-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {t(`nav.${page.id}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
