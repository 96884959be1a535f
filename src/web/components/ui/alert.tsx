import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

const TONES = {
  error: {
    icon: AlertTriangle,
    className: 'border-destructive/30 bg-destructive/5 text-destructive',
  },
  info: { icon: Info, className: 'border-border bg-muted/60 text-foreground' },
  warning: { icon: AlertTriangle, className: 'border-warning/40 bg-warning/10 text-foreground' },
  success: { icon: CheckCircle2, className: 'border-gain/30 bg-gain/5 text-gain' },
} as const;

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  tone?: keyof typeof TONES;
  title?: ReactNode;
};

/**
 * A message block inside a page or form. Pass role="alert" for errors that must be announced at
 * once (a failed submit), role="status" for quieter news.
 */
export function Alert({ tone = 'info', title, className, children, ...props }: AlertProps) {
  const { icon: Icon, className: toneClass } = TONES[tone];
  return (
    <div
      data-slot="alert"
      className={cn('flex gap-2.5 rounded-lg border px-3 py-2.5 text-sm', toneClass, className)}
      {...props}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', tone === 'warning' && 'text-warning')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? (
          <div className={cn(tone === 'info' ? 'text-muted-foreground' : 'text-current')}>
            {children}
          </div>
        ) : null}
      </div>
    </div>
  );
}
