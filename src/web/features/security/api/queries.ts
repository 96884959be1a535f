import { useQuery } from '@tanstack/react-query';
import type { DeviceSession, SecuritySettings } from '@/contracts/auth';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

/**
 * Query keys of the security settings; invalidate by prefix (`securityKeys.all`). The factor list
 * is shared with other screens: `factorKeys` in web/lib/factors.ts.
 */
export const securityKeys = {
  all: ['security'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  settings: () => [...securityKeys.all, 'settings'] as const,
};

export function useDeviceSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: () => api<{ sessions: DeviceSession[] }>('/auth/sessions'),
    select: (data) => data.sessions,
    ...CACHE.instant,
  });
}

export function useSecuritySettings() {
  return useQuery({
    queryKey: securityKeys.settings(),
    queryFn: () => api<SecuritySettings>('/auth/security-settings'),
    ...CACHE.semiStatic,
  });
}
