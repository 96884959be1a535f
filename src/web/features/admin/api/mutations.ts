import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Flag, Invite, WaitlistEntry } from '@/contracts/admin';
import type { ChallengeResponse, Role } from '@/contracts/auth';
import type { FlagCategory } from '@/contracts/feature-flags';
import { api } from '@/web/lib/api-client';
import { flagKeys } from '@/web/lib/feature-flags';
import { adminKeys, type FlagsResponse, type UsersResponse } from './queries';
import type { Tier } from '@/contracts/subscription';

type Snapshot = [QueryKey, unknown][];

/** Every cached list under a prefix, to put back if the change fails. */
function useSnapshots() {
  const queryClient = useQueryClient();
  return {
    take: async (prefix: QueryKey): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: prefix });
      return queryClient.getQueriesData({ queryKey: prefix });
    },
    restore: (snapshot: Snapshot | undefined) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
  };
}

// Users -----------------------------------------------------------------------------------------

export type RoleChange = { user: AdminUser; role: Role };

/** Shows the new role at once in every user list, puts it back on error, refreshes on success. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  const snapshots = useSnapshots();
  return useMutation({
    mutationFn: ({ user, role }: RoleChange) =>
      api<{ user: AdminUser }>(`/admin/users/${encodeURIComponent(user.id)}/role`, {
        method: 'POST',
        body: { role },
      }),
    onMutate: async ({ user, role }) => {
      const snapshot = await snapshots.take(adminKeys.usersAll());
      queryClient.setQueriesData<UsersResponse>({ queryKey: adminKeys.usersAll() }, (data) =>
        data
          ? { ...data, users: data.users.map((u) => (u.id === user.id ? { ...u, role } : u)) }
          : data,
      );
      return { snapshot };
    },
    onError: (_error, _change, context) => snapshots.restore(context?.snapshot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() }),
  });
}

export type PlanChange = { user: AdminUser; tier: Tier };

/** Sets a user's plan (shown at once, undone on error). */
export function useSetPlan() {
  const queryClient = useQueryClient();
  const snapshots = useSnapshots();
  return useMutation({
    mutationFn: ({ user, tier }: PlanChange) =>
      api(`/admin/users/${encodeURIComponent(user.id)}/subscription`, {
        method: 'PATCH',
        body: { tier },
      }),
    onMutate: async ({ user, tier }) => {
      const snapshot = await snapshots.take(adminKeys.usersAll());
      queryClient.setQueriesData<UsersResponse>({ queryKey: adminKeys.usersAll() }, (data) =>
        data
          ? { ...data, users: data.users.map((u) => (u.id === user.id ? { ...u, tier } : u)) }
          : data,
      );
      return { snapshot };
    },
    onError: (_error, _change, context) => snapshots.restore(context?.snapshot),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() }),
  });
}

// Feature flags ---------------------------------------------------------------------------------

type FlagUpdate = { key: string; enabled: boolean };
export type FlagBulkChange =
  | { kind: 'set'; category: FlagCategory; enabled: boolean }
  | { kind: 'reset'; category: FlagCategory };
type BulkAnswer = { updatedCount: number; flags: FlagUpdate[] };

function applyUpdates(data: FlagsResponse | undefined, updates: FlagUpdate[]) {
  if (!data) return data;
  const next = new Map(updates.map((update) => [update.key, update.enabled]));
  return {
    ...data,
    flags: data.flags.map((flag) =>
      next.has(flag.key) ? { ...flag, enabled: next.get(flag.key) ?? flag.enabled } : flag,
    ),
  };
}

/** After a flag change: the admin list and the flags every screen obeys. */
function useRefreshFlags() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.flags() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.beta() }),
      queryClient.invalidateQueries({ queryKey: flagKeys.all }),
    ]);
}

