import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/web/lib/cn';

const LINES = { 1: 'line-clamp-1', 2: 'line-clamp-2', 3: 'line-clamp-3' } as const;

/**
 * Text that may be long and unbroken (a fund's full legal name, a pasted identifier) inside a
 * dense table: it wraps anywhere, so it never widens its column past the others (a table gives an
 * unbreakable word all the width it asks, pushing the figures out of view), shows at most `lines`
 * lines and ends with an ellipsis, and then carries the whole text in its title (hover). Screen
 * readers read the whole text either way.
 */
export function ClampText({
  text,
  lines = 2,
  className,
  children,
}: {
  /** The whole text, for the title once cut. */
  text: string;
  lines?: keyof typeof LINES;
  className?: string;
  /** What shows (defaults to `text`): the text with parts styled. */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, lines]);
  return (
    <span
      ref={ref}
      title={cut ? text : undefined}
      className={cn('[overflow-wrap:anywhere]', LINES[lines], className)}
    >
      {children ?? text}
    </span>
  );
}
