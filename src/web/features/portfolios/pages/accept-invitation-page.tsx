import { Check, Loader2, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert, errorCodeOf } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from '@/web/components/ui/card';
import { useFormatters } from '@/web/lib/preferences';
import { useAcceptInvitation, useRejectInvitation } from '../api/mutations';
import { useInvitationPreview } from '../api/queries';
import { PermissionBadge } from '../components/portfolio-badges';
import { portfolioPath } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { useUrlToken } from '@/web/lib/use-url-token';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-lg grid-cols-[minmax(0,1fr)] gap-4 pt-4 sm:pt-10">
      {children}
    </div>
  );
}

/**
 * /accept-invitation?token=: what the emailed invitation offers (portfolio, owner, permission),
 * then Accept (to the portfolio) or Reject; or why it cannot be used.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('portfolios');
  useDocumentTitle(t('accept.title'));
  const token = useUrlToken();
  const format = useFormatters();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const reject = useRejectInvitation();
  const busy = accept.isPending || reject.isPending;

  const toPortfolios = (
    <Button asChild variant="outline">
      <Link to="/portfolio-management">{t('accept.toPortfolios')}</Link>
    </Button>
  );

  if (!token || preview.isError) {
    const code = errorCodeOf(preview.error);
    const title =
      code === 'INVITATION_EXPIRED'
        ? t('accept.expiredTitle')
        : code === 'INVITATION_OTHER_EMAIL'
          ? t('accept.otherEmailTitle')
          : t('accept.invalidTitle');
    return (
      <Frame>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {token ? (
          <ApiErrorAlert error={preview.error} />
        ) : (
          <Alert role="alert" tone="error" title={t('accept.noToken')} />
        )}
        <p className="text-sm text-muted-foreground">{t('accept.askAgain')}</p>
        <div>{toPortfolios}</div>
      </Frame>
    );
  }

  if (preview.isPending) {
    return (
      <Frame>
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {t('accept.checking')}
        </p>
      </Frame>
    );
  }

  const invitation = preview.data;
  const owner = invitation.owner.displayName || invitation.owner.email;
  return (
    <Frame>
      <Card elevated>
        <CardHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <h1 className="text-lg leading-tight font-semibold tracking-tight">
            {t('accept.heading', { owner })}
          </h1>
          <CardDescription>{t('accept.lead')}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-3 text-sm">
            <dt className="text-muted-foreground">{t('accept.portfolio')}</dt>
            <dd className="min-w-0">
              <span className="font-medium">{invitation.portfolio.name}</span>
              {invitation.portfolio.description ? (
                <span className="block text-[13px] text-muted-foreground">
                  {invitation.portfolio.description}
                </span>
              ) : null}
            </dd>
            <dt className="text-muted-foreground">{t('accept.owner')}</dt>
            <dd className="min-w-0">
              {invitation.owner.displayName ? (
                <span className="block font-medium">{invitation.owner.displayName}</span>
              ) : null}
              <span className="block text-[13px] break-all text-muted-foreground">
                {invitation.owner.email}
              </span>
            </dd>
            <dt className="text-muted-foreground">{t('accept.permission')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <PermissionBadge level={invitation.permissionLevel} />
              <span className="text-[13px] text-muted-foreground">
                {t(`sharing.permissions.${invitation.permissionLevel}.hint`)}
              </span>
            </dd>
            <dt className="text-muted-foreground">{t('accept.simulations')}</dt>
            <dd>{t(`sharing.modes.${invitation.simulationSharingMode}`)}</dd>
            <dt className="text-muted-foreground">{t('accept.expires')}</dt>
            <dd className="tabular">{format.date(invitation.expiresAt)}</dd>
          </dl>
          <ApiErrorAlert error={accept.error ?? reject.error} className="mt-3" />
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch justify-end gap-2 sm:flex-row sm:items-center">
          <Button
            change
            variant="outline"
            disabled={busy}
            onClick={() =>
              reject.mutate(
                { token },
                {
                  onSuccess: () => {
                    toast.success(
                      t('toasts.invitationRejected', { name: invitation.portfolio.name }),
                    );
                    void navigate('/portfolio-management');
                  },
                },
              )
            }
          >
            <X aria-hidden="true" />
            {reject.isPending ? t('accept.rejecting') : t('accept.reject')}
          </Button>
          <Button
            change
            disabled={busy}
            onClick={() =>
              accept.mutate(
                { token },
                {
                  onSuccess: ({ portfolio }) => {
                    toast.success(t('toasts.invitationAccepted', { name: portfolio.name }));
                    void navigate(portfolioPath(portfolio));
                  },
                },
              )
            }
          >
            <Check aria-hidden="true" />
            {accept.isPending ? t('accept.accepting') : t('accept.accept')}
          </Button>
        </CardFooter>
      </Card>
      <p className="text-center text-[13px] text-muted-foreground">
        {t('accept.sentTo', { email: invitation.invitedEmail })}
      </p>
    </Frame>
  );
}
