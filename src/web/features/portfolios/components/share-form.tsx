import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Portfolio } from '@/contracts/portfolios';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { DateField } from '@/web/components/ui/date-field';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useCreateShare } from '../api/mutations';
import {
  defaultExpiryInput,
  type ShareFormInput,
  type ShareFormOutput,
  shareFormSchema,
  toDateInput,
} from '../lib/share-form';
import { PermissionChoice, SimulationSharingChoice } from './sharing-fields';

const EMPTY = (): ShareFormInput => ({
  email: '',
  permissionLevel: 'read',
  simulationSharingMode: 'none',
  sharedSimulationIds: [],
  expiresOn: defaultExpiryInput(),
});

/** Invites someone by email: permission, which simulations go along, and until when it can be accepted. */
export function ShareForm({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation('portfolios');
  const validationText = useValidationText();
  const share = useCreateShare(portfolio.id);
  const form = useForm<ShareFormInput, unknown, ShareFormOutput>({
    resolver: zodResolver(shareFormSchema),
    defaultValues: EMPTY(),
  });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'simulationSharingMode' });
  const ids = useWatch({ control: form.control, name: 'sharedSimulationIds' });

  const onSubmit = form.handleSubmit((values) => {
    share.mutate(values, {
      onSuccess: ({ share: created }) => {
        toast.success(t('toasts.shared', { email: created.sharedWithEmail }));
        form.reset(EMPTY());
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('sharing.formLabel')}>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField
          id="share-email"
          label={t('sharing.email')}
          error={validationText(errors.email?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              placeholder={t('sharing.emailPlaceholder')}
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField
          id="share-expires"
          label={t('sharing.expires')}
          error={validationText(
            errors.expiresOn?.message ??
              (errors as Record<string, { message?: string } | undefined>).expiresAt?.message,
          )}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="expiresOn"
              render={({ field }) => (
                <DateField
                  {...control}
                  name={field.name}
                  min={toDateInput(new Date())}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="permissionLevel"
        render={({ field }) => <PermissionChoice value={field.value} onChange={field.onChange} />}
      />
      <SimulationSharingChoice
        simulations={portfolio.simulations}
        mode={mode}
        onModeChange={(mode) => form.setValue('simulationSharingMode', mode)}
        ids={ids}
        onIdsChange={(ids) =>
          form.setValue('sharedSimulationIds', ids, { shouldValidate: form.formState.isSubmitted })
        }
        error={validationText(errors.sharedSimulationIds?.message)}
      />
      <ApiErrorAlert error={share.error} />
      <div>
        <Button change type="submit" disabled={share.isPending}>
          <Send aria-hidden="true" />
          {share.isPending ? t('sharing.sending') : t('sharing.send')}
        </Button>
      </div>
    </form>
  );
}
