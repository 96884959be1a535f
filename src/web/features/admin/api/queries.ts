import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuditEntry,
  AdminUser,
  MailListResponse,
  MailMessageDetail,
  MailStatus,
  Flag,
  Invite,
  INVITE_STATUSES,
  WaitlistEntry,
  WAITLIST_STATUSES,
} from '@/contracts/admin';
import type { DeviceLocation, Factor, Role } from '@/contracts/auth';
import { api, ApiError } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';
import { runSeoAudit } from '../lib/seo';

export const USERS_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;
export const MAIL_PAGE_SIZE = 50;

export type UsersParams = { search: string; role: Role | null; page: number };
export type InvitesParams = { search: string; status: (typeof INVITE_STATUSES)[number] | null };
export type WaitlistParams = { search: string; status: (typeof WAITLIST_STATUSES)[number] | null };
export type AuditParams = { action: string | null; page: number };
export type MailParams = { to: string; status: MailStatus | null; page: number };

export type UsersResponse = { users: AdminUser[]; total: number; page: number; pageSize: number };
export type FlagsResponse = { flags: Flag[] };
export type Assurance = { current: 'aal1' | 'aal2'; next: 'aal1' | 'aal2'; bypass: boolean };
export type MfaLookup = {
  user: { id: string; email: string; role: Role } | null;
  factors: { friendlyName: string; status: 'verified' | 'unverified'; createdAt: string }[];
  activeSessions: number;
};

/**
 * Query keys of the admin area; invalidate by prefix. The app invalidates `adminKeys.all` when
 * another admin changes something (realtime 'admin' topic).
 */
export const adminKeys = {
  all: ['admin'] as const,
  usersAll: () => [...adminKeys.all, 'users'] as const,
  users: (params: UsersParams) => [...adminKeys.usersAll(), params] as const,
  flags: () => [...adminKeys.all, 'flags'] as const,
  beta: () => [...adminKeys.all, 'beta'] as const,
  invitesAll: () => [...adminKeys.all, 'invites'] as const,
  invites: (params: InvitesParams) => [...adminKeys.invitesAll(), params] as const,
  waitlistAll: () => [...adminKeys.all, 'waitlist'] as const,
  waitlist: (params: WaitlistParams) => [...adminKeys.waitlistAll(), params] as const,
  auditAll: () => [...adminKeys.all, 'audit'] as const,
  audit: (params: AuditParams) => [...adminKeys.auditAll(), params] as const,
  mailAll: () => [...adminKeys.all, 'mail'] as const,
  mail: (params: MailParams) => [...adminKeys.mailAll(), params] as const,
  /**
   * One email's body: read once, on demand, and never refetched by the admin area's invalidation
   * (each reading is audited), hence a root of its own.
   */
  mailMessage: (id: string) => ['admin-mail-message', id] as const,
  mfa: () => [...adminKeys.all, 'mfa'] as const,
  myFactors: () => [...adminKeys.mfa(), 'factors'] as const,
  assurance: () => [...adminKeys.mfa(), 'assurance'] as const,
  mfaLookup: (email: string) => [...adminKeys.mfa(), 'lookup', email] as const,
  deviceLocation: () => [...adminKeys.all, 'device-location'] as const,
  seo: () => [...adminKeys.all, 'seo'] as const,
  marketData: () => [...adminKeys.all, 'market-data'] as const,
};

