import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { type Invite, MAX_INVITES_PER_BATCH } from '@/contracts/admin';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useCreateInvites } from '../api/mutations';
import { copyText } from '../lib/clipboard';

const MAX_EXPIRY_DAYS = 365;
const whole = /^\d+$/;

/** Messages are keys of the admin namespace. */
const schema = z.object({
  count: z
    .string()
    .trim()
    .refine(
      (value) => whole.test(value) && Number(value) >= 1 && Number(value) <= MAX_INVITES_PER_BATCH,
      'invites.generate.errors.count',
    )
    .transform(Number),
  email: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'invites.generate.errors.email',
    ),
  expiresInDays: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        (whole.test(value) && Number(value) >= 1 && Number(value) <= MAX_EXPIRY_DAYS),
      'invites.generate.errors.expiry',
    ),
});
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;

const DEFAULTS: FormInput = { count: '1', email: '', expiresInDays: '' };

/** Generates 1 to 100 codes, optionally reserved for one email and expiring after some days. */
export function GenerateInvitesForm() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const create = useCreateInvites();
  const [created, setCreated] = useState<Invite[]>([]);
  const [copied, setCopied] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(
      {
        count: values.count,
        ...(values.email ? { email: values.email } : {}),
        ...(values.expiresInDays ? { expiresInDays: Number(values.expiresInDays) } : {}),
      },
      {
        onSuccess: ({ invites }) => {
          setCreated(invites);
          setCopied(false);
          form.reset(DEFAULTS);
          toast.success(t('invites.generate.done', { count: invites.length }));
        },
        onError: (error) =>
          toast.error(t('invites.generate.failed'), { description: errorText(error) }),
      },
    );
  });

  const copyAll = async () => {
    const ok = await copyText(created.map((invite) => invite.code).join('\n'));
    if (ok) {
      setCopied(true);
      toast.success(t('invites.generate.copiedAll', { count: created.length }));
    } else toast.error(t('invites.copyFailed'));
  };

  return (
    <Card>
      <section aria-labelledby="generate-invites-title" className="grid gap-3 px-4 py-3.5">
        <h2 id="generate-invites-title" className="text-[15px] font-semibold">
          {t('invites.generate.title')}
        </h2>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid items-start gap-3 sm:grid-cols-[7rem_minmax(0,1fr)_9rem_auto]"
        >
          <FormField
            id="invite-count"
            label={t('invites.generate.count')}
            error={message(errors.count?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_INVITES_PER_BATCH}
                className="tabular"
                {...form.register('count')}
              />
            )}
          </FormField>
          <FormField
            id="invite-email"
            label={t('invites.generate.email')}
            labelAside={
              <span className="text-xs text-muted-foreground">{t('common.optional')}</span>
            }
            error={message(errors.email?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                placeholder={t('invites.generate.emailPlaceholder')}
                {...form.register('email')}
              />
            )}
          </FormField>
          <FormField
            id="invite-expiry"
            label={t('invites.generate.expiry')}
            labelAside={
              <span className="text-xs text-muted-foreground">{t('common.optional')}</span>
            }
            error={message(errors.expiresInDays?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_EXPIRY_DAYS}
                placeholder={t('invites.generate.expiryPlaceholder')}
                className="tabular"
                {...form.register('expiresInDays')}
              />
            )}
          </FormField>
          <Button change type="submit" className="sm:mt-[1.375rem]" disabled={create.isPending}>
            <Plus aria-hidden="true" />
            {create.isPending ? t('invites.generate.pending') : t('invites.generate.submit')}
          </Button>
        </form>
        <p className="text-[13px] text-muted-foreground">
          {t('invites.generate.hint', { max: MAX_INVITES_PER_BATCH })}
        </p>
        {created.length > 0 ? (
          <div
            role="status"
            className="grid gap-2 rounded-lg border border-gain/30 bg-gain/5 px-3 py-2.5 text-[13px]"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">
                {t('invites.generate.created', { count: created.length })}
              </p>
              <Button size="sm" variant="outline" className="h-7" onClick={() => void copyAll()}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {t('invites.generate.copyAll')}
              </Button>
            </div>
            <ul className="flex max-h-32 flex-wrap gap-1.5 overflow-auto">
              {created.map((invite) => (
                <li key={invite.code}>
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {invite.code}
                  </code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
