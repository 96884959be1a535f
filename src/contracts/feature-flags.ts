/**
 * The feature flags of spec 000, section 3: their category, default and whether turning them
 * touches something critical (the admin screen warns). The UI translates names and descriptions by
 * key; the English text here is what the API answers.
 */
export const FLAG_CATEGORIES = ['navigation', 'search', 'features'] as const;
export type FlagCategory = (typeof FLAG_CATEGORIES)[number];

export type FlagDefinition = {
  key: string;
  category: FlagCategory;
  defaultEnabled: boolean;
  critical: boolean;
  name: string;
  description: string;
};

const nav = (key: string, name: string, description: string): FlagDefinition => ({
  key,
  category: 'navigation',
  defaultEnabled: true,
  critical: false,
  name,
  description,
});

export const FEATURE_FLAGS: readonly FlagDefinition[] = [
  nav('sidebar_dashboard', 'Dashboard link', 'Shows Dashboard in the sidebar.'),
  nav('sidebar_goals', 'Goals link', 'Shows Goals in the sidebar.'),
  nav('sidebar_assets', 'Assets group', 'Shows the Assets group in the sidebar.'),
  nav('sidebar_analytics', 'Analytics group', 'Shows the Analytics group in the sidebar.'),
  nav('sidebar_tools', 'Tools group', 'Shows the Tools group in the sidebar.'),
  nav('sidebar_assets_overview', 'Assets overview link', 'Shows Overview under Assets.'),
  nav('sidebar_assets_market', 'Market link', 'Shows Market under Assets.'),
  nav('sidebar_assets_crypto', 'Crypto link', 'Shows Crypto under Assets.'),
  nav('sidebar_assets_real_estate', 'Real estate link', 'Shows Real estate under Assets.'),
  nav('sidebar_assets_crowdfunding', 'Crowdfunding link', 'Shows Crowdfunding under Assets.'),
  nav('sidebar_assets_savings', 'Savings link', 'Shows Savings under Assets.'),
  nav('sidebar_transactions', 'Transactions link', 'Shows Transactions under Assets.'),
  nav(
    'sidebar_analytics_wealth_projection',
    'Wealth projection link',
    'Shows Wealth projection under Analytics.',
  ),
  nav(
    'sidebar_analytics_portfolio_comparison',
    'Portfolio comparison link',
    'Shows Portfolio comparison under Analytics.',
  ),
  nav('sidebar_tools_import_export', 'Import / export link', 'Shows Import / export under Tools.'),
  {
    key: 'search_bar',
    category: 'search',
    defaultEnabled: true,
    critical: false,
    name: 'Search bar',
    description: 'Shows the search field in the header and enables Ctrl/Cmd+K.',
  },
  {
    key: 'beta_mode',
    category: 'features',
    defaultEnabled: false,
    critical: true,
    name: 'Beta mode',
    description: 'Registration needs an invite code; the waitlist opens.',
  },
];

export const FLAG_KEYS = FEATURE_FLAGS.map((flag) => flag.key);

export function flagDefinition(key: string): FlagDefinition | undefined {
  return FEATURE_FLAGS.find((flag) => flag.key === key);
}

/** What every signed-in client receives: key and state. */
export type FlagState = { key: string; enabled: boolean };