/** A query string of the set values only. */
export function queryString(params: Record<string, string | number | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useAdminUsers(params: UsersParams) {
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) =>
      api<UsersResponse>(
        `/admin/users${queryString({
          search: params.search,
          role: params.role,
          page: params.page,
          pageSize: USERS_PAGE_SIZE,
        })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    ...CACHE.instant,
  });
}

/** Spec 000, section 9: stale 5 minutes, kept 10, up to 2 retries (none on a refusal), refetched on focus. */
export function useAdminFlags() {
  return useQuery({
    queryKey: adminKeys.flags(),
    queryFn: ({ signal }) => api<FlagsResponse>('/admin/feature-flags', { signal }),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.isClientError) && failureCount < 2,
    refetchOnWindowFocus: true,
  });
}

export function useBetaMode() {
  return useQuery({
    queryKey: adminKeys.beta(),
    queryFn: ({ signal }) => api<{ enabled: boolean }>('/beta', { signal }),
    ...CACHE.instant,
  });
}

export function useInvites(params: InvitesParams) {
  return useQuery({
    queryKey: adminKeys.invites(params),
    queryFn: ({ signal }) =>
      api<{ invites: Invite[] }>(`/admin/invites${queryString(params)}`, { signal }),
    select: (data) => data.invites,
    placeholderData: keepPreviousData,
    ...CACHE.instant,
  });
}

export function useWaitlist(params: WaitlistParams) {
  return useQuery({
    queryKey: adminKeys.waitlist(params),
    queryFn: ({ signal }) =>
      api<{ entries: WaitlistEntry[] }>(`/admin/waitlist${queryString(params)}`, { signal }),
    select: (data) => data.entries,
    placeholderData: keepPreviousData,
    ...CACHE.instant,
  });
}

export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: ({ signal }) =>
      api<{ entries: AuditEntry[]; total: number }>(
        `/admin/audit${queryString({ action: params.action, page: params.page, pageSize: AUDIT_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    ...CACHE.instant,
  });
}

export function useMail(params: MailParams) {
  return useQuery({
    queryKey: adminKeys.mail(params),
    queryFn: ({ signal }) =>
      api<MailListResponse>(
        `/admin/mail${queryString({ to: params.to, status: params.status, page: params.page, pageSize: MAIL_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    ...CACHE.instant,
  });
}

/**
 * Whether mail leaves the server, and how many emails wait for the administrator: the admin
 * area's banner (one small request, shared by every admin page).
 */
export function useMailStatus() {
  return useQuery({
    queryKey: [...adminKeys.mailAll(), 'status'] as const,
    queryFn: ({ signal }) => api<MailListResponse>('/admin/mail?pageSize=1', { signal }),
    select: (data) => ({ delivery: data.delivery, waiting: data.waiting }),
    ...CACHE.instant,
  });
}

/** One email with its text and link: fetched only when asked for (the reading is audited). */
export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: adminKeys.mailMessage(id ?? ''),
    queryFn: ({ signal }) => api<MailMessageDetail>(`/admin/mail/${id}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
    // Someone's link: never in the offline copy (browser storage), kept in memory a minute.
    meta: { persist: false },
    gcTime: 60_000,
  });
}

export function useMyFactors() {
  return useQuery({
    queryKey: adminKeys.myFactors(),
    queryFn: ({ signal }) => api<{ factors: Factor[] }>('/auth/mfa/factors', { signal }),
    select: (data) => data.factors,
    ...CACHE.instant,
  });
}

export function useAssurance() {
  return useQuery({
    queryKey: adminKeys.assurance(),
    queryFn: ({ signal }) => api<Assurance>('/auth/mfa/assurance', { signal }),
    ...CACHE.instant,
  });
}

/** A user's two-factor status; each lookup is audited, so it runs once per search. */
export function useMfaLookup(email: string | null) {
  return useQuery({
    queryKey: adminKeys.mfaLookup(email ?? ''),
    queryFn: ({ signal }) =>
      api<MfaLookup>(`/admin/support/mfa${queryString({ email })}`, { signal }),
    enabled: !!email,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useDeviceLocation() {
  return useQuery({
    queryKey: adminKeys.deviceLocation(),
    queryFn: ({ signal }) => api<{ data: DeviceLocation }>('/device-location', { signal }),
    select: (data) => data.data,
    ...CACHE.instant,
    refetchOnWindowFocus: false,
  });
}

/** The public pages' first HTML, robots.txt and sitemap.xml, checked; runs again on demand. */
export function useSeoAudit() {
  return useQuery({
    queryKey: adminKeys.seo(),
    queryFn: () => runSeoAudit(),
    staleTime: 0,
    gcTime: 2 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
