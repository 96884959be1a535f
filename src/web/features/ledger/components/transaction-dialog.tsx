import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CURRENCIES, type Currency } from '@/contracts/settings';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import {
  COST_BASIS_METHODS,
  type CostBasisMethod,
  type CreateTransactionBody,
  createTransactionBodySchema,
  type TaxEstimateJson,
  TRANSACTION_TYPES,
} from '@/contracts/transactions';
import { ChangeIndicator } from '@/web/components/finance/change-indicator';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { DateField } from '@/web/components/ui/date-field';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
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
import { ApiError } from '@/web/lib/api-client';
import { dateBounds } from '@/web/lib/date-bounds';
import { isIsoDate } from '@/web/lib/date-input';
import { useOptionalActiveScope } from '@/web/lib/active-scope';
import { useFormatters } from '@/web/lib/preferences';
import {
  useCreateTransaction,
  useFxRate,
  useHoldingLots,
  useSalePreview,
  useScopeHoldings,
} from '../api/transactions';

const today = () => new Date().toISOString().slice(0, 10);
/** Types that buy, sell or move units: not for savings accounts (deposits and withdrawals are). */
const TRADES = new Set<string>(['buy', 'sell', 'transfer']);
const toDecimal = (text: string) => text.replace(/\s/g, '').replace(',', '.');

function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Values = {
  assetId: string;
  transactionType: string;
  quantity: string;
  price: string;
  fees: string;
  currency: string;
  exchangeRateToBase: string;
  tradeDate: string;
  settlementDate: string;
  costBasisMethod: CostBasisMethod;
  broker: string;
  notes: string;
};

function bodyOf(values: Values, lots: Record<string, string>): CreateTransactionBody {
  const sell = values.transactionType === 'sell';
  const selected = Object.entries(lots)
    .filter(([, quantity]) => toDecimal(quantity) !== '' && Number(toDecimal(quantity)) > 0)
    .map(([lotId, quantity]) => ({ lotId, quantity: toDecimal(quantity) }));
  return {
    assetId: values.assetId,
    transactionType: values.transactionType,
    quantity: toDecimal(values.quantity),
    price: toDecimal(values.price),
    fees: toDecimal(values.fees) || '0',
    currency: values.currency as CreateTransactionBody['currency'],
    exchangeRateToBase: toDecimal(values.exchangeRateToBase) || '1',
    tradeDate: values.tradeDate,
    ...(values.settlementDate ? { settlementDate: values.settlementDate } : {}),
    ...(sell ? { costBasisMethod: values.costBasisMethod } : {}),
    ...(sell && values.costBasisMethod === 'specific_id' ? { selectedLots: selected } : {}),
    ...(values.broker.trim() ? { broker: values.broker.trim() } : {}),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
  };
}

/**
 * The sale's lots, gain and tax before confirming (one line per lot, then the total), in the
 * portfolio's base currency, the one the estimate is worked out in (each trade's rate to it).
 * French tax is declared in euros: outside a euro portfolio the note says so.
 */
