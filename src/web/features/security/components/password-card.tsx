import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { changePasswordBodySchema, passwordsMatch } from '@/contracts/auth';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { PasswordStrengthMeter } from '@/web/components/ui/password-strength-meter';
import { useChangePassword } from '../api/mutations';
import { SectionCard } from './section-card';

const schema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine(...passwordsMatch('newPassword'));
type PasswordForm = z.input<typeof schema>;
type PasswordValues = z.output<typeof schema>;

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changing the password: the current one, then the new one twice (with its strength). */
export function PasswordCard() {
  const { t } = useTranslation('security');
  const validationText = useValidationText();
  const change = useChangePassword();
  const form = useForm<PasswordForm, unknown, PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast.success(t('password.changed'));
          form.reset(EMPTY);
        },
        onError: () => form.setFocus('currentPassword', { shouldSelect: true }),
      },
    );
  });

  const toggle = { showLabel: t('password.show'), hideLabel: t('password.hide') };

  return (
    <SectionCard id="password" title={t('password.title')} description={t('password.description')}>
      <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
        <ApiErrorAlert error={change.error} />
        <FormField
          id="password-current"
          label={t('password.current')}
          error={validationText(errors.currentPassword?.message)}
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...toggle}
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          )}
        </FormField>
        <FormField
          id="password-new"
          label={t('password.new')}
          description={t('password.hint')}
          error={validationText(errors.newPassword?.message)}
          below={
            <PasswordStrengthMeter
              password={newPassword}
              labels={{
                weak: t('password.strength.weak'),
                medium: t('password.strength.medium'),
                strong: t('password.strength.strong'),
              }}
            />
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...toggle}
              autoComplete="new-password"
              {...form.register('newPassword')}
            />
          )}
        </FormField>
        <FormField
          id="password-confirm"
          label={t('password.confirm')}
          error={validationText(errors.confirmPassword?.message)}
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...toggle}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <div>
          <Button change type="submit" size="sm" disabled={change.isPending}>
            {change.isPending ? t('password.submitting') : t('password.submit')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
