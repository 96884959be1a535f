import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Portfolio, PortfolioContents } from '@/contracts/portfolios';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useActiveScope } from '@/web/lib/active-scope';
import { useDeletePortfolio } from '../api/mutations';
import { usePortfolioContents } from '../api/queries';

/** Kinds of content the server may count, with a translated label. */
const KNOWN_KINDS = [
  'market',
  'crypto',
  'realEstate',
  'crowdfunding',
  'savings',
  'transactions',
  'goals',
] as const;

function ContentsList({ contents }: { contents: PortfolioContents }) {
  const { t } = useTranslation('portfolios');
  const lines: string[] = [];
  if (contents.simulations > 0)
    lines.push(t('deletePortfolio.simulations', { count: contents.simulations }));
  if (contents.shares > 0) lines.push(t('deletePortfolio.shares', { count: contents.shares }));
  let other = 0;
  for (const [kind, count] of Object.entries(contents.items)) {
    if (count <= 0) continue;
    if ((KNOWN_KINDS as readonly string[]).includes(kind))
      lines.push(t(`deletePortfolio.items.${kind}`, { count }));
    else other += count;
  }
  if (other > 0) lines.push(t('deletePortfolio.items.other', { count: other }));
  if (lines.length === 0) return <p className="text-sm">{t('deletePortfolio.nothing')}</p>;
  return (
    <ul className="grid gap-1.5 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-[13px]">
      {lines.map((line) => (
        <li key={line} className="flex gap-2">
          <span
            aria-hidden="true"
            className="mt-1.5 size-1.5 shrink-0 rounded-full bg-destructive"
          />
          <span className="tabular">{line}</span>
        </li>
      ))}
    </ul>
  );
}

/** Names what deleting a portfolio removes (from /contents) before doing it. */
export function DeletePortfolioDialog({
  portfolio,
  onClose,
}: {
  portfolio: Portfolio;
  onClose: () => void;
}) {
  const { t } = useTranslation('portfolios');
  const scope = useActiveScope();
  const contents = usePortfolioContents(portfolio.id);
  const remove = useDeletePortfolio();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isLast = scope.portfolios.filter((p) => p.isOwner).length <= 1;

  const onConfirm = () =>
    remove.mutate(portfolio, {
      onSuccess: () => {
        toast.success(t('toasts.deleted', { name: portfolio.name }));
        if (pathname === `/portfolio/${portfolio.id}`) void navigate('/portfolio-management');
        onClose();
      },
    });

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t('deletePortfolio.title', { name: portfolio.name })}
          </AlertDialogTitle>
          <AlertDialogDescription>{t('deletePortfolio.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        {isLast ? (
          <Alert tone="error" title={t('deletePortfolio.lastTitle')}>
            {t('deletePortfolio.lastHint')}
          </Alert>
        ) : contents.isPending ? (
          <div className="grid gap-1.5" aria-busy="true">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : contents.data ? (
          <ContentsList contents={contents.data} />
        ) : (
          <ApiErrorAlert error={contents.error} />
        )}
        <ApiErrorAlert error={remove.error} />
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <Button
            change
            variant="destructive"
            disabled={isLast || remove.isPending || !contents.data}
            onClick={onConfirm}
          >
            {remove.isPending ? t('common.deleting') : t('deletePortfolio.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
