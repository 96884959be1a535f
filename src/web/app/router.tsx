import { type ComponentType, useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import { PUBLIC_PAGES } from '@/contracts/public-pages';
import { TranslationErrorNotice } from '@/web/components/errors/translation-error-notice';
import { ensureNamespaces } from '@/web/lib/i18n';
import { settingsHref } from '@/web/lib/settings-link';
import { AppLayout } from './app-layout';
import { HomeRedirect, RedirectIfSignedIn, RequireAuth, SessionSkeleton } from './guards';
import { PAGE_LOADERS } from './pages';
import { RouteError } from './route-error';
import { RouteFocus } from './route-focus';

/**
 * A route whose page code and translations load together, in parallel, when first visited.
 * Content shows when both are there (translations wait at most 2 s).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: string[] = [],
) {
  return async () => {
    const [module] = await Promise.all([load(), ensureNamespaces(namespaces)]);
    return { Component: pick(module) };
  };
}

/**
 * The public pages are a separate entry (site.html): reaching one from inside the app loads it
 * as a new document.
 */
function PublicPage() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return null;
}

/** A legacy path (spec 002: deprecated aliases) to its page, keeping ?portfolio= and ?sim=. */
function Alias({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** The legacy asset paths and the class page each now lives at. */
export const HOLDING_ALIASES = [
  ['market', '/assets/market'],
  ['crypto', '/assets/crypto'],
  ['crowdfunding', '/assets/crowdfunding'],
  ['real-estate', '/assets/real-estate'],
  ['savings', '/assets/savings'],
  ['savings/accounts', '/assets/savings'],
] as const;

/** Their routes (children of the signed-in area). */
export const holdingAliasRoutes: RouteObject[] = HOLDING_ALIASES.map(([path, to]) => ({
  path,
  element: <Alias to={to} />,
}));

const HOLDING_NAMESPACES = ['holdings', 'validation'];
type AssetPages = Awaited<ReturnType<(typeof PAGE_LOADERS)['/assets']>>;
const assetPage = (path: keyof typeof PAGE_LOADERS, pick: (m: AssetPages) => ComponentType) =>
  lazyPage(PAGE_LOADERS[path] as () => Promise<AssetPages>, pick, HOLDING_NAMESPACES);

/** /settings/profile (the spec's "complete your profile" target) is the profile page. */
function ToProfile() {
  const { search } = useLocation();
  return <Navigate to={`/profile${search}`} replace />;
}

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <TranslationErrorNotice />
      <RouteFocus />
    </>
  );
}

/** The pages a visitor reaches signed out (no shell behind them). */
const SIGNED_OUT_PATHS = /^\/(login|register|setup|forgot-password|auth\/|beta\/)/i;

/**
 * What shows while the first page's code loads (React Router's hydration fallback, for its lazy
 * routes): the shell's shape where a signed-in page is coming, else a plain page.
 */
function InitialLoad() {
  return SIGNED_OUT_PATHS.test(window.location.pathname) ? (
    <div className="min-h-dvh bg-background" aria-busy="true" />
  ) : (
    <SessionSkeleton />
  );
}

function SignedOutEntry() {
  return (
    <RedirectIfSignedIn>
      <Outlet />
    </RedirectIfSignedIn>
  );
}

function SignedInArea() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}

const AUTH_NAMESPACES = ['auth', 'validation'];
// The portfolio switcher and its dialogs live in the shell (sidebar footer).
const SHELL_NAMESPACES = ['shell', 'profile', 'portfolios'];
const ADMIN_NAMESPACES = ['admin', 'validation'];
const PORTFOLIO_NAMESPACES = ['portfolios', 'validation'];

/** An admin page: its code and texts load on first visit, behind the admin gate (layout route). */
const adminPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazyPage(load, pick, ADMIN_NAMESPACES);

const SETTINGS_NAMESPACES = ['settings', 'validation'];

/** /settings goes to the account page, keeping only the `sim` parameter (settings links do). */
function ToSettingsAccount() {
  const { search } = useLocation();
  return <Navigate to={settingsHref('/settings/account', search)} replace />;
}

