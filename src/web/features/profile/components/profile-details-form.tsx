import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { type User, profileUpdateBodySchema } from '@/contracts/auth';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useResendConfirmation } from '@/web/lib/session';
import { useUpdateProfile } from '../api/mutations';

const schema = z.object({
  fullName: profileUpdateBodySchema.shape.fullName.unwrap().unwrap(),
});
type DetailsForm = z.input<typeof schema>;
type DetailsValues = z.output<typeof schema>;

function EmailStatus({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const resend = useResendConfirmation();
  if (user.emailConfirmedAt) return <Badge variant="success">{t('details.confirmed')}</Badge>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge variant="warning">{t('details.notConfirmed')}</Badge>
      {resend.isSuccess ? (
        <span role="status" className="text-[13px] text-muted-foreground">
          {t('details.resent')}
        </span>
      ) : (
        <Button
          change
          variant="link"
          size="sm"
          className="h-auto px-0 text-[13px]"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          {resend.isPending ? t('details.resending') : t('details.resend')}
        </Button>
      )}
    </span>
  );
}

/** Full name (editable), e-mail (read-only, with its confirmation) and role. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const form = useForm<DetailsForm, unknown, DetailsValues>({
    resolver: zodResolver(schema),
    values: { fullName: user.fullName ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const fullName = values.fullName.trim();
    update.mutate(
      { fullName: fullName || null },
      {
        onSuccess: ({ user: saved }) => {
          toast.success(t('details.saved'));
          form.reset({ fullName: saved.fullName ?? '' });
        },
        onError: (error) => toast.error(t('details.saveFailed'), { description: errorText(error) }),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
      <FormField
        id="profile-name"
        label={t('details.fullName')}
        description={t('details.fullNameHint')}
        error={validationText(errors.fullName?.message)}
      >
        {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
      </FormField>
      <FormField
        id="profile-email"
        label={t('details.email')}
        description={t('details.emailHint')}
        below={<EmailStatus user={user} />}
      >
        {(control) => (
          <Input {...control} type="email" readOnly value={user.email} autoComplete="off" />
        )}
      </FormField>
      <dl className="grid gap-1.5">
        <dt className="text-sm font-medium">{t('details.role')}</dt>
        <dd>
          <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
            {t(`details.roles.${user.role}`)}
          </Badge>
        </dd>
      </dl>
      <div>
        <Button change type="submit" size="sm" disabled={!isDirty || update.isPending}>
          {update.isPending ? t('details.saving') : t('details.save')}
        </Button>
      </div>
    </form>
  );
}
