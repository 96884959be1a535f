import { ChevronRight, House } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@/web/lib/cn';
import { buildBreadcrumb } from '../breadcrumb';

const linkClass =
  'rounded-sm outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';
const itemTextClass = 'block max-w-40 truncate lg:max-w-60';

function Separator({ className }: { className?: string }) {
  return (
    <li
      role="presentation"
      aria-hidden="true"
      className={cn('text-muted-foreground/70 [&>svg]:size-3.5', className)}
    >
      <ChevronRight />
    </li>
  );
}

type AppBreadcrumbProps = {
  /** The active portfolio's name, shown after the home icon. */
  portfolioName?: string | null;
  /** When given, levels without a page of their own show as text rather than dead links. */
  hasPage?: (path: string) => boolean;
  /** When given, an address it does not know reads 'Page not found' (see `buildBreadcrumb`). */
  isKnownPath?: (pathname: string) => boolean;
  className?: string;
};

/**
 * Home, the active portfolio, then the path's segments; the last is the current page. Nothing on
 * the root path. Under 640 px only home and the current page show.
 */
export function AppBreadcrumb({
  portfolioName,
  hasPage,
  isKnownPath,
  className,
}: AppBreadcrumbProps) {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const items = buildBreadcrumb({ pathname, search, portfolioName, hasPage, isKnownPath, t });
  if (items.length === 0) return null;

  return (
    <nav aria-label={t('breadcrumb.label')} className={cn('min-w-0', className)}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {items.map((item, index) => {
          const key = `${item.kind}-${index}`;
          if (item.kind === 'home') {
            return (
              <li key={key} className="flex shrink-0 items-center">
                <Link
                  to={item.href}
                  aria-label={t('breadcrumb.home')}
                  className={cn(linkClass, 'p-0.5')}
                >
                  <House aria-hidden="true" className="size-4" />
                </Link>
              </li>
            );
          }
          const isLast = index === items.length - 1;
          return (
            <Fragment key={key}>
              <Separator className={isLast ? 'block' : 'hidden sm:block'} />
              <li className={cn('min-w-0 items-center', isLast ? 'flex' : 'hidden sm:flex')}>
                {item.kind === 'portfolio' ? (
                  <span
                    className={cn(itemTextClass, 'font-medium text-foreground')}
                    title={item.label}
                  >
                    {item.label}
                  </span>
                ) : item.current ? (
                  <span
                    aria-current="page"
                    className={cn(itemTextClass, 'font-medium text-foreground')}
                  >
                    {item.label}
                  </span>
                ) : item.href ? (
                  <Link to={item.href} className={cn(linkClass, itemTextClass)}>
                    {item.label}
                  </Link>
                ) : (
                  <span className={itemTextClass}>{item.label}</span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
