import { Pencil, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type {
  Portfolio,
  Share,
  SharePermission,
  ShareStatus,
  SimulationSharingMode,
} from '@/contracts/portfolios';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { DateField } from '@/web/components/ui/date-field';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import { useFormatters } from '@/web/lib/preferences';
import { useRevokeShare, useUpdateShare } from '../api/mutations';
import { useShares } from '../api/queries';
import { endOfDayIso, toDateInput } from '../lib/share-form';
import { PermissionChoice, SimulationSharingChoice } from './sharing-fields';

const STATUS_VARIANT: Record<ShareStatus, 'success' | 'warning' | 'outline' | 'destructive'> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'outline',
  revoked: 'outline',
};

function EditShareDialog({
  share,
  portfolio,
  onClose,
}: {
  share: Share;
  portfolio: Portfolio;
  onClose: () => void;
}) {
  const { t } = useTranslation('portfolios');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const update = useUpdateShare();
  const [permission, setPermission] = useState<SharePermission>(share.permissionLevel);
  const [mode, setMode] = useState<SimulationSharingMode>(share.simulationSharingMode);
  const [ids, setIds] = useState<string[]>(share.sharedSimulationIds);
  const [expiresOn, setExpiresOn] = useState(toDateInput(new Date(share.expiresAt)));
  const [submitted, setSubmitted] = useState(false);
  const idsError =
    submitted && mode === 'specific' && ids.length === 0
      ? validationText(VALIDATION_MESSAGES.simulationIdsRequired)
      : undefined;
  const pending = share.status === 'pending';
  const expiresAt = endOfDayIso(expiresOn);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (mode === 'specific' && ids.length === 0) return;
    update.mutate(
      {
        share,
        body: {
          permissionLevel: permission,
          simulationSharingMode: mode,
          sharedSimulationIds: mode === 'specific' ? ids : [],
          ...(pending && expiresAt && expiresAt !== share.expiresAt ? { expiresAt } : {}),
        },
      },
      {
        // Closed once the server agrees: callbacks given to mutate() do not run after unmount.
        onSuccess: () => {
          toast.success(t('toasts.shareUpdated', { email: share.sharedWithEmail }));
          onClose();
        },
        onError: (error) =>
          toast.error(t('toasts.shareUpdateFailed'), { description: errorText(error) }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('sharing.editTitle')}</DialogTitle>
          <DialogDescription>
            {t('sharing.editDescription', { email: share.sharedWithEmail })}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <PermissionChoice value={permission} onChange={setPermission} />
          <SimulationSharingChoice
            simulations={portfolio.simulations}
            mode={mode}
            onModeChange={setMode}
            ids={ids}
            onIdsChange={setIds}
            error={idsError}
          />
          {pending ? (
            <FormField id="share-edit-expires" label={t('sharing.expires')}>
              {(control) => (
                <DateField
                  {...control}
                  min={toDateInput(new Date())}
                  value={expiresOn}
                  onChange={setExpiresOn}
                />
              )}
            </FormField>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button change type="submit" disabled={update.isPending}>
              {t('common.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RevokeDialog({ share, onClose }: { share: Share; onClose: () => void }) {
  const { t } = useTranslation('portfolios');
  const errorText = useErrorText();
  const revoke = useRevokeShare();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('sharing.revokeTitle', { email: share.sharedWithEmail })}
      description={
        share.status === 'accepted' ? t('sharing.revokeAccepted') : t('sharing.revokePending')
      }
      confirmLabel={t('sharing.revoke')}
      destructive
      onConfirm={() =>
        // The dialog closes at once; a promise (unlike mutate() callbacks) outlives it.
        revoke.mutateAsync(share).then(
          () => toast.success(t('toasts.shareRevoked', { email: share.sharedWithEmail })),
          (error: unknown) =>
            toast.error(t('toasts.shareRevokeFailed'), { description: errorText(error) }),
        )
      }
    />
  );
}

/** The portfolio's invitations and shares, with changes and revocation (owner only). */
export function SharesTable({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation('portfolios');
  const format = useFormatters();
  const shares = useShares(portfolio.id);
  const [editing, setEditing] = useState<Share | null>(null);
  const [revoking, setRevoking] = useState<Share | null>(null);

  if (shares.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (shares.isError) return <p className="text-sm text-destructive">{t('common.loadFailed')}</p>;
  if (shares.data.length === 0)
    return <p className="text-sm text-muted-foreground">{t('sharing.empty')}</p>;

  return (
    <>
      <TableContainer className="rounded-lg border">
        <Table>
          <TableCaption>{t('sharing.tableCaption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('sharing.columns.email')}</TableHead>
              <TableHead>{t('sharing.columns.permission')}</TableHead>
              <TableHead>{t('sharing.columns.simulations')}</TableHead>
              <TableHead>{t('sharing.columns.status')}</TableHead>
              <TableHead>{t('sharing.columns.dates')}</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">{t('sharing.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shares.data.map((share) => {
              const live = share.status === 'pending' || share.status === 'accepted';
              return (
                <TableRow key={share.id} className={live ? undefined : 'text-muted-foreground'}>
                  <TableCell className="max-w-56 truncate font-medium">
                    {share.sharedWithEmail}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {t(`permission.${share.permissionLevel}`)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {share.simulationSharingMode === 'specific'
                      ? t('sharing.modeSpecific', { count: share.sharedSimulationIds.length })
                      : t(`sharing.modes.${share.simulationSharingMode}`)}
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS_VARIANT[share.status]}>
                      {t(`sharing.status.${share.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className="tabular whitespace-nowrap">
                    {share.status === 'accepted' && share.acceptedAt
                      ? t('sharing.acceptedOn', { date: format.date(share.acceptedAt) })
                      : share.status === 'pending'
                        ? t('sharing.expiresOn', { date: format.date(share.expiresAt) })
                        : format.date(share.updatedAt)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {live ? (
                      <span className="flex justify-end gap-1">
                        <Button
                          change
                          variant="ghost"
                          size="icon-sm"
                          aria-label={t('sharing.editLabel', { email: share.sharedWithEmail })}
                          onClick={() => setEditing(share)}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          change
                          variant="ghost"
                          size="icon-sm"
                          className="text-destructive hover:text-destructive"
                          aria-label={t('sharing.revokeLabel', { email: share.sharedWithEmail })}
                          onClick={() => setRevoking(share)}
                        >
                          <UserX aria-hidden="true" />
                        </Button>
                      </span>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? (
        <EditShareDialog share={editing} portfolio={portfolio} onClose={() => setEditing(null)} />
      ) : null}
      {revoking ? <RevokeDialog share={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}