function SalePreview({ tax, currency }: { tax: TaxEstimateJson; currency: Currency }) {
  const { t } = useTranslation('ledger');
  const format = useFormatters();
  const money = (amount: string, signed = false) =>
    format.money(amount, { currency, decimals: true, signed });
  return (
    <section
      aria-labelledby="sale-preview"
      className="grid gap-2 rounded-lg border bg-muted/20 p-3"
    >
      <h3 id="sale-preview" className="text-sm font-semibold">
        {t('sell.preview')}
      </h3>
      <p className="text-xs text-muted-foreground" data-testid="sale-currency">
        {currency === 'EUR'
          ? t('sell.inBaseCurrency', { currency })
          : t('sell.inOtherCurrency', { currency })}
      </p>
      <div className="overflow-x-auto">
        <Table data-testid="sale-preview">
          <TableCaption>{t('sell.preview')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('sell.lot')}</TableHead>
              <TableHead numeric>{t('sell.quantity')}</TableHead>
              <TableHead numeric>{t('sell.proceeds')}</TableHead>
              <TableHead numeric>{t('sell.costBasis')}</TableHead>
              <TableHead numeric>{t('sell.gain')}</TableHead>
              <TableHead numeric>{t('sell.held')}</TableHead>
              <TableHead numeric>{t('sell.tax')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tax.lots.map((line) => (
              <TableRow key={line.lotId}>
                <TableCell>#{line.lotNumber}</TableCell>
                <TableCell numeric>{format.number(line.quantity, 8)}</TableCell>
                <TableCell numeric>{money(line.proceeds)}</TableCell>
                <TableCell numeric>{money(line.costBasis)}</TableCell>
                <TableCell numeric>
                  <ChangeIndicator
                    value={Number(line.gainLoss)}
                    label={money(line.gainLoss, true)}
                    className="justify-end"
                  />
                </TableCell>
                <TableCell numeric>
                  <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
                    {t('sell.days', { count: line.holdingPeriodDays })}
                    <Badge variant={line.isLongTerm ? 'success' : 'outline'}>
                      {line.isLongTerm ? t('sell.longTerm') : t('sell.shortTerm')}
                    </Badge>
                  </span>
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  {money(line.taxAmount)}
                  <span className="ml-1 text-xs text-muted-foreground">
                    ({format.percent(Number(line.taxRate) * 100, { decimals: 1 })})
                  </span>
                </TableCell>
              </TableRow>
            ))}
            <TableRow className="font-semibold">
              <TableCell>{t('sell.total')}</TableCell>
              <TableCell />
              <TableCell numeric>{money(tax.total.proceeds)}</TableCell>
              <TableCell numeric>{money(tax.total.costBasis)}</TableCell>
              <TableCell numeric>
                <ChangeIndicator
                  value={Number(tax.total.gainLoss)}
                  label={money(tax.total.gainLoss, true)}
                  className="justify-end"
                />
              </TableCell>
              <TableCell />
              <TableCell numeric data-testid="sale-tax-total">
                {money(tax.total.taxAmount)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">{t('sell.taxNote')}</p>
    </section>
  );
}

/**
 * Records a transaction. A sale shows the asset's lots (with a quantity per lot for specific
 * lots) and the resulting gain and tax, worked out by the server, before it is confirmed.
 */
export function TransactionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('ledger');
  const validationText = useValidationText();
  const format = useFormatters();
  const holdings = useScopeHoldings();
  const create = useCreateTransaction();
  const initial = (): Values => ({
    assetId: '',
    transactionType: 'buy',
    quantity: '',
    price: '',
    fees: '0',
    // Empty: the chosen holding's own currency.
    currency: '',
    // Empty: the published rate of the trade date, when there is one.
    exchangeRateToBase: '',
    tradeDate: today(),
    settlementDate: '',
    costBasisMethod: 'fifo',
    broker: '',
    notes: '',
  });
  const [values, setValues] = useState<Values>(initial);
  const [lotQuantities, setLotQuantities] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A submit error is about what was sent: it goes as soon as the inputs change.
  const clearSubmitError = () => {
    if (create.isError) create.reset();
  };
  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    clearSubmitError();
    setValues((current) => ({
      ...current,
      [name]: event.target.value,
      // Another currency or day: the rate typed for the old one no longer applies.
      ...(name === 'currency' || name === 'tradeDate' || name === 'assetId'
        ? { exchangeRateToBase: '' }
        : {}),
    }));
  };
  const baseCurrency: Currency = useOptionalActiveScope()?.portfolio?.baseCurrency ?? 'EUR';

  // A savings account moves by deposits and withdrawals (its panel), not by trades.
  const choices =
    holdings.data?.filter(
      (holding) => !(holding.class === 'savings' && TRADES.has(values.transactionType)),
    ) ?? [];
  const assetId =
    choices.find((holding) => holding.id === values.assetId)?.id ?? choices[0]?.id ?? '';
  const holding = choices.find((choice) => choice.id === assetId);
  // The holding's own currency unless the user chose another.
  const currency = (values.currency || holding?.currency || baseCurrency) as Currency;
  const foreign = currency !== baseCurrency;
  // Asked for a day once one is typed in full (not while '12/0' is on its way to a date).
  const fx = useFxRate(
    foreign && isIsoDate(values.tradeDate)
      ? { from: currency, to: baseCurrency, date: values.tradeDate }
      : null,
  );
  const prefilled = foreign && !values.exchangeRateToBase ? (fx.data?.rate ?? '') : '';
  const rate = foreign ? values.exchangeRateToBase || prefilled : '1';
  const sell = values.transactionType === 'sell';
  const lots = useHoldingLots(sell && assetId ? assetId : null);
  const body = useMemo(
    () => bodyOf({ ...values, assetId, currency, exchangeRateToBase: rate }, lotQuantities),
    [values, assetId, currency, rate, lotQuantities],
  );
  const previewable = sell && createTransactionBodySchema.safeParse(body).success;
  const debounced = useDebounced(previewable ? body : null);
  const preview = useSalePreview(debounced);

  const close = (next: boolean) => {
    if (!next) {
      setValues(initial());
      setLotQuantities({});
      setErrors({});
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTransactionBodySchema.safeParse(body);
    const found: Record<string, string> = {};
    // Another currency than the portfolio's needs its rate: 1 would relabel the amount.
    if (foreign && !toDecimal(rate)) found.exchangeRateToBase = M.exchangeRateRequired;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
    }
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: () => {
        toast.success(t(sell ? 'toasts.sold' : 'toasts.created'));
        close(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          const issues = (error.details?.issues ?? []) as { path: string; message: string }[];
          const found: Record<string, string> = {};
          for (const issue of issues) found[issue.path.split('.')[0] ?? ''] ??= issue.message;
          setErrors(found);
        }
      },
    });
  };

  const field = (
    name: keyof Values,
    label: string,
    input: 'text' | 'decimal' | 'date' = 'decimal',
  ) => (
    <FormField id={`tx-${name}`} label={label} error={validationText(errors[name])}>
      {(props) =>
        input === 'date' ? (
          <DateField
            {...props}
            name={name}
            // A trade cannot be dated after today; it may settle later.
            {...dateBounds(name === 'tradeDate')}
            value={values[name]}
            onChange={(value) => set(name)({ target: { value } })}
          />
        ) : (
          <Input
            {...props}
            name={name}
            inputMode={input === 'decimal' ? 'decimal' : undefined}
            className={input === 'decimal' ? 'tabular' : undefined}
            autoComplete="off"
            value={values[name]}
            onChange={set(name)}
          />
        )
      }
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-h-[92dvh] overflow-y-auto sm:max-w-4xl"
        closeLabel={t('form.close')}
      >
        <DialogHeader>
          <DialogTitle>{t('form.title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        {holdings.data && holdings.data.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">{t('form.noAssets')}</p>
        ) : (
          <form id="transaction-form" noValidate onSubmit={submit} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="tx-assetId"
                label={t('fields.asset')}
                error={validationText(errors.assetId)}
              >
                {(props) => (
                  <NativeSelect {...props} name="assetId" value={assetId} onChange={set('assetId')}>
                    {choices.map((holding) => (
                      <option key={holding.id} value={holding.id}>
                        {holding.symbol ? `${holding.symbol} · ${holding.name}` : holding.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {choices.length === 0 && holdings.data?.length ? (
                <p className="text-[13px] text-muted-foreground sm:col-span-2" role="status">
                  {t('form.savingsOnly')}
                </p>
              ) : null}
              <FormField id="tx-transactionType" label={t('fields.type')}>
                {(props) => (
                  <NativeSelect
                    {...props}
                    name="transactionType"
                    value={values.transactionType}
                    onChange={set('transactionType')}
                  >
                    {TRANSACTION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`types.${type}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              {field('quantity', t('fields.quantity'))}
              {field('price', t('fields.price'))}
              {field('fees', t('fields.fees'))}
              <FormField id="tx-currency" label={t('fields.currency')}>
                {(props) => (
                  <NativeSelect
                    {...props}
                    name="currency"
                    value={currency}
                    onChange={set('currency')}
                  >
                    {CURRENCIES.map((code) => (
                      <option key={code}>{code}</option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {foreign ? (
                <FormField
                  id="tx-exchangeRateToBase"
                  label={t('fields.exchangeRate', { from: currency, to: baseCurrency })}
                  error={validationText(errors.exchangeRateToBase)}
                  description={
                    prefilled && fx.data
                      ? t('form.ratePublished', { date: format.date(fx.data.date) })
                      : fx.isError && !values.exchangeRateToBase
                        ? t('form.rateMissing')
                        : t('form.rateHint', { from: currency, to: baseCurrency })
                  }
                >
                  {(props) => (
                    <Input
                      {...props}
                      name="exchangeRateToBase"
                      inputMode="decimal"
                      className="tabular"
                      autoComplete="off"
                      required
                      value={rate}
                      onChange={set('exchangeRateToBase')}
                    />
                  )}
                </FormField>
              ) : null}
              {field('tradeDate', t('fields.tradeDate'), 'date')}
              {field('settlementDate', t('fields.settlementDate'), 'date')}
              {field('broker', t('fields.broker'), 'text')}
              {field('notes', t('fields.notes'), 'text')}
            </div>

            {sell ? (
              <section aria-labelledby="sell-lots" className="grid gap-3">
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <h3 id="sell-lots" className="text-sm font-semibold">
                    {t('sell.lots')}
                  </h3>
                  <FormField
                    id="tx-costBasisMethod"
                    label={t('fields.method')}
                    className="min-w-52"
                  >
                    {(props) => (
                      <NativeSelect
                        {...props}
                        name="costBasisMethod"
                        value={values.costBasisMethod}
                        onChange={set('costBasisMethod')}
                      >
                        {COST_BASIS_METHODS.map((method) => (
                          <option key={method} value={method}>
                            {t(`methods.${method}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                </div>
                {lots.isPending ? (
                  <Skeleton className="h-20" />
                ) : lots.data?.filter((lot) => lot.status === 'active').length ? (
                  <div className="overflow-x-auto rounded-md border">
                    <Table data-testid="available-lots">
                      <TableCaption>{t('sell.lots')}</TableCaption>
                      <TableHeader>
                        <TableRow>
                          <TableHead>{t('sell.lot')}</TableHead>
                          <TableHead>{t('sell.acquired')}</TableHead>
                          <TableHead numeric>{t('sell.remaining')}</TableHead>
                          <TableHead numeric>{t('sell.acquisitionPrice')}</TableHead>
                          <TableHead numeric>
                            {t('sell.remainingCost', { currency: baseCurrency })}
                          </TableHead>
                          {values.costBasisMethod === 'specific_id' ? (
                            <TableHead numeric>{t('sell.toSell')}</TableHead>
                          ) : null}
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {lots.data
                          .filter((lot) => lot.status === 'active')
                          .map((lot) => (
                            <TableRow key={lot.id}>
                              <TableCell>#{lot.lotNumber}</TableCell>
                              <TableCell>{format.date(lot.acquisitionDate)}</TableCell>
                              <TableCell numeric>
                                {format.number(lot.remainingQuantity, 8)}
                              </TableCell>
                              <TableCell numeric>
                                {format.money(lot.acquisitionPrice, {
                                  currency: lot.currency,
                                  decimals: true,
                                })}
                              </TableCell>
                              <TableCell numeric>
                                {format.money(lot.remainingCost, {
                                  currency: baseCurrency,
                                  decimals: true,
                                })}
                              </TableCell>
                              {values.costBasisMethod === 'specific_id' ? (
                                <TableCell numeric>
                                  <Input
                                    aria-label={t('sell.toSellFrom', { lot: lot.lotNumber })}
                                    inputMode="decimal"
                                    className="tabular ml-auto h-8 w-24 text-right"
                                    value={lotQuantities[lot.id] ?? ''}
                                    onChange={(event) => {
                                      clearSubmitError();
                                      setLotQuantities((current) => ({
                                        ...current,
                                        [lot.id]: event.target.value,
                                      }));
                                    }}
                                  />
                                </TableCell>
                              ) : null}
                            </TableRow>
                          ))}
                      </TableBody>
                    </Table>
                  </div>
                ) : (
                  <p className="text-[13px] text-muted-foreground">{t('sell.noLots')}</p>
                )}
                {validationText(errors.selectedLots) ? (
                  <p className="text-[13px] font-medium text-destructive">
                    {validationText(errors.selectedLots)}
                  </p>
                ) : null}
                {preview.data && debounced ? (
                  <SalePreview tax={preview.data} currency={baseCurrency} />
                ) : preview.data === null && debounced ? (
                  <p className="text-[13px] text-muted-foreground">{t('sell.cancelledNoTax')}</p>
                ) : preview.isError ? (
                  <ApiErrorAlert error={preview.error} />
                ) : previewable ? (
                  <Skeleton className="h-24" aria-label={t('sell.computing')} />
                ) : null}
              </section>
            ) : null}
          </form>
        )}
        <ApiErrorAlert
          error={
            create.error instanceof ApiError && create.error.code === 'VALIDATION_ERROR'
              ? null
              : create.error
          }
          situation={{ wrap: (message) => t('form.createFailed', { message }) }}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('form.cancel')}
          </Button>
          <Button
            change
            type="submit"
            form="transaction-form"
            disabled={create.isPending || !choices.length}
          >
            {sell ? t('form.confirmSell') : t('form.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
