import type { LucideIcon } from 'lucide-react';
import { cx } from '@/web/lib/cx';

export type GridItem = { key: string; icon: LucideIcon; title: string; text: string };

/** Icon, title and text items in a responsive grid, used by the features, asset classes and benefits. */
export function FeatureGrid({ items, columns = 4 }: { items: GridItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cx(
        'grid gap-px overflow-hidden rounded-2xl border bg-border sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {items.map(({ key, icon: Icon, title, text }) => (
        <li key={key} className="bg-card p-6">
          <span
            className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground"
            aria-hidden="true"
          >
            <Icon className="size-[18px]" />
          </span>
          <h3 className="mt-4 text-[15px] font-semibold">{title}</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
