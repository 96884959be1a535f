import { Download } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_KINDS, type ExportKind, exportPath } from '@/contracts/import-export';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { downloadExport } from '../lib/download';

/**
 * One download per file kind. Each is a link to the file (in simulation mode with ?sim=), but a
 * click fetches the file first and saves it only when the server sends it, named with the
 * user's local date (`downloadExport`): an expired session shows a message here instead of
 * saving a JSON error as a ".csv".
 */
export function ExportSection({
  portfolioId,
  simulationId,
}: {
  portfolioId: string;
  simulationId: string | null;
}) {
  const { t } = useTranslation('importExport');
  const [pending, setPending] = useState<ExportKind | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const download = async (event: MouseEvent<HTMLAnchorElement>, kind: ExportKind) => {
    event.preventDefault();
    if (pending) return;
    setPending(kind);
    setFailure(null);
    try {
      await downloadExport(portfolioId, kind, simulationId);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  const signedOut = failure instanceof ApiError && failure.code === 'UNAUTHENTICATED';
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="export-title" role="region">
      <div className="grid gap-1">
        <h2 id="export-title" className="text-base font-semibold">
          {t('export.title')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('export.description')}</p>
      </div>
      {signedOut ? (
        <Alert role="alert" tone="error" title={t('export.signedOut')} />
      ) : failure ? (
        <ApiErrorAlert error={failure} />
      ) : null}
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
                aria-busy={pending === kind || undefined}
                onClick={(event) => void download(event, kind)}
                className={cn(
                  buttonVariants({ variant: 'outline', size: 'sm' }),
                  pending && pending !== kind && 'pointer-events-none opacity-60',
                )}
              >
                <Download aria-hidden="true" />
                {pending === kind ? t('export.downloading') : t('export.download')}
              </a>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
