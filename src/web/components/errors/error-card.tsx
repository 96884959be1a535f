import { AlertTriangle, Languages, RefreshCw, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { cx } from '@/web/lib/cx';

type CardShellProps = {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
  tone?: 'danger' | 'warning';
  className?: string;
  /** role="alert" announces it at once; status is for non-blocking notices. */
  role?: 'alert' | 'status';
};

function CardShell({
  icon,
  title,
  description,
  children,
  tone = 'danger',
  className,
  role = 'alert',
}: CardShellProps) {
  return (
    <div
      role={role}
      className={cx(
        'mx-auto w-full max-w-lg rounded-xl border bg-card p-6 text-card-foreground shadow-sm',
        tone === 'danger' ? 'border-destructive/30' : 'border-warning/40',
        className,
      )}
    >
      <div className="flex items-start gap-4">
        <div
          className={cx(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            tone === 'danger' ? 'bg-destructive/10 text-destructive' : 'bg-warning/15 text-warning',
          )}
          aria-hidden="true"
        >
          {icon}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold">{title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          {children}
        </div>
      </div>
    </div>
  );
}

/** 'Something went wrong': a render error caught by a boundary. */
export function GenericErrorCard({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const details =
    error instanceof Error ? `${error.name}: ${error.message}` : error ? String(error) : null;
  return (
    <CardShell
      icon={<AlertTriangle className="size-5" />}
      title={t('errorCards.generic.title')}
      description={t('errorCards.generic.description')}
    >
      <div className="mt-4 flex flex-wrap gap-2">
        {onRetry && (
          <button type="button" className={buttonVariants({ size: 'sm' })} onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            {t('errorCards.generic.tryAgain')}
          </button>
        )}
        <button
          type="button"
          className={buttonVariants({ size: 'sm', variant: 'outline' })}
          onClick={() => window.location.reload()}
        >
          {t('errorCards.generic.reload')}
        </button>
      </div>
      {details && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
            {t('errorCards.generic.details')}
          </summary>
          <pre className="mt-2 max-h-40 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
            {details}
          </pre>
          <p className="mt-2 text-xs text-muted-foreground">{t('errorCards.generic.reportHint')}</p>
        </details>
      )}
    </CardShell>
  );
}

/** 'Data loading failed': a query that could not load. */
export function DataErrorCard({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <CardShell
      className={className}
      icon={<AlertTriangle className="size-5" />}
      title={t('errorCards.data.title')}
      description={t('errorCards.data.description')}
    >
      <button
        type="button"
        className={cx(buttonVariants({ size: 'sm' }), 'mt-4')}
        onClick={onRetry}
      >
        <RefreshCw aria-hidden="true" />
        {t('errorCards.data.retry')}
      </button>
    </CardShell>
  );
}

/** 'Connection issue': the server cannot be reached. */
export function ConnectionErrorCard({
  onRetry,
  className,
}: {
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <CardShell
      className={className}
      tone="warning"
      icon={<WifiOff className="size-5" />}
      title={t('errorCards.connection.title')}
      description={t('errorCards.connection.description')}
    >
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonVariants({ size: 'sm' })} onClick={onRetry}>
          {t('errorCards.connection.retry')}
        </button>
        <button
          type="button"
          className={buttonVariants({ size: 'sm', variant: 'outline' })}
          onClick={() => window.location.reload()}
        >
          {t('errorCards.connection.refresh')}
        </button>
      </div>
      <div className="mt-4 text-sm">
        <p className="font-medium">{t('errorCards.connection.tipsTitle')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
          <li>{t('errorCards.connection.tipConnection')}</li>
          <li>{t('errorCards.connection.tipRefresh')}</li>
          <li>{t('errorCards.connection.tipSupport')}</li>
        </ul>
      </div>
    </CardShell>
  );
}

/** 'Translation Loading Error': some text will show in English; the page keeps working. */
export function TranslationErrorCard({
  onRetry,
  onDismiss,
}: {
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <CardShell
      role="status"
      tone="warning"
      icon={<Languages className="size-5" />}
      title={t('errorCards.translation.title')}
      description={t('errorCards.translation.description')}
    >
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonVariants({ size: 'sm', variant: 'outline' })}
          onClick={onRetry}
        >
          {t('errorCards.translation.retry')}
        </button>
        <button
          type="button"
          className={buttonVariants({ size: 'sm', variant: 'ghost' })}
          onClick={onDismiss}
        >
          {t('errorCards.translation.dismiss')}
        </button>
      </div>
    </CardShell>
  );
}
