import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EXPORT_KINDS, exportPath } from '@/contracts/import-export';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

/**
 * One download per file kind. A plain link: the browser sends the session cookie and saves the
 * file under the name the server gives (cairn-<kind>-YYYY-MM-DD.csv); in simulation mode the
 * link carries ?sim=.
 */
export function ExportSection({
  portfolioId,
  simulationId,
}: {
  portfolioId: string;
  simulationId: string | null;
}) {
  const { t } = useTranslation('importExport');
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="export-title" role="region">
      <div className="grid gap-1">
        <h2 id="export-title" className="text-base font-semibold">
          {t('export.title')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('export.description')}</p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {EXPORT_KINDS.map((kind) => {
          const label = t(`export.kinds.${kind}.label`);
          return (
            <li
              key={kind}
              className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2"
            >
              <span className="grid min-w-0">
                <span className="text-sm font-medium">{label}</span>
                <span className="text-[13px] text-muted-foreground">
                  {t(`export.kinds.${kind}.hint`)}
                </span>
              </span>
              <a
                href={exportPath(portfolioId, kind, simulationId)}
                download
                aria-label={t('export.downloadKind', { kind: label })}
                className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
              >
                <Download aria-hidden="true" />
                {t('export.download')}
              </a>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
