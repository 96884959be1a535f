import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@/contracts/portfolios';
import { Alert } from '@/web/components/ui/alert';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useImportExportScope } from '../api/import-export';
import { ExportSection } from '../components/export-section';
import { ImportSection } from '../components/import-section';

/**
 * /import-export: CSV exports of the active portfolio (or simulation) for anyone who can see it,
 * and the CSV import for those who can edit it.
 */
export function ImportExportPage() {
  const { t } = useTranslation('importExport');
  const { scope, portfolioId, simulationId } = useImportExportScope();
  const title = t('title');
  useEffect(() => {
    document.title = `${title} · Cairn`;
  }, [title]);

  const header = (
    <header className="grid gap-1">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-[13px] text-muted-foreground">{t('description')}</p>
      {scope.portfolio ? (
        <p className="text-[13px] font-medium">
          {scope.simulation
            ? t('scope.simulation', {
                simulation: scope.simulation.name,
                portfolio: scope.portfolio.name,
              })
            : t('scope.real', { portfolio: scope.portfolio.name })}
        </p>
      ) : null}
    </header>
  );

  if (!portfolioId) {
    return (
      <div className="grid gap-4">
        {header}
        {scope.status === 'loading' ? (
          <Skeleton className="h-40" />
        ) : (
          <Card className="p-6 text-[13px]" role="status">
            {t('noPortfolio')}
          </Card>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {header}
      <ExportSection portfolioId={portfolioId} simulationId={simulationId} />
      {can(scope.permission, 'edit') ? (
        // A new scope starts the import afresh.
        <ImportSection key={`${portfolioId}:${simulationId ?? ''}`} />
      ) : (
        <Alert role="status" title={t('import.title')}>
          {t('import.readOnly')}
        </Alert>
      )}
    </div>
  );
}