/** /settings/*: the settings navigation beside each settings page (security is its own feature). */
const settingsRoutes: RouteObject = {
  path: 'settings',
  lazy: lazyPage(
    () => import('@/web/features/settings/components/settings-layout'),
    (m) => m.SettingsLayout,
    SETTINGS_NAMESPACES,
  ),
  children: [
    { index: true, element: <ToSettingsAccount /> },
    {
      path: 'account',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/account'],
        (m) => m.AccountSettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'preferences',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/preferences'],
        (m) => m.PreferencesSettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'notifications',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/notifications'],
        (m) => m.NotificationsSettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'theme',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/theme'],
        (m) => m.ThemeSettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'security',
      lazy: lazyPage(PAGE_LOADERS['/settings/security'], (m) => m.SecuritySettingsPage, [
        'security',
        'validation',
      ]),
    },
    {
      path: 'privacy',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/privacy'],
        (m) => m.PrivacySettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'subscription',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/subscription'],
        (m) => m.SubscriptionSettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'integrations',
      lazy: lazyPage(
        PAGE_LOADERS['/settings/integrations'],
        (m) => m.IntegrationsSettingsPage,
        SETTINGS_NAMESPACES,
      ),
    },
    {
      path: 'api-keys',
      lazy: lazyPage(PAGE_LOADERS['/settings/api-keys'], (m) => m.ApiKeysSettingsPage, [
        ...SETTINGS_NAMESPACES,
        'apiKeys',
      ]),
    },
  ],
};

/**
 * /admin/*: the gate shows 'Verifying admin access...', then the page for an admin or an
 * access-denied page for anyone else (the server refuses non-admins whatever the page shows).
 */
