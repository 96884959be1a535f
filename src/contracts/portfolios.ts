import { z } from 'zod';
import { isoDateTime, text } from './input-rules';
import { CURRENCIES } from './settings';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** Portfolios, sharing by invitation and simulations (spec 001). */

export const PORTFOLIO_NAME_MAX = 100;
export const PORTFOLIO_DESCRIPTION_MAX = 500;
export const SIMULATION_NAME_MAX = 100;
export const SIMULATION_DESCRIPTION_MAX = 500;
/** Every new simulation starts with this much cash (spec 001, section 5). */
export const SIMULATION_INITIAL_CASH = '100000';
/** An invitation can be accepted for 7 days (spec 001, section 9). */
export const INVITATION_LIFETIME_DAYS = 7;
/**
 * The portfolio a user with none gets at first sign-in (spec 001, section 4), named in the
 * language they registered in (English when unknown).
 */
export const DEFAULT_PORTFOLIO = {
  name: 'My Portfolio',
  description: 'Default portfolio',
} as const;
export const DEFAULT_PORTFOLIO_BY_LANGUAGE = {
  en: DEFAULT_PORTFOLIO,
  fr: { name: 'Mon portefeuille', description: 'Portefeuille par défaut' },
} as const;

export const PERMISSION_LEVELS = ['owner', 'edit', 'read'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export const SHARE_PERMISSIONS = ['edit', 'read'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
export const SIMULATION_SHARING_MODES = ['none', 'all', 'specific'] as const;
export type SimulationSharingMode = (typeof SIMULATION_SHARING_MODES)[number];
export const SHARE_STATUSES = ['pending', 'accepted', 'rejected', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];
/** The five simulation themes: Professional Blue, Growth Green, Innovation Purple, Energy Orange, Alert Red. */
export const SIMULATION_THEMES = ['blue', 'green', 'purple', 'orange', 'red'] as const;
export type SimulationTheme = (typeof SIMULATION_THEMES)[number];
export const DEFAULT_SIMULATION_THEME: SimulationTheme = 'blue';

/**
 * What each level may do (spec 001, section 6). The server's permission check and the UI's
 * enabling of buttons both read this table; the server is the one that decides.
 */
export const PORTFOLIO_ACTIONS = [
  'view',
  'edit',
  'manageSimulations',
  'delete',
  'share',
  'update',
] as const;
export type PortfolioAction = (typeof PORTFOLIO_ACTIONS)[number];
/**
 * `edit` is changing what the portfolio holds (holdings, transactions); `update` is changing the
 * portfolio itself (name, description, default), which only its owner may do (spec 001, section 5).
 */
export const PERMISSION_MATRIX: Record<PermissionLevel, Record<PortfolioAction, boolean>> = {
  owner: {
    view: true,
    edit: true,
    manageSimulations: true,
    delete: true,
    share: true,
    update: true,
  },
  edit: {
    view: true,
    edit: true,
    manageSimulations: true,
    delete: false,
    share: false,
    update: false,
  },
  read: {
    view: true,
    edit: false,
    manageSimulations: false,
    delete: false,
    share: false,
    update: false,
  },
};

export function can(level: PermissionLevel | null | undefined, action: PortfolioAction): boolean {
  return level ? PERMISSION_MATRIX[level][action] : false;
}

const isoDate = z.string();
const decimalString = z.string();

// Portfolios ------------------------------------------------------------------------------------

const portfolioName = text({ error: M.portfolioNameRequired })
  .trim()
  .min(1, M.portfolioNameRequired)
  .max(PORTFOLIO_NAME_MAX, M.portfolioNameMax);
/** Optional; an empty description is stored as none. */
const portfolioDescription = text()
  .trim()
  .max(PORTFOLIO_DESCRIPTION_MAX, M.descriptionMax)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** The currency a portfolio's totals are kept in (and its simulations' cash). */
const baseCurrency = z.enum(CURRENCIES, { message: M.currencyInvalid });

export const createPortfolioBodySchema = z.object({
  name: portfolioName,
  description: portfolioDescription,
  isDefault: z.boolean().optional(),
  /** The owner's preferred currency (settings) when absent. */
  baseCurrency: baseCurrency.optional(),
});
export type CreatePortfolioBody = z.input<typeof createPortfolioBodySchema>;

/** In an update: absent leaves the description as it is; empty or null clears it. */
const descriptionChange = (max: number) =>
  text()
    .trim()
    .max(max, M.descriptionMax)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

export const updatePortfolioBodySchema = z.object({
  name: portfolioName.optional(),
  description: descriptionChange(PORTFOLIO_DESCRIPTION_MAX),
  /** Only `true` is meaningful: the default moves here (and off the others). */
  isDefault: z.boolean().optional(),
  /** Owner only. Amounts already recorded keep their own currency (nothing is relabelled). */
  baseCurrency: baseCurrency.optional(),
});
export type UpdatePortfolioBody = z.input<typeof updatePortfolioBodySchema>;

export const personSchema = z
  .object({ id: z.uuid(), email: z.string(), displayName: z.string() })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const simulationSchema = z
  .object({
    id: z.uuid(),
    portfolioId: z.uuid(),
    /** Who created it. */
    userId: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    initialCash: decimalString,
    /**
     * Cash left: initial cash minus buys and fees plus sales, dividends and interest, in
     * `cashCurrency` (the portfolio's base currency); docs/decisions.md, 'Cash (issue 13)'.
     */
    cash: decimalString,
    cashCurrency: z.enum(CURRENCIES),
    backgroundTheme: z.enum(SIMULATION_THEMES),
    createdAt: isoDate,
    updatedAt: isoDate,
    /** The caller's rights on it (those of its portfolio). */
    permissionLevel: z.enum(PERMISSION_LEVELS),
  })
  .meta({ id: 'Simulation' });
export type Simulation = z.infer<typeof simulationSchema>;

export const portfolioSchema = z
  .object({
    id: z.uuid(),
    /** The owner's id. */
    userId: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    /** The caller's default: always false on a portfolio shared with the caller. */
    isDefault: z.boolean(),
    /** The currency its totals are kept in, and its simulations' cash. */
    baseCurrency: z.enum(CURRENCIES),
    createdAt: isoDate,
    updatedAt: isoDate,
    isOwner: z.boolean(),
    permissionLevel: z.enum(PERMISSION_LEVELS),
    /** Set when the portfolio is shared with the caller. */
    owner: personSchema.nullable(),
    /** The simulations the caller can see in it, newest first. */
    simulations: z.array(simulationSchema),
  })
  .meta({ id: 'Portfolio' });
export type Portfolio = z.infer<typeof portfolioSchema>;

/** Owned portfolios first (default first, then newest), then those shared with the caller. */
export const portfoliosResponseSchema = z.object({ portfolios: z.array(portfolioSchema) });
export const portfolioResponseSchema = z.object({ portfolio: portfolioSchema });

/** What deleting a portfolio would remove, for the confirmation that names it. */
export const portfolioContentsSchema = z
  .object({
    simulations: z.number().int(),
    shares: z.number().int(),
    /** Rows per kind of content inside the portfolio (holdings, transactions, ... as they exist). */
    items: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'PortfolioContents' });
export type PortfolioContents = z.infer<typeof portfolioContentsSchema>;

// Sharing ---------------------------------------------------------------------------------------

const shareEmail = text({ error: M.shareEmailInvalid })
  .trim()
  .min(1, M.shareEmailInvalid)
  .max(254, M.shareEmailInvalid)
  .pipe(z.email(M.shareEmailInvalid))
  .transform((email) => email.toLowerCase());

const simulationIds = z.array(z.uuid(M.uuidInvalid)).max(100);

/** 'specific' needs at least one simulation id (spec 001, section 5). */
function requireIdsWhenSpecific(
  value: { simulationSharingMode?: SimulationSharingMode; sharedSimulationIds?: string[] },
  context: z.RefinementCtx,
) {
  if (value.simulationSharingMode === 'specific' && !value.sharedSimulationIds?.length) {
    context.addIssue({
      code: 'custom',
      message: M.simulationIdsRequired,
      path: ['sharedSimulationIds'],
    });
  }
}

export const createShareBodySchema = z
  .object({
    email: shareEmail,
    permissionLevel: z.enum(SHARE_PERMISSIONS),
    simulationSharingMode: z.enum(SIMULATION_SHARING_MODES).default('none'),
    sharedSimulationIds: simulationIds.optional(),
    /** When the invitation stops being acceptable; 7 days from now when absent. */
    expiresAt: isoDateTime().optional(),
  })
  .superRefine(requireIdsWhenSpecific);
export type CreateShareBody = z.input<typeof createShareBodySchema>;

export const updateShareBodySchema = z
  .object({
    permissionLevel: z.enum(SHARE_PERMISSIONS).optional(),
    simulationSharingMode: z.enum(SIMULATION_SHARING_MODES).optional(),
    sharedSimulationIds: simulationIds.optional(),
    /** A pending invitation's new deadline (to extend it). */
    expiresAt: isoDateTime().optional(),
    /** The owner may only revoke by status (or use DELETE). */
    status: z.literal('revoked').optional(),
  })
  .superRefine(requireIdsWhenSpecific);
export type UpdateShareBody = z.input<typeof updateShareBodySchema>;

export const shareSchema = z
  .object({
    id: z.uuid(),
    portfolioId: z.uuid(),
    ownerUserId: z.uuid(),
    sharedWithUserId: z.uuid().nullable(),
    sharedWithEmail: z.string(),
    permissionLevel: z.enum(SHARE_PERMISSIONS),
    status: z.enum(SHARE_STATUSES),
    /** Until when the invitation can be accepted (7 days after it is sent, unless changed). */
    expiresAt: isoDate,
    acceptedAt: isoDate.nullable(),
    simulationSharingMode: z.enum(SIMULATION_SHARING_MODES),
    sharedSimulationIds: z.array(z.uuid()),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Share' });
export type Share = z.infer<typeof shareSchema>;

export const sharesResponseSchema = z.object({ shares: z.array(shareSchema) });
export const shareResponseSchema = z.object({ share: shareSchema });

/** A pending invitation as the invitee sees it. */
export const invitationSchema = z
  .object({
    id: z.uuid(),
    permissionLevel: z.enum(SHARE_PERMISSIONS),
    simulationSharingMode: z.enum(SIMULATION_SHARING_MODES),
    expiresAt: isoDate,
    createdAt: isoDate,
    portfolio: z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable() }),
    owner: personSchema,
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export const invitationTokenBodySchema = z.object({ token: text().trim().min(1).max(200) });
/**
 * Accept or reject: by the emailed token, or (from the in-app list) by the invitation's id, which
 * needs the caller's email to be confirmed (the token proves the mailbox; an id alone does not).
 */
export const invitationAnswerBodySchema = z.union([
  invitationTokenBodySchema.strict(),
  z.object({ invitationId: z.uuid(M.uuidInvalid) }).strict(),
]);
export type InvitationAnswer = z.infer<typeof invitationAnswerBodySchema>;
/** Accepting answers the portfolio now shared with the caller. */
export const acceptInvitationResponseSchema = z.object({ portfolio: portfolioSchema });
/** GET /invitations/preview?token=: what the email link leads to, for the accept page. */
export const invitationPreviewResponseSchema = z.object({
  invitation: invitationSchema.extend({ invitedEmail: z.string() }),
});

// Simulations -----------------------------------------------------------------------------------

const simulationName = text({ error: M.simulationNameRequired })
  .trim()
  .min(1, M.simulationNameRequired)
  .max(SIMULATION_NAME_MAX, M.simulationNameMax);
const simulationDescription = text()
  .trim()
  .max(SIMULATION_DESCRIPTION_MAX, M.descriptionMax)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

export const createSimulationBodySchema = z.object({
  name: simulationName,
  description: simulationDescription,
  backgroundTheme: z.enum(SIMULATION_THEMES).default(DEFAULT_SIMULATION_THEME),
  /** Start from a copy of the portfolio's real holdings (beyond the spec); else empty with cash. */
  copyHoldings: z.boolean().default(false),
});
export type CreateSimulationBody = z.input<typeof createSimulationBodySchema>;

export const updateSimulationBodySchema = z.object({
  name: simulationName.optional(),
  description: descriptionChange(SIMULATION_DESCRIPTION_MAX),
  backgroundTheme: z.enum(SIMULATION_THEMES).optional(),
});
export type UpdateSimulationBody = z.input<typeof updateSimulationBodySchema>;

export const simulationsResponseSchema = z.object({ simulations: z.array(simulationSchema) });
export const simulationResponseSchema = z.object({ simulation: simulationSchema });

export const simulationStatsSchema = z
  .object({
    totalAssets: z.number().int(),
    totalTransactions: z.number().int(),
    /**
     * Holdings' value in `currency` (the portfolio's base currency), each currency converted with
     * its last rate on or before today; holdings of a currency without a rate are in `unconverted`.
     */
    totalValue: decimalString,
    currency: z.enum(CURRENCIES),
    /** Values that could not be converted, each in its own currency. */
    unconverted: z.array(z.object({ currency: z.string(), value: decimalString })),
    createdAt: isoDate,
  })
  .meta({ id: 'SimulationStats' });
export type SimulationStats = z.infer<typeof simulationStatsSchema>;
export const simulationStatsResponseSchema = z.object({ stats: simulationStatsSchema });

// Realtime --------------------------------------------------------------------------------------

/**
 * Sent on `user:<id>` when the user's access to a portfolio changes (invited, share accepted,
 * permission changed, revoked, portfolio deleted): open tabs refetch and leave what they lost.
 */
export type PortfolioAccessEvent = { type: 'portfolio-access'; portfolioId: string };
/**
 * Sent on `portfolio:<id>` (subscribers: whoever can view it) when it or its simulations change.
 */
export type PortfolioChangedEvent = {
  type: 'portfolio-changed';
  portfolioId: string;
  /**
   * `holdings`: holdings, transactions or savings movements changed (refetch the scope's data);
   * `planning`: its goals or saved projection scenarios changed (refetch those).
   */
  entity: 'portfolio' | 'simulations' | 'shares' | 'holdings' | 'planning';
};
