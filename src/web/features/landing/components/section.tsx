import type { ReactNode } from 'react';
import { cx } from '@/web/lib/cx';

type SectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
  align?: 'center' | 'start';
};

/** A landing section: anchor target, eyebrow, h2 and an optional lead, then its content. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
  align = 'center',
}: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cx('scroll-mt-16 py-20 sm:py-24', className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className={cx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
          <p className="text-sm font-semibold tracking-wide text-primary">{eyebrow}</p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            {title}
          </h2>
          {lead && (
            <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
              {lead}
            </p>
          )}
        </div>
        <div className="mt-12 sm:mt-14">{children}</div>
      </div>
    </section>
  );
}
