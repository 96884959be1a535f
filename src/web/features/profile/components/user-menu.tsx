import { Cookie, LogOut, UserRound } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { openConsentPreferences } from '@/web/lib/consent/consent-store';
import { useSignOut } from '@/web/lib/session';
import { useSettings } from '@/web/lib/settings';
import { settingsHref } from '@/web/lib/settings-link';
import { SETTINGS_PAGES } from '@/web/lib/settings-pages';
import { useProfile } from '../api/queries';
import { displayNameOf } from '../lib/display-name';
import { UserAvatar } from './user-avatar';

export { displayNameOf, initialsOf } from '../lib/display-name';

/**
 * The account menu at the far right of the header: the avatar (or up to two initials) opens the
 * profile, every settings page and Sign out. The name is the settings' display name, else the
 * full name, else the e-mail before the @, else 'User'. Settings links carry only `sim`.
 * Signing out clears the cache and returns to /login.
 */
export function UserMenu() {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { search } = useLocation();
  const profile = useProfile();
  const settings = useSettings();
  const signOut = useSignOut();
  const consentOpened = useRef(false);
  const user = profile.data;
  const account = settings.data?.account;
  const name = displayNameOf(
    { displayName: account?.displayName, fullName: user?.fullName, email: user?.email },
    t('userFallback'),
  );
  const avatarUrl = account ? account.avatarUrl : user?.avatarUrl;

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
          <UserAvatar avatarUrl={avatarUrl} name={name} className="size-8" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-60"
        // The cookie panel takes the focus: the menu must not hand it back to its button.
        onCloseAutoFocus={(event) => {
          if (!consentOpened.current) return;
          consentOpened.current = false;
          event.preventDefault();
        }}
      >
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          {user?.email ? (
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={settingsHref('/profile', search)}>
            <UserRound aria-hidden="true" />
            {t('menu.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuGroup aria-labelledby="user-menu-settings">
          <DropdownMenuLabel
            id="user-menu-settings"
            className="py-1 text-xs font-normal text-muted-foreground"
          >
            {t('menu.settings')}
          </DropdownMenuLabel>
          {SETTINGS_PAGES.map(({ id, path, icon: Icon }) => (
            <DropdownMenuItem key={id} asChild>
              <Link to={settingsHref(path, search)}>
                <Icon aria-hidden="true" />
                {t(`menu.${id}`)}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuItem
          aria-haspopup="dialog"
          onSelect={() => {
            consentOpened.current = true;
            openConsentPreferences();
          }}
        >
          <Cookie aria-hidden="true" />
          {t('common:footer.cookiePreferences')}
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
