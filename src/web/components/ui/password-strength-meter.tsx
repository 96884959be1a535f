import { type PasswordStrength, passwordStrength } from '@/domain/auth/password-strength';
import { cn } from '@/web/lib/cn';

const LEVEL: Record<PasswordStrength, number> = { weak: 1, medium: 2, strong: 3 };
const COLOUR: Record<PasswordStrength, string> = {
  weak: 'bg-destructive',
  medium: 'bg-warning',
  strong: 'bg-gain',
};

export type PasswordStrengthMeterProps = {
  password: string;
  /** Translated text for each level, e.g. 'Password strength: Weak'. */
  labels: Record<PasswordStrength, string>;
  id?: string;
  className?: string;
};

/**
 * Weak, medium or strong, said in words and shown as one to three filled segments (never by
 * colour alone). Nothing shows until something is typed. Announced politely as it changes.
 */
export function PasswordStrengthMeter({
  password,
  labels,
  id,
  className,
}: PasswordStrengthMeterProps) {
  const strength = password ? passwordStrength(password) : null;
  return (
    <div id={id} className={cn('grid gap-1', className)} aria-live="polite">
      {strength ? (
        <>
          <div className="grid grid-cols-3 gap-1" aria-hidden="true" data-strength={strength}>
            {[1, 2, 3].map((segment) => (
              <span
                key={segment}
                className={cn(
                  'h-1 rounded-full',
                  segment <= LEVEL[strength] ? COLOUR[strength] : 'bg-muted',
                )}
              />
            ))}
          </div>
          <p className="text-[13px] text-muted-foreground">{labels[strength]}</p>
        </>
      ) : null}
    </div>
  );
}
