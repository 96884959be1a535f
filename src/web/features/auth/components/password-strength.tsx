import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '@/web/components/ui/password-strength-meter';

/** The weak / medium / strong indicator under a new-password field, in the current language. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  return (
    <PasswordStrengthMeter
      id={id}
      password={password}
      labels={{
        weak: t('strength.weak'),
        medium: t('strength.medium'),
        strong: t('strength.strong'),
      }}
    />
  );
}