const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: async () => {
    const [{ AdminGate }] = await Promise.all([
      import('@/web/features/admin/components/admin-gate'),
      ensureNamespaces(ADMIN_NAMESPACES),
    ]);
    return {
      Component: function AdminArea() {
        return (
          <AdminGate>
            <Outlet />
          </AdminGate>
        );
      },
    };
  },
  children: [
    { index: true, element: <Navigate to="/admin/users" replace /> },
    {
      path: 'users',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-users-page'),
        (m) => m.AdminUsersPage,
      ),
    },
    {
      path: 'feature-flags',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-feature-flags-page'),
        (m) => m.AdminFeatureFlagsPage,
      ),
    },
    {
      path: 'invites',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-invites-page'),
        (m) => m.AdminInvitesPage,
      ),
    },
    // Deprecated in the spec: the beta controls live on the invites page.
    { path: 'beta', element: <Navigate to="/admin/invites" replace /> },
    {
      path: 'audit',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-audit-page'),
        (m) => m.AdminAuditPage,
      ),
    },
    {
      path: 'mail',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-mail-page'),
        (m) => m.AdminMailPage,
      ),
    },
    {
      path: 'mfa-debug',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-mfa-debug-page'),
        (m) => m.AdminMfaDebugPage,
      ),
    },
    {
      path: 'seo-tools',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-seo-tools-page'),
        (m) => m.AdminSeoToolsPage,
      ),
    },
    {
      path: 'device-location',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-device-location-page'),
        (m) => m.AdminDeviceLocationPage,
      ),
    },
    {
      path: 'market-data',
      lazy: adminPage(
        () => import('@/web/features/admin/pages/admin-market-data-page'),
        (m) => m.AdminMarketDataPage,
      ),
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: InitialLoad,
    children: [
      // As the server routes them: /Privacy is no public page (it would reload for ever).
      ...PUBLIC_PAGES.flatMap((page) => [page.path, ...page.aliases]).map((path) => ({
        path,
        caseSensitive: true,
        element: <PublicPage />,
      })),
      { path: 'app-shell', element: <HomeRedirect /> },
      {
        element: <SignedOutEntry />,
        children: [
          {
            path: 'login',
            lazy: lazyPage(
              () => import('@/web/features/auth/pages/login-page'),
              (m) => m.LoginPage,
              AUTH_NAMESPACES,
            ),
          },
          {
            path: 'register',
            lazy: lazyPage(
              () => import('@/web/features/auth/pages/register-page'),
              (m) => m.RegisterPage,
              AUTH_NAMESPACES,
            ),
          },
          {
            path: 'setup',
            lazy: lazyPage(
              () => import('@/web/features/auth/pages/setup-page'),
              (m) => m.SetupPage,
              AUTH_NAMESPACES,
            ),
          },
          {
            path: 'forgot-password',
            lazy: lazyPage(
              () => import('@/web/features/auth/pages/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
              AUTH_NAMESPACES,
            ),
          },
        ],
      },
      {
        path: 'auth/reset-password',
        lazy: lazyPage(
          () => import('@/web/features/auth/pages/reset-password-page'),
          (m) => m.ResetPasswordPage,
          AUTH_NAMESPACES,
        ),
      },
      {
        // Open to everyone while beta mode is on (signed in or not); redirects to /register when off.
        path: 'beta/waitlist',
        lazy: lazyPage(
          () => import('@/web/features/auth/pages/waitlist-page'),
          (m) => m.WaitlistPage,
          AUTH_NAMESPACES,
        ),
      },
      {
        path: 'auth/activate',
        lazy: lazyPage(
          () => import('@/web/features/auth/pages/activate-page'),
          (m) => m.ActivatePage,
          AUTH_NAMESPACES,
        ),
      },
      {
        path: 'auth/confirm-email',
        lazy: lazyPage(
          () => import('@/web/features/auth/pages/confirm-email-page'),
          (m) => m.ConfirmEmailPage,
          AUTH_NAMESPACES,
        ),
      },
      {
        element: <SignedInArea />,
        // The shell's texts and the second-step screen load with the first signed-in page.
        lazy: async () => {
          await ensureNamespaces([...SHELL_NAMESPACES, ...AUTH_NAMESPACES]);
          return {};
        },
        children: [
          {
            path: 'dashboard',
            lazy: lazyPage(PAGE_LOADERS['/dashboard'], (m) => m.DashboardPage, [
              'dashboard',
              'goals',
            ]),
          },
          {
            path: 'profile',
            lazy: lazyPage(PAGE_LOADERS['/profile'], (m) => m.ProfilePage, [
              'profile',
              'validation',
            ]),
          },
          {
            path: 'portfolio-management',
            lazy: lazyPage(
              PAGE_LOADERS['/portfolio-management'],
              (m) => m.PortfolioManagementPage,
              PORTFOLIO_NAMESPACES,
            ),
          },
          {
            path: 'portfolio/:portfolioId',
            lazy: lazyPage(
              () => import('@/web/features/portfolios/pages/portfolio-page'),
              (m) => m.PortfolioPage,
              PORTFOLIO_NAMESPACES,
            ),
          },
          {
            // Signed-out visitors go to /login?next=/accept-invitation?token=... and come back.
            path: 'accept-invitation',
            lazy: lazyPage(
              () => import('@/web/features/portfolios/pages/accept-invitation-page'),
              (m) => m.AcceptInvitationPage,
              PORTFOLIO_NAMESPACES,
            ),
          },
          { path: 'assets', lazy: assetPage('/assets', (m) => m.AssetsOverviewPage) },
          {
            path: 'transactions',
            lazy: lazyPage(PAGE_LOADERS['/transactions'], (m) => m.TransactionsPage, [
              'ledger',
              'validation',
            ]),
          },
          {
            path: 'goals',
            lazy: lazyPage(PAGE_LOADERS['/goals'], (m) => m.GoalsPage, ['goals', 'validation']),
          },
          {
            path: 'goals/:goalId',
            lazy: lazyPage(
              () => import('@/web/features/goals/pages/goal-page'),
              (m) => m.GoalPage,
              ['goals', 'validation'],
            ),
          },
          {
            path: 'wealth-projection',
            lazy: lazyPage(PAGE_LOADERS['/wealth-projection'], (m) => m.WealthProjectionPage, [
              'planning',
            ]),
          },
          {
            path: 'import-export',
            lazy: lazyPage(PAGE_LOADERS['/import-export'], (m) => m.ImportExportPage, [
              'importExport',
              'validation',
            ]),
          },
          { path: 'assets/market', lazy: assetPage('/assets/market', (m) => m.MarketPage) },
          { path: 'assets/crypto', lazy: assetPage('/assets/crypto', (m) => m.CryptoPage) },
          {
            path: 'assets/real-estate',
            lazy: assetPage('/assets/real-estate', (m) => m.RealEstatePage),
          },
          {
            path: 'assets/crowdfunding',
            lazy: assetPage('/assets/crowdfunding', (m) => m.CrowdfundingPage),
          },
          { path: 'assets/savings', lazy: assetPage('/assets/savings', (m) => m.SavingsPage) },
          ...holdingAliasRoutes,
          { path: 'settings/profile', element: <ToProfile /> },
          settingsRoutes,
          adminRoutes,
        ],
      },
      {
        // Any other address: the page-not-found screen (the server answers it with 404), in the
        // shell for a signed-in user, in the sign-in pages' frame for a visitor.
        lazy: lazyPage(
          () => import('./not-found'),
          (m) => m.NotFoundRoute,
          [...SHELL_NAMESPACES, ...AUTH_NAMESPACES],
        ),
        children: [
          {
            path: '*',
            lazy: lazyPage(
              () => import('./not-found'),
              (m) => m.SignedInNotFound,
            ),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
