import { zodResolver } from '@hookform/resolvers/zod';
import { Search, UserRoundX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { mfaLookupQuerySchema } from '@/contracts/admin';
import { type MfaLookup, useMfaLookup } from '../api/queries';
import { RoleBadge, FactorStatusBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';

const schema = z.object({ email: mfaLookupQuerySchema.shape.email });
type LookupInput = z.input<typeof schema>;
type LookupOutput = z.output<typeof schema>;

function LookupResult({ result }: { result: MfaLookup }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  if (!result.user)
    return (
      <p role="status" className="flex items-center gap-2 text-[13px] text-muted-foreground">
        <UserRoundX className="size-4" aria-hidden="true" />
        {t('mfa.lookup.notFound')}
      </p>
    );
  return (
    <div role="status" className="grid gap-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-0.5 rounded-lg border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t('mfa.lookup.account')}</dt>
          <dd className="flex min-w-0 flex-wrap items-center gap-2 text-sm font-medium">
            <span className="truncate">{result.user.email}</span>
            <RoleBadge role={result.user.role} />
          </dd>
        </div>
        <div className="grid gap-0.5 rounded-lg border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t('mfa.lookup.factorCount')}</dt>
          <dd className="text-sm font-medium tabular">{format.number(result.factors.length)}</dd>
        </div>
        <div className="grid gap-0.5 rounded-lg border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t('mfa.lookup.activeSessions')}</dt>
          <dd className="text-sm font-medium tabular">{format.number(result.activeSessions)}</dd>
        </div>
      </dl>
      {result.factors.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">{t('mfa.lookup.noFactors')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table>
            <TableCaption>
              {t('mfa.lookup.factorsCaption', { email: result.user.email })}
            </TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('mfa.columns.name')}</TableHead>
                <TableHead>{t('mfa.columns.status')}</TableHead>
                <TableHead>{t('mfa.columns.added')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.factors.map((factor, index) => (
                <TableRow key={`${factor.friendlyName}-${index}`}>
                  <TableCell className="font-medium">{factor.friendlyName}</TableCell>
                  <TableCell>
                    <FactorStatusBadge status={factor.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular">
                    {format.date(factor.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}

/** Support: a user's authenticators and live sessions, by email (each lookup is audited). */
export function MfaUserLookup() {
  const { t } = useTranslation('admin');
  const validationText = useValidationText();
  const [email, setEmail] = useState<string | null>(null);
  const lookup = useMfaLookup(email);
  const form = useForm<LookupInput, unknown, LookupOutput>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (values.email === email) void lookup.refetch();
    else setEmail(values.email);
  });

  return (
    <Card>
      <section aria-labelledby="mfa-lookup-title" className="grid gap-4 px-4 py-3.5">
        <div className="grid gap-0.5">
          <h2 id="mfa-lookup-title" className="text-[15px] font-semibold">
            {t('mfa.lookup.title')}
          </h2>
          <p className="text-[13px] text-muted-foreground">{t('mfa.lookup.description')}</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-2">
          <FormField
            id="mfa-lookup-email"
            label={t('mfa.lookup.email')}
            error={validationText(form.formState.errors.email?.message)}
            className="min-w-0 flex-1 basis-64"
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                placeholder={t('mfa.lookup.emailPlaceholder')}
                {...form.register('email')}
              />
            )}
          </FormField>
          <Button type="submit" className="mt-[1.375rem]" disabled={lookup.isFetching}>
            <Search aria-hidden="true" />
            {t('mfa.lookup.submit')}
          </Button>
        </form>
        {email && lookup.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : lookup.isError ? (
          <ApiErrorAlert error={lookup.error} />
        ) : lookup.data ? (
          <LookupResult result={lookup.data} />
        ) : null}
      </section>
    </Card>
  );
}
