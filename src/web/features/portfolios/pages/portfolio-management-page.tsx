import { Briefcase, FlaskConical, MoreHorizontal, Plus, Share2, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { can, type Portfolio } from '@/contracts/portfolios';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuReadOnlyNote,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useActiveScope } from '@/web/lib/active-scope';
import { useUpdatePortfolio } from '../api/mutations';
import { PendingInvitations } from '../components/pending-invitations';
import { PortfolioBadges } from '../components/portfolio-badges';
import { usePortfolioDialogs } from '../components/portfolio-dialogs-context';
import { portfolioPath } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

function PortfolioCard({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation('portfolios');
  const scope = useActiveScope();
  const dialogs = usePortfolioDialogs();
  const errorText = useErrorText();
  const update = useUpdatePortfolio();
  const active = scope.portfolio?.id === portfolio.id;
  const owner = portfolio.owner?.displayName || portfolio.owner?.email;
  const headingId = `portfolio-${portfolio.id}`;

  return (
    <Card
      className="flex flex-col gap-3 p-4 data-[active=true]:border-primary/50"
      data-active={active}
      aria-labelledby={headingId}
      role="article"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <Briefcase aria-hidden="true" className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={headingId} className="truncate text-sm font-semibold">
            <Link
              to={portfolioPath(portfolio)}
              className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {portfolio.name}
            </Link>
          </h3>
          <PortfolioBadges portfolio={portfolio} />
        </div>
        {portfolio.isOwner ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t('management.actionsFor', { name: portfolio.name })}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuReadOnlyNote />
              <DropdownMenuItem
                change
                onSelect={() => dialogs.open({ kind: 'edit-portfolio', portfolio })}
              >
                {t('management.edit')}
              </DropdownMenuItem>
              {portfolio.isDefault ? null : (
                <DropdownMenuItem
                  change
                  onSelect={() =>
                    update.mutate(
                      { id: portfolio.id, body: { isDefault: true } },
                      {
                        onSuccess: () =>
                          toast.success(t('toasts.defaultSet', { name: portfolio.name })),
                        onError: (error) => toast.error(errorText(error)),
                      },
                    )
                  }
                >
                  <Star aria-hidden="true" />
                  {t('management.setDefault')}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem asChild>
                <Link to={`${portfolioPath(portfolio)}#sharing`}>
                  <Share2 aria-hidden="true" />
                  {t('management.share')}
                </Link>
              </DropdownMenuItem>
              <DropdownMenuItem
                change
                className="text-destructive focus:text-destructive"
                onSelect={() => dialogs.open({ kind: 'delete-portfolio', portfolio })}
              >
                <Trash2 aria-hidden="true" />
                {t('management.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      <p className="line-clamp-2 min-h-10 text-[13px] text-muted-foreground">
        {portfolio.description || t('management.noDescription')}
      </p>
      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-3 text-[13px]">
        <span className="grid min-w-0 gap-0.5 text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="tabular">
              {t('management.simulationCount', { count: portfolio.simulations.length })}
            </span>
          </span>
          {owner ? <span className="truncate">{t('management.sharedBy', { owner })}</span> : null}
        </span>
        <span className="flex h-8 shrink-0 items-center">
          {active ? (
            <Badge variant="success">{t('management.active')}</Badge>
          ) : (
            <Button variant="outline" size="sm" onClick={() => scope.switchPortfolio(portfolio.id)}>
              {t('management.makeActive')}
            </Button>
          )}
        </span>
      </div>
    </Card>
  );
}

function CardsSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}

function Section({
  id,
  title,
  portfolios,
  empty,
}: {
  id: string;
  title: string;
  portfolios: Portfolio[];
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {portfolios.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {portfolios.map((portfolio) => (
            <PortfolioCard key={portfolio.id} portfolio={portfolio} />
          ))}
        </div>
      )}
    </section>
  );
}

/** /portfolio-management: owned and shared portfolios, pending invitations, create and manage. */
export function PortfolioManagementPage() {
  const { t } = useTranslation('portfolios');
  useDocumentTitle(t('management.title'));
  const scope = useActiveScope();
  const dialogs = usePortfolioDialogs();
  const owned = scope.portfolios.filter((p) => p.isOwner);
  const shared = scope.portfolios.filter((p) => !p.isOwner);
  const canCreateSimulation = can(scope.permission, 'manageSimulations');

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('management.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('management.description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canCreateSimulation && scope.portfolio ? (
            <Button
              change
              variant="outline"
              onClick={() =>
                dialogs.open({
                  kind: 'create-simulation',
                  portfolioId: scope.portfolio?.id,
                  fixed: !scope.portfolio?.isOwner,
                })
              }
            >
              <FlaskConical aria-hidden="true" />
              {t('management.newSimulation')}
            </Button>
          ) : null}
          <Button change onClick={() => dialogs.open({ kind: 'create-portfolio' })}>
            <Plus aria-hidden="true" />
            {t('management.newPortfolio')}
          </Button>
        </div>
      </header>
      <PendingInvitations />
      {scope.status === 'loading' ? (
        <CardsSkeleton />
      ) : scope.status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          {t('common.loadFailed')}
        </p>
      ) : (
        <>
          <Section
            id="owned-portfolios"
            title={t('management.owned')}
            portfolios={owned}
            empty={t('management.ownedEmpty')}
          />
          <Section
            id="shared-portfolios"
            title={t('management.shared')}
            portfolios={shared}
            empty={t('management.sharedEmpty')}
          />
        </>
      )}
    </div>
  );
}
