import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createValuationBodySchema } from '@/contracts/holding-valuations';
import type { Holding } from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { DateField } from '@/web/components/ui/date-field';
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
import { dateBounds } from '@/web/lib/date-bounds';
import { useFormatters } from '@/web/lib/preferences';
import { useAddValuation, useDeleteValuation, useValuations } from '../api/holdings';

const today = () => new Date().toISOString().slice(0, 10);
const toDecimal = (text: string) => text.replace(/\s/g, '').replace(',', '.');

/**
 * The value history of a holding without a market (real estate, crowdfunding, other assets):
 * its points newest first, in the holding's own currency, with a form to record the value of a
 * day (replacing that day's point) and a delete per point for those who may edit.
 */
export function ValueHistoryCard({ holding, canEdit }: { holding: Holding; canEdit: boolean }) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const validationText = useValidationText();
  const valuations = useValuations(holding.id);
  const add = useAddValuation(holding.id);
  const remove = useDeleteValuation(holding.id);
  const [date, setDate] = useState(today);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const currency = holding.currency as Currency;
  const id = holding.id.slice(0, 8);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { date, value: toDecimal(value) };
    const parsed = createValuationBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(body, {
      onSuccess: () => {
        toast.success(t('valueHistory.added'));
        setValue('');
      },
    });
  };

  return (
    <Card className="grid gap-3 p-4" aria-labelledby={`value-history-${id}`}>
      <div className="grid gap-0.5">
        <h4 id={`value-history-${id}`} className="text-sm font-semibold">
          {t('valueHistory.title')}
        </h4>
        <p className="text-[13px] text-muted-foreground">
          {t('valueHistory.description', { currency })}
        </p>
      </div>
      {canEdit ? (
        <form
          noValidate
          onSubmit={submit}
          className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
          aria-label={t('valueHistory.add')}
        >
          <FormField
            id={`valuation-date-${id}`}
            label={t('valueHistory.date')}
            error={validationText(errors.date)}
          >
            {(props) => (
              <DateField {...props} {...dateBounds(true)} value={date} onChange={setDate} />
            )}
          </FormField>
          <FormField
            id={`valuation-value-${id}`}
            label={t('valueHistory.value', { currency })}
            error={validationText(errors.value)}
          >
            {(props) => (
              <Input
                {...props}
                inputMode="decimal"
                className="tabular"
                autoComplete="off"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            )}
          </FormField>
          <Button change type="submit" size="sm" className="sm:mt-6" disabled={add.isPending}>
            {t('valueHistory.add')}
          </Button>
        </form>
      ) : null}
      <ApiErrorAlert error={add.error ?? remove.error} />
      {valuations.isPending ? (
        <Skeleton className="h-20" />
      ) : valuations.isError ? (
        <ApiErrorAlert error={valuations.error} />
      ) : valuations.data.valuations.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-[13px] text-muted-foreground">
          {canEdit ? t('valueHistory.empty') : t('valueHistory.emptyRead')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table data-testid="value-history">
            <TableCaption>{t('valueHistory.caption', { name: holding.name })}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('valueHistory.date')}</TableHead>
                <TableHead numeric>{t('valueHistory.value', { currency })}</TableHead>
                {canEdit ? (
                  <TableHead className="w-12">
                    <span className="sr-only">{t('table.actions')}</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {valuations.data.valuations.map((point) => (
                <TableRow key={point.id}>
                  <TableCell className="tabular whitespace-nowrap">
                    {format.date(point.date)}
                  </TableCell>
                  <TableCell numeric className="tabular">
                    {format.money(point.value, { currency, decimals: true })}
                  </TableCell>
                  {canEdit ? (
                    <TableCell className="w-12 text-right">
                      <Button
                        change
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('valueHistory.delete', { date: format.date(point.date) })}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(point.id, {
                            onSuccess: () => toast.success(t('valueHistory.deleted')),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
