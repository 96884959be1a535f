import { BellRing } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COMPOUNDING_FREQUENCIES, type Holding } from '@/contracts/holdings';
import {
  changeRateBodySchema,
  SAVINGS_MOVEMENT_TYPES,
  type SavingsMovementType,
  savingsMovementBodySchema,
} from '@/contracts/savings';
import type { Currency } from '@/contracts/settings';
import { ApiErrorAlert, useErrorText } from '@/web/components/ui/api-error-alert';
import { ApiError } from '@/web/lib/api-client';
import { Button } from '@/web/components/ui/button';
import { DateField } from '@/web/components/ui/date-field';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { dateBounds } from '@/web/lib/date-bounds';
import { useFormatters } from '@/web/lib/preferences';
import {
  useAcknowledgeAlert,
  useChangeRate,
  useSavingsDetail,
  useSavingsMovement,
} from '../api/holdings';

const today = () => new Date().toISOString().slice(0, 10);
const toDecimal = (text: string) => text.replace(/\s/g, '').replace(',', '.');

/** The first message of each field, from the contract's issues. */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular text-sm font-medium">{value}</dd>
    </div>
  );
}

/**
 * One savings account in detail: interest accrual, open alerts (acknowledge), a movement form
 * (deposit, withdrawal, interest, fee) and the rate history with a change-rate form.
 */
