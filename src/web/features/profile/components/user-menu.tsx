import { LogOut, Shield, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { useSignOut } from '@/web/lib/session';
import { useProfile } from '../api/queries';
import { displayNameOf } from '../lib/display-name';
import { UserAvatar } from './user-avatar';

export { displayNameOf, initialsOf } from '../lib/display-name';

/**
 * The account menu at the far right of the header: the avatar (or initials) opens Profile,
 * Security and Sign out. Signing out clears the cache and returns to /login.
 */
export function UserMenu() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const profile = useProfile();
  const signOut = useSignOut();
  const user = profile.data;
  const name = displayNameOf(user, t('userFallback'));

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('menu.signedOut'));
        void navigate('/login', { replace: true });
      },
      onError: (error) => toast.error(t('menu.signOutFailed'), { description: errorText(error) }),
    });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={t('menu.label', { name })}
          className="rounded-full outline-none transition-shadow focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <UserAvatar avatarUrl={user?.avatarUrl} name={name} className="size-8" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          {user?.email ? (
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            {t('menu.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/security">
            <Shield aria-hidden="true" />
            {t('menu.security')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? t('menu.signingOut') : t('menu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
