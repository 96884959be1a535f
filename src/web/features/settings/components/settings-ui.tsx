import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';

/** A settings page: its heading and line of explanation (also the document title), then sections. */
export function SettingsPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const documentTitle = t('documentTitle', { page: title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <div className="grid w-full max-w-3xl gap-5">
      <header className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </div>
  );
}

/** One section: a heading, a line of explanation, its content and an optional footer (actions). */
export function SettingsSection({
  id,
  title,
  description,
  footer,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <section aria-labelledby={`${id}-title`}>
        <div className="grid gap-1 border-b px-5 py-4">
          <h2 id={`${id}-title`} className="text-[15px] leading-tight font-semibold">
            {title}
          </h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <div className="px-5 py-4 text-sm">{children}</div>
        {footer ? (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t bg-muted/40 px-5 py-3">
            {footer}
          </div>
        ) : null}
      </section>
    </Card>
  );
}

/** A setting on one line: its label and explanation on the left, its control on the right. */
export function SettingRow({
  label,
  description,
  control,
  className,
}: {
  label: ReactNode;
  description?: ReactNode;
  control: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex items-start justify-between gap-4 py-3', className)}>
      <div className="grid min-w-0 gap-0.5">
        {label}
        {description ? (
          <div className="text-[13px] text-muted-foreground">{description}</div>
        ) : null}
      </div>
      <div className="shrink-0 pt-0.5">{control}</div>
    </div>
  );
}

/** Save and Cancel under a form; enabled once something changed. */
export function FormActions({
  dirty,
  pending,
  onCancel,
}: {
  dirty: boolean;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={!dirty || pending}
        onClick={onCancel}
      >
        {t('actions.cancel')}
      </Button>
      <Button change type="submit" size="sm" disabled={!dirty || pending}>
        {pending ? t('actions.saving') : t('actions.save')}
      </Button>
    </>
  );
}

/** Placeholders shaped like a settings form while the settings load. */
export function SettingsSkeleton({ sections = [4] }: { sections?: number[] }) {
  const { t } = useTranslation('settings');
  return (
    <div role="status" aria-busy="true" className="grid gap-5">
      <span className="sr-only">{t('loading')}</span>
      {sections.map((rows, index) => (
        <Card key={index} aria-hidden="true">
          <div className="grid gap-2 border-b px-5 py-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3.5 w-72 max-w-full" />
          </div>
          <div className="grid gap-5 px-5 py-5">
            {Array.from({ length: rows }, (_, row) => (
              <div key={row} className="grid gap-2">
                <Skeleton className="h-3.5 w-28" />
                <Skeleton className="h-9 w-full max-w-md" />
              </div>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The settings could not load. */
export function SettingsLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert role="alert" tone="error" title={t('loadFailed')}>
      <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('retry')}
      </Button>
    </Alert>
  );
}

/** No settings for this session (a 401 or 406 answer): nothing to retry. */
export function SettingsUnavailable() {
  const { t } = useTranslation('settings');
  return <Alert role="status" tone="info" title={t('unavailable')} />;
}
