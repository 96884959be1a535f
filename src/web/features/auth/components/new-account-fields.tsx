import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { PasswordStrength } from './password-strength';

/** The fields every new account types: name (optional), email, and a new password twice. */
type NewAccountValues = {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
};

/**
 * Name, email, password (with its strength) and its confirmation, as sign-up and the first run's
 * setup ask them; `idPrefix` names the inputs (`<prefix>-name`, `-email`, `-password`, `-confirm`).
 */
export function NewAccountFields<T extends FieldValues & NewAccountValues>({
  idPrefix,
  register,
  errors,
  password,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The password as typed, for its strength. */
  password: string;
}) {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  const field = (name: keyof NewAccountValues) => register(name as Path<T>);
  const message = (name: keyof NewAccountValues) => {
    const error = errors[name as Path<T>] as { message?: unknown } | undefined;
    return validationText(typeof error?.message === 'string' ? error.message : undefined);
  };
  return (
    <>
      <FormField
        id={`${idPrefix}-name`}
        label={t('fields.fullName')}
        labelAside={
          <span className="text-[13px] text-muted-foreground">{t('fields.optional')}</span>
        }
        description={t('register.fullNameHint')}
        error={message('fullName')}
      >
        {(control) => (
          <Input {...control} autoComplete="name" maxLength={100} {...field('fullName')} />
        )}
      </FormField>
      <FormField id={`${idPrefix}-email`} label={t('fields.email')} error={message('email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('fields.emailPlaceholder')}
            {...field('email')}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-password`}
        label={t('fields.password')}
        description={t('passwordHint')}
        error={message('password')}
        below={<PasswordStrength password={password} />}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            showLabel={t('fields.showPassword')}
            hideLabel={t('fields.hidePassword')}
            {...field('password')}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-confirm`}
        label={t('fields.confirmPassword')}
        error={message('confirmPassword')}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            showLabel={t('fields.showPassword')}
            hideLabel={t('fields.hidePassword')}
            {...field('confirmPassword')}
          />
        )}
      </FormField>
    </>
  );
}