export function SavingsPanel({ holding, canEdit }: { holding: Holding; canEdit: boolean }) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const errorText = useErrorText();
  const validationText = useValidationText();
  const detail = useSavingsDetail(holding.id);
  const movement = useSavingsMovement(holding.id);
  const changeRate = useChangeRate(holding.id);
  const acknowledge = useAcknowledgeAlert();
  const [kind, setKind] = useState<SavingsMovementType>('deposit');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [rate, setRate] = useState('');
  const [rateDate, setRateDate] = useState(today);
  // Empty: the account's current compounding (the server keeps it when none is sent).
  const [frequency, setFrequency] = useState('');
  // What the contract refuses before sending (a date after today, an amount that is not one).
  const [movementErrors, setMovementErrors] = useState<Record<string, string>>({});
  const [rateErrors, setRateErrors] = useState<Record<string, string>>({});
  const currency = holding.currency as Currency;
  const money = (value: string) => format.money(value, { currency, decimals: true });
  const id = holding.id.slice(0, 8);

  if (detail.isPending) {
    return (
      <div className="grid gap-3 p-4" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (detail.isError) return <ApiErrorAlert className="m-4" error={detail.error} />;
  const { accrual, alerts, rates, transactions } = detail.data;
  // The earliest start a refused rate could have, as a date the user reads (not ISO).
  const rateError =
    changeRate.error instanceof ApiError &&
    changeRate.error.code === 'RATE_START_TOO_EARLY' &&
    typeof changeRate.error.details?.date === 'string'
      ? new ApiError(changeRate.error.status, changeRate.error.code, changeRate.error.message, {
          date: format.date(changeRate.error.details.date),
        })
      : changeRate.error;

  const submitMovement = (event: FormEvent) => {
    event.preventDefault();
    const body = { transactionType: kind, amount: toDecimal(amount), transactionDate: date };
    const parsed = savingsMovementBodySchema.safeParse(body);
    setMovementErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    movement.mutate(body, {
      onSuccess: () => {
        toast.success(t('savings.recorded'));
        setAmount('');
      },
    });
  };
  const submitRate = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      interestRate: toDecimal(rate),
      startDate: rateDate,
      compoundingFrequency: (frequency ||
        accrual.compoundingFrequency) as (typeof COMPOUNDING_FREQUENCIES)[number],
    };
    const parsed = changeRateBodySchema.safeParse(body);
    setRateErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    changeRate.mutate(body, {
      onSuccess: () => {
        toast.success(t('savings.rateChanged'));
        setRate('');
      },
    });
  };

  return (
    <div className="grid gap-5 p-4">
      {alerts.length ? (
        <ul className="grid gap-2" aria-label={t('savings.alerts')}>
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className="flex flex-wrap items-center gap-3 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-[13px]"
            >
              <BellRing aria-hidden="true" className="size-4 text-warning" />
              <span className="flex-1">
                {t(`savings.alert.${alert.kind}`, {
                  date:
                    typeof alert.data.maturityDate === 'string'
                      ? format.date(alert.data.maturityDate)
                      : '',
                  balance: typeof alert.data.balance === 'string' ? money(alert.data.balance) : '',
                  minimum:
                    typeof alert.data.minimumBalance === 'string'
                      ? money(alert.data.minimumBalance)
                      : '',
                })}
              </span>
              {canEdit ? (
                <Button
                  change
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    acknowledge.mutate(alert.id, {
                      onError: (error) => toast.error(errorText(error)),
                    })
                  }
                >
                  {t('savings.acknowledge')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure
          label={t('savings.rate')}
          value={`${format.percent(Number(accrual.annualRate) * 100, { decimals: 2 })} · ${t(`options.compoundingFrequency.${accrual.compoundingFrequency}`)}`}
        />
        <Figure label={t('savings.accrued')} value={money(accrual.accruedThisYear)} />
        <Figure label={t('savings.projected')} value={money(accrual.projectedYearInterest)} />
        <Figure
          label={accrual.isTaxExempt ? t('savings.taxExempt') : t('savings.taxWithheld')}
          value={accrual.isTaxExempt ? t('savings.none') : money(accrual.taxWithheldThisYear)}
        />
      </dl>

      {canEdit ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <form
            noValidate
            onSubmit={submitMovement}
            className="grid content-start gap-3 rounded-lg border p-3"
            aria-labelledby={`movement-${id}`}
          >
            <h4 id={`movement-${id}`} className="text-sm font-semibold">
              {t('savings.newMovement')}
            </h4>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField id={`movement-type-${id}`} label={t('savings.type')}>
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={kind}
                    onChange={(event) => setKind(event.target.value as SavingsMovementType)}
                  >
                    {SAVINGS_MOVEMENT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`savings.movement.${type}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField
                id={`movement-amount-${id}`}
                label={t('savings.amount')}
                error={validationText(movementErrors.amount)}
              >
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    className="tabular"
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                  />
                )}
              </FormField>
              <FormField
                id={`movement-date-${id}`}
                label={t('savings.date')}
                error={validationText(movementErrors.transactionDate)}
              >
                {(props) => (
                  <DateField {...props} {...dateBounds(true)} value={date} onChange={setDate} />
                )}
              </FormField>
            </div>
            <ApiErrorAlert error={movement.error} />
            <Button
              change
              type="submit"
              size="sm"
              className="justify-self-start"
              disabled={movement.isPending}
            >
              {t('savings.record')}
            </Button>
          </form>
          <form
            noValidate
            onSubmit={submitRate}
            className="grid content-start gap-3 rounded-lg border p-3"
            aria-labelledby={`rate-${id}`}
          >
            <h4 id={`rate-${id}`} className="text-sm font-semibold">
              {t('savings.changeRate')}
            </h4>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField
                id={`rate-value-${id}`}
                label={t('savings.newRate')}
                error={validationText(rateErrors.interestRate)}
              >
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    className="tabular"
                    value={rate}
                    onChange={(event) => setRate(event.target.value)}
                  />
                )}
              </FormField>
              <FormField
                id={`rate-date-${id}`}
                label={t('savings.from')}
                error={validationText(rateErrors.startDate)}
              >
                {(props) => (
                  <DateField
                    {...props}
                    {...dateBounds(true)}
                    value={rateDate}
                    onChange={setRateDate}
                  />
                )}
              </FormField>
              <FormField id={`rate-frequency-${id}`} label={t('fields.compoundingFrequency')}>
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={frequency || accrual.compoundingFrequency}
                    onChange={(event) => setFrequency(event.target.value)}
                  >
                    {COMPOUNDING_FREQUENCIES.map((option) => (
                      <option key={option} value={option}>
                        {t(`options.compoundingFrequency.${option}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <ApiErrorAlert error={rateError} />
            <Button
              change
              type="submit"
              size="sm"
              variant="outline"
              className="justify-self-start"
              disabled={changeRate.isPending}
            >
              {t('savings.applyRate')}
            </Button>
          </form>
        </div>
      ) : null}

      {/* Both boxes start under their headings, whichever is longer (no stretched rows). */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <section aria-labelledby={`history-${id}`} className="grid content-start gap-2">
          <h4 id={`history-${id}`} className="text-sm font-semibold">
            {t('savings.movements')}
          </h4>
          {transactions.length ? (
            <ul className="grid divide-y rounded-md border text-[13px]">
              {transactions.slice(0, 8).map((row) => (
                <li key={row.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span>
                    {t(`savings.movement.${row.transactionType}`)}
                    <span className="ml-2 text-muted-foreground">
                      {format.date(row.transactionDate)}
                    </span>
                  </span>
                  <span className="tabular text-right">
                    {row.transactionType === 'withdrawal' || row.transactionType === 'fee'
                      ? '−'
                      : '+'}
                    {money(row.amount)}
                    {row.taxWithheld !== '0.00' ? (
                      <span className="ml-2 text-xs text-muted-foreground">
                        {t('savings.withheld', { amount: money(row.taxWithheld) })}
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-[13px] text-muted-foreground">{t('savings.noMovements')}</p>
          )}
        </section>
        <section aria-labelledby={`rates-${id}`} className="grid content-start gap-2">
          <h4 id={`rates-${id}`} className="text-sm font-semibold">
            {t('savings.rateHistory')}
          </h4>
          {rates.length ? (
            <ul className="grid divide-y rounded-md border text-[13px]">
              {rates.map((row) => (
                <li key={row.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="text-muted-foreground">
                    {row.endDate
                      ? t('savings.period', {
                          from: format.date(row.startDate),
                          to: format.date(row.endDate),
                        })
                      : t('savings.since', { from: format.date(row.startDate) })}
                  </span>
                  <span className="tabular">
                    {format.percent(Number(row.interestRate) * 100, { decimals: 2 })}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-[13px] text-muted-foreground">{t('savings.noRates')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
