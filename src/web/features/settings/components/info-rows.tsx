import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/web/components/ui/badge';

export type InfoRowProps = {
  icon: LucideIcon;
  title: string;
  status?: { label: string; tone: 'success' | 'outline' | 'secondary' };
  children: ReactNode;
  action?: ReactNode;
};

/** A fact about the account or the server: an icon, a title with its status, a line or two. */
export function InfoRow({ icon: Icon, title, status, children, action }: InfoRowProps) {
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
      >
        <Icon className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {title}
            {status ? <Badge variant={status.tone}>{status.label}</Badge> : null}
          </p>
          <div className="text-[13px] text-muted-foreground">{children}</div>
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
    </li>
  );
}

export function InfoList({ children }: { children: ReactNode }) {
  return <ul className="divide-y">{children}</ul>;
}
