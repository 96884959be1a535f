import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectionMode } from '@/domain/projection';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
import { useFormatters } from '@/web/lib/preferences';
import { MAX_EVENTS, type ProjectionFields } from '../lib/projection-form';

export type FieldError = { key: string; min?: number; max?: number };

type NumberName = Exclude<keyof ProjectionFields, 'mode' | 'events'>;

/** The projection's inputs: what you start from, put in, expect, and what happens on the way. */
export function ProjectionForm({
  fields,
  errors,
  onChange,
  currencyLabel,
  assumptionsNote,
  canBootstrap,
}: {
  fields: ProjectionFields;
  errors: Record<string, FieldError>;
  onChange: (fields: ProjectionFields) => void;
  currencyLabel: string;
  assumptionsNote: ReactNode;
  canBootstrap: boolean;
}) {
  const { t } = useTranslation('planning');
  const id = useId();
  const format = useFormatters();
  const errorText = (name: string) => {
    const error = errors[name];
    if (!error) return null;
    const bound = (value: number | undefined) =>
      value === undefined ? undefined : format.number(value, 2);
    return t(error.key, { min: bound(error.min), max: bound(error.max) });
  };
  /** `signed`: the field takes negative amounts, so the phone keypad must offer a minus. */
  const numberField = (
    name: NumberName,
    suffix: string,
    description?: ReactNode,
    signed = false,
  ) => (
    <FormField
      id={`${id}-${name}`}
      label={
        <>
          {t(`fields.${name}`)} <span className="sr-only">({suffix})</span>
        </>
      }
      error={errorText(name)}
      description={description}
    >
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            inputMode={signed ? 'text' : 'decimal'}
            autoComplete="off"
            value={fields[name]}
            onChange={(event) => onChange({ ...fields, [name]: event.target.value })}
            className="tabular pr-12 text-right"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-muted-foreground"
          >
            {suffix}
          </span>
        </div>
      )}
    </FormField>
  );
  const setEvent = (key: number, patch: Partial<ProjectionFields['events'][number]>) =>
    onChange({
      ...fields,
      events: fields.events.map((event) => (event.key === key ? { ...event, ...patch } : event)),
    });

  return (
    <form className="grid gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('form.money')}</legend>
        {numberField('startValue', currencyLabel)}
        {numberField(
          'monthlyContribution',
          currencyLabel,
          t('fields.monthlyContributionHint'),
          true,
        )}
        {numberField('contributionGrowth', '%', t('fields.contributionGrowthHint'), true)}
        {numberField('years', t('fields.yearsSuffix'))}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">{t('form.markets')}</legend>
        {numberField('expectedReturn', '%', undefined, true)}
        {numberField('volatility', '%')}
        <div className="text-[13px] text-muted-foreground">{assumptionsNote}</div>
        {numberField('inflation', '%', t('fields.inflationHint'), true)}
        <FormField id={`${id}-mode`} label={t('fields.mode')} error={errorText('mode')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={fields.mode}
              onChange={(event) =>
                onChange({ ...fields, mode: event.target.value as ProjectionMode })
              }
            >
              <option value="lognormal">{t('modes.lognormal')}</option>
              <option value="fat_tailed">{t('modes.fat_tailed')}</option>
              <option value="bootstrap" disabled={!canBootstrap}>
                {t('modes.bootstrap')}
              </option>
            </NativeSelect>
          )}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('form.events')}</legend>
        {fields.events.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">{t('form.noEvents')}</p>
        ) : (
          <ul className="grid gap-2">
            {fields.events.map((event, index) => (
              <li
                key={event.key}
                className="grid grid-cols-[5.5rem_minmax(0,1fr)_auto] items-start gap-2"
              >
                <FormField
                  id={`${id}-event-${event.key}-year`}
                  label={t('fields.eventYear', { index: index + 1 })}
                  error={errorText(`event-${event.key}-year`)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="numeric"
                      value={event.year}
                      onChange={(change) => setEvent(event.key, { year: change.target.value })}
                      className="tabular text-right"
                    />
                  )}
                </FormField>
                <FormField
                  id={`${id}-event-${event.key}-amount`}
                  label={t('fields.eventAmount', { index: index + 1, currency: currencyLabel })}
                  error={errorText(`event-${event.key}-amount`)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="text"
                      value={event.amount}
                      onChange={(change) => setEvent(event.key, { amount: change.target.value })}
                      className="tabular text-right"
                    />
                  )}
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-5"
                  aria-label={t('form.removeEvent', { index: index + 1 })}
                  onClick={() =>
                    onChange({
                      ...fields,
                      events: fields.events.filter((other) => other.key !== event.key),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className="text-[13px] text-muted-foreground">{t('form.eventsHint')}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={fields.events.length >= MAX_EVENTS}
          onClick={() =>
            onChange({
              ...fields,
              events: [
                ...fields.events,
                {
                  key: Math.max(0, ...fields.events.map((event) => event.key)) + 1,
                  year: String(Math.max(1, Math.min(10, Number(fields.years) || 1))),
                  amount: '-10000',
                },
              ],
            })
          }
        >
          <Plus aria-hidden="true" />
          {t('form.addEvent')}
        </Button>
      </fieldset>
    </form>
  );
}