/** Optimistic flag changes: shown at once, rolled back on failure, lists refreshed on success. */
function useOptimisticFlags<V>(updatesOf: (variables: V, flags: Flag[]) => FlagUpdate[]) {
  const queryClient = useQueryClient();
  const snapshots = useSnapshots();
  return {
    onMutate: async (variables: V) => {
      const snapshot = await snapshots.take(adminKeys.flags());
      const current = queryClient.getQueryData<FlagsResponse>(adminKeys.flags());
      queryClient.setQueryData<FlagsResponse>(adminKeys.flags(), (data) =>
        applyUpdates(data, updatesOf(variables, current?.flags ?? [])),
      );
      return { snapshot };
    },
    onError: (_error: unknown, _variables: V, context: { snapshot: Snapshot } | undefined) =>
      snapshots.restore(context?.snapshot),
  };
}

export function useToggleFlag() {
  const refresh = useRefreshFlags();
  const optimistic = useOptimisticFlags((update: FlagUpdate) => [update]);
  return useMutation({
    mutationFn: (update: FlagUpdate) =>
      api<Flag>('/admin/feature-flags/toggle', { method: 'POST', body: update }),
    ...optimistic,
    onSuccess: refresh,
  });
}

/** The updates a bulk change makes to the flags of its category. */
export function bulkUpdates(change: FlagBulkChange, flags: readonly Flag[]): FlagUpdate[] {
  return flags
    .filter((flag) => flag.category === change.category)
    .map((flag) => ({
      key: flag.key,
      enabled: change.kind === 'reset' ? flag.defaultEnabled : change.enabled,
    }));
}

/** Enable all, disable all, or reset one category to its defaults. */
export function useBulkFlags() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFlags();
  const optimistic = useOptimisticFlags(bulkUpdates);
  return useMutation({
    mutationFn: (change: FlagBulkChange) => {
      if (change.kind === 'reset')
        return api<BulkAnswer>('/admin/feature-flags/reset', {
          method: 'POST',
          body: { category: change.category },
        });
      const flags = queryClient.getQueryData<FlagsResponse>(adminKeys.flags())?.flags ?? [];
      return api<BulkAnswer>('/admin/feature-flags/bulk', {
        method: 'POST',
        body: { updates: bulkUpdates(change, flags) },
      });
    },
    ...optimistic,
    onSuccess: refresh,
  });
}

// Beta, invites and waitlist --------------------------------------------------------------------

export function useSetBetaMode() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFlags();
  const snapshots = useSnapshots();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api<{ enabled: boolean }>('/admin/beta', { method: 'POST', body: { enabled } }),
    onMutate: async (enabled) => {
      const snapshot = await snapshots.take(adminKeys.beta());
      queryClient.setQueryData(adminKeys.beta(), { enabled });
      return { snapshot };
    },
    onError: (_error, _enabled, context) => snapshots.restore(context?.snapshot),
    onSuccess: refresh,
  });
}

export type CreateInvites = { count: number; email?: string; expiresInDays?: number };

export function useCreateInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvites) =>
      api<{ invites: Invite[] }>('/admin/invites', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitesAll() }),
  });
}

export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ ok: true }>(`/admin/invites/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitesAll() }),
  });
}

export type WaitlistAction = 'invite' | 'approve' | 'refuse' | 'restore';

/** Invite (a code emailed to each), approve, refuse or restore waitlist entries; both lists refresh. */
export function useWaitlistAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: WaitlistAction; ids: string[] }) =>
      api<{ entries: WaitlistEntry[]; invites: Invite[] }>(`/admin/waitlist/${action}`, {
        method: 'POST',
        body: { ids },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlistAll() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.invitesAll() }),
      ]),
  });
}

// MFA debug -------------------------------------------------------------------------------------

/** A challenge on one of the admin's own factors (nothing is verified with it). */
export function useTestChallenge() {
  return useMutation({
    mutationFn: (factorId: string) =>
      api<ChallengeResponse>(`/auth/mfa/factors/${encodeURIComponent(factorId)}/challenge`, {
        method: 'POST',
      }),
  });
}
