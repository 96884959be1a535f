import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';
import { Input } from './input';

export type CodeInputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'type'> & {
  value: string;
  /** Receives digits only, at most `length` of them. */
  onValueChange: (value: string) => void;
  length?: number;
};

/**
 * A one-time code field: digits only (pasted spaces and dashes are dropped), a numeric keypad on
 * phones, and the browser's one-time-code autofill.
 */
export function CodeInput({
  value,
  onValueChange,
  length = 6,
  className,
  ...props
}: CodeInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${length}}`}
      maxLength={length}
      spellCheck={false}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, length))}
      className={cn('tabular h-10 text-center font-mono text-lg tracking-[0.4em]', className)}
      {...props}
    />
  );
}
