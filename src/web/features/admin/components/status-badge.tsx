import {
  Ban,
  CircleCheck,
  CircleDashed,
  CircleOff,
  Clock,
  Hourglass,
  type LucideIcon,
  Mail,
  ShieldCheck,
  ThumbsUp,
  UserCheck,
  UserRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Invite, WaitlistEntry } from '@/contracts/admin';
import type { Role } from '@/contracts/auth';
import { Badge } from '@/web/components/ui/badge';

type Tone = 'success' | 'warning' | 'destructive' | 'outline' | 'secondary' | 'default';

/** A status as text and icon, never colour alone. */
export function StatusBadge({
  tone,
  icon: Icon,
  label,
}: {
  tone: Tone;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <Badge variant={tone}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('admin');
  return role === 'admin' ? (
    <StatusBadge tone="default" icon={ShieldCheck} label={t('roles.admin')} />
  ) : (
    <StatusBadge tone="outline" icon={UserRound} label={t('roles.user')} />
  );
}

export function FlagStatusBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('admin');
  return enabled ? (
    <StatusBadge tone="success" icon={CircleCheck} label={t('featureFlags.status.enabled')} />
  ) : (
    <StatusBadge tone="outline" icon={CircleOff} label={t('featureFlags.status.disabled')} />
  );
}

const INVITE: Record<Invite['status'], { tone: Tone; icon: LucideIcon }> = {
  valid: { tone: 'success', icon: CircleCheck },
  used: { tone: 'secondary', icon: UserCheck },
  expired: { tone: 'outline', icon: Clock },
};

export function InviteStatusBadge({ status }: { status: Invite['status'] }) {
  const { t } = useTranslation('admin');
  const { tone, icon } = INVITE[status];
  return <StatusBadge tone={tone} icon={icon} label={t(`invites.status.${status}`)} />;
}

const WAITLIST: Record<WaitlistEntry['status'], { tone: Tone; icon: LucideIcon }> = {
  pending: { tone: 'warning', icon: Hourglass },
  approved: { tone: 'secondary', icon: ThumbsUp },
  invited: { tone: 'default', icon: Mail },
  registered: { tone: 'success', icon: UserCheck },
  refused: { tone: 'destructive', icon: Ban },
};

export function WaitlistStatusBadge({ status }: { status: WaitlistEntry['status'] }) {
  const { t } = useTranslation('admin');
  const { tone, icon } = WAITLIST[status];
  return <StatusBadge tone={tone} icon={icon} label={t(`waitlist.status.${status}`)} />;
}

export function FactorStatusBadge({ status }: { status: 'verified' | 'unverified' }) {
  const { t } = useTranslation('admin');
  return status === 'verified' ? (
    <StatusBadge tone="success" icon={CircleCheck} label={t('mfa.verified')} />
  ) : (
    <StatusBadge tone="warning" icon={CircleDashed} label={t('mfa.unverified')} />
  );
}
