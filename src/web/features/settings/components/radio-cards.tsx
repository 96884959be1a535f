import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

export type RadioCardOption<V extends string> = {
  value: V;
  label: string;
  description?: string;
  preview?: ReactNode;
};

/**
 * A choice among a few options shown as cards: native radio buttons in a fieldset (arrow keys move
 * between them, the legend names the group), styled as selectable tiles.
 */
export function RadioCards<V extends string>({
  name,
  legend,
  description,
  value,
  options,
  onChange,
  disabled,
  columns = 3,
}: {
  name: string;
  legend: string;
  description?: string;
  value: V;
  options: readonly RadioCardOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  columns?: 2 | 3;
}) {
  const descriptionId = description ? `${name}-description` : undefined;
  return (
    <fieldset className="grid gap-3" aria-describedby={descriptionId} disabled={disabled}>
      <div className="grid gap-0.5">
        <legend className="text-sm font-medium">{legend}</legend>
        {description ? (
          <p id={descriptionId} className="text-[13px] text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <div className={cn('grid gap-2', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'relative flex cursor-pointer items-center gap-3 rounded-lg border bg-card px-3 py-2.5 transition-colors hover:bg-muted/60',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
                checked && 'border-primary bg-accent/50 hover:bg-accent/60',
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              {option.preview ? (
                <span aria-hidden="true" className="shrink-0">
                  {option.preview}
                </span>
              ) : null}
              <span className="grid min-w-0 gap-0.5">
                <span className="text-sm font-medium">{option.label}</span>
                {option.description ? (
                  <span className="text-[13px] text-muted-foreground">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
