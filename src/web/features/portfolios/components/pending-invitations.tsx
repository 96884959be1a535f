import { Check, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Invitation } from '@/contracts/portfolios';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useFormatters } from '@/web/lib/preferences';
import { useAcceptInvitation, useRejectInvitation } from '../api/mutations';
import { useInvitations } from '../api/queries';
import { PermissionBadge } from './portfolio-badges';

/** One invitation, answered from here by its id (the server lists them for confirmed emails only). */
function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('portfolios');
  const format = useFormatters();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const answer = { invitationId: invitation.id };
  const busy = accept.isPending || reject.isPending;
  const owner = invitation.owner.displayName || invitation.owner.email;

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{invitation.portfolio.name}</span>
          <PermissionBadge level={invitation.permissionLevel} />
        </p>
        <p className="text-[13px] text-muted-foreground">
          {t('invitations.from', { owner, date: format.date(invitation.expiresAt) })}
        </p>
      </div>
      <span className="flex gap-2">
        <Button
          change
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            reject.mutate(answer, {
              onSuccess: () =>
                toast.success(t('toasts.invitationRejected', { name: invitation.portfolio.name })),
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          <X aria-hidden="true" />
          {t('invitations.reject')}
        </Button>
        <Button
          change
          size="sm"
          disabled={busy}
          onClick={() =>
            accept.mutate(answer, {
              onSuccess: ({ portfolio }) => {
                toast.success(t('toasts.invitationAccepted', { name: portfolio.name }));
                void navigate(`/portfolio/${portfolio.id}?portfolio=${portfolio.id}`);
              },
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          <Check aria-hidden="true" />
          {t('invitations.accept')}
        </Button>
      </span>
    </li>
  );
}

/** Invitations waiting for an answer; renders nothing when there are none. */
export function PendingInvitations() {
  const { t } = useTranslation('portfolios');
  const invitations = useInvitations();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-labelledby="pending-invitations" className="grid gap-2">
      <h2 id="pending-invitations" className="text-sm font-semibold">
        {t('invitations.title', { count: invitations.data.length })}
      </h2>
      <Card className="border-primary/30">
        <ul className="divide-y">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      </Card>
    </section>
  );
}
