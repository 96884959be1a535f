import { Download, FileArchive, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PrivacyExport } from '@/contracts/privacy';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormatters } from '@/web/lib/preferences';
import { inProgress, useLatestExport, useRequestExport } from '../api/privacy';

/** 1.2 MB / 1,2 Mo: the archive's size in the language. */
function useFileSize() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t('privacy.data.export.kilobytes', { size: format.number(Math.max(1, bytes / 1024), 0) })
      : t('privacy.data.export.megabytes', { size: format.number(bytes / 1024 / 1024, 1) });
}

function ExportProgress({ value }: { value: number }) {
  const { t } = useTranslation('settings');
  return (
    <div className="grid gap-1.5 pt-1">
      <div
        role="progressbar"
        aria-label={t('privacy.data.export.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="text-[13px] text-muted-foreground tabular-nums" aria-live="polite">
        {t('privacy.data.export.preparing', { progress: value })}
      </p>
    </div>
  );
}

/** What the latest export says: building (with its progress), ready (its link), or failed. */
function ExportState({ value }: { value: PrivacyExport }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const fileSize = useFileSize();
  if (value.status === 'queued' || value.status === 'running')
    return <ExportProgress value={value.progress} />;
  if (value.status === 'failed')
    return (
      <p className="pt-1 text-[13px] font-medium text-destructive" role="status">
        {t('privacy.data.export.failed')}
      </p>
    );
  if (!value.downloadUrl) return null;
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/30 p-3 sm:flex-row sm:items-center">
      <FileArchive className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-0.5 text-[13px]">
        <p className="font-medium text-foreground">
          {t('privacy.data.export.readyTitle', {
            date: format.dateTime(value.finishedAt ?? value.createdAt, { dateStyle: 'medium' }),
          })}
        </p>
        <p className="text-muted-foreground">
          {value.expiresAt
            ? t('privacy.data.export.expires', {
                date: format.dateTime(value.expiresAt, { dateStyle: 'medium' }),
              })
            : null}
          {value.sizeBytes !== null ? ` · ${fileSize(value.sizeBytes)}` : null}
        </p>
      </div>
      <Button asChild size="sm">
        <a href={value.downloadUrl} download>
          <Download aria-hidden="true" />
          {t('privacy.data.export.download')}
        </a>
      </Button>
    </div>
  );
}

/**
 * "Download your data" (issue 17): prepares a ZIP of everything Cairn holds about the user
 * (built in the background; its progress is asked every second), then offers it for 24 hours.
 * A row of the privacy page's "Your data" list.
 */
export function DataExportRow() {
  const { t } = useTranslation('settings');
  const latest = useLatestExport();
  const request = useRequestExport();
  const current = latest.data ?? null;
  const building = inProgress(current);
  const action = current?.status === 'ready' || current?.status === 'failed' ? 'again' : 'start';

  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0" aria-labelledby="privacy-export-title">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
      >
        <Download className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p id="privacy-export-title" className="flex flex-wrap items-center gap-2 font-medium">
              {t('privacy.data.export.title')}
              {current?.status === 'ready' ? (
                <Badge variant="success">{t('privacy.data.export.readyBadge')}</Badge>
              ) : null}
            </p>
            <p className="text-[13px] text-muted-foreground">{t('privacy.data.export.text')}</p>
          </div>
          <div className="shrink-0">
            {latest.isPending ? (
              <Skeleton className="h-8 w-36" />
            ) : (
              <Button
                change
                size="sm"
                variant={action === 'again' ? 'outline' : 'default'}
                disabled={building || request.isPending}
                onClick={() => request.mutate()}
              >
                {action === 'again' ? <RotateCw aria-hidden="true" /> : null}
                {building || request.isPending
                  ? t('privacy.data.export.building')
                  : action === 'again'
                    ? t('privacy.data.export.again')
                    : t('privacy.data.export.start')}
              </Button>
            )}
          </div>
        </div>
        {latest.isError ? (
          <ApiErrorAlert
            error={latest.error}
            situation={{ fallback: t('privacy.data.export.loadFailed') }}
          >
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              onClick={() => void latest.refetch()}
            >
              {t('privacy.data.export.retry')}
            </Button>
          </ApiErrorAlert>
        ) : null}
        <ApiErrorAlert
          error={request.error}
          situation={{ fallback: t('privacy.data.export.startFailed') }}
        />
        {current ? <ExportState value={current} /> : null}
      </div>
    </li>
  );
}
