import {
  CandlestickChart,
  Flag,
  KeyRound,
  type LucideIcon,
  Mail,
  MapPin,
  ScrollText,
  Search,
  Ticket,
  Users,
  Wrench,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { cn } from '@/web/lib/cn';
import { useSession } from '@/web/lib/session';

/** The admin pages, in menu order; labels are `tools.<id>` in the admin namespace. */
export const ADMIN_PAGES: readonly { id: string; path: string; icon: LucideIcon }[] = [
  { id: 'users', path: '/admin/users', icon: Users },
  { id: 'featureFlags', path: '/admin/feature-flags', icon: Flag },
  { id: 'invites', path: '/admin/invites', icon: Ticket },
  { id: 'audit', path: '/admin/audit', icon: ScrollText },
  { id: 'mail', path: '/admin/mail', icon: Mail },
  { id: 'mfaDebug', path: '/admin/mfa-debug', icon: KeyRound },
  { id: 'seoTools', path: '/admin/seo-tools', icon: Search },
  { id: 'deviceLocation', path: '/admin/device-location', icon: MapPin },
  { id: 'marketData', path: '/admin/market-data', icon: CandlestickChart },
];

/**
 * The floating Admin tools button at the bottom right, opening a menu of the admin pages. It
 * renders nothing for regular users and while the role is still loading.
 */
export function AdminToolsMenu() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const { pathname } = useLocation();
  if (session.data?.user.role !== 'admin') return null;
  return (
    <div className="fixed right-4 bottom-4 z-40 print:hidden">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            aria-label={t('tools.label')}
            className="flex size-11 items-center justify-center rounded-full border bg-card text-foreground shadow-lg outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=open]:bg-muted"
          >
            <Wrench className="size-5" aria-hidden="true" />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="end" className="w-56">
          <DropdownMenuLabel>{t('tools.label')}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {ADMIN_PAGES.map(({ id, path, icon: Icon }) => {
            const current = pathname === path;
            return (
              <DropdownMenuItem key={id} asChild>
                <Link
                  to={path}
                  aria-current={current ? 'page' : undefined}
                  className={cn(current && 'bg-accent text-accent-foreground')}
                >
                  <Icon aria-hidden="true" />
                  {t(`tools.${id}`)}
                </Link>
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
