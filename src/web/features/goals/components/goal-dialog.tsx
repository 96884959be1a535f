import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  GOAL_CATEGORIES,
  GOAL_PRIORITIES,
  GOAL_STATUSES,
  type Goal,
  type GoalMeasure,
} from '@/contracts/goals';
import { CURRENCIES, type Currency } from '@/contracts/settings';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { DateField } from '@/web/components/ui/date-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { useHoldings } from '@/web/features/holdings';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';
import { type GoalView, useGoalChanges } from '../api/goals';
import {
  emptyFields,
  fieldsOfGoal,
  type GoalFieldErrors,
  type GoalFields,
  localToday,
  toGoalBody,
} from '../lib/goal-form';

type Props = {
  view: GoalView;
  /** Edit this goal; create one when absent. */
  goal?: Goal;
  /** A new goal's currency: the view's. */
  currency: Currency;
  onClose: () => void;
  onSaved?: (goal: Goal) => void;
};

const MEASURES: GoalMeasure['kind'][] = ['portfolio', 'holdings', 'manual'];

/** Create or edit a goal: what, how much by when, and how its progress is measured. */
export function GoalDialog({ view, goal, currency, onClose, onSaved }: Props) {
  const { t } = useTranslation('goals');
  const validationText = useValidationText();
  const format = useFormatters();
  const decimal = format.number(1.5, 1).includes(',') ? ',' : '.';
  const [fields, setFields] = useState<GoalFields>(() =>
    goal ? fieldsOfGoal(goal, decimal) : emptyFields(currency, localToday()),
  );
  const [errors, setErrors] = useState<GoalFieldErrors>({});
  const changes = useGoalChanges(view);
  const mutation = goal ? changes.update : changes.create;
  const holdings = useHoldings();
  const active = (holdings.data ?? []).filter((holding) => holding.isActive);
  const set = <K extends keyof GoalFields>(key: K, value: GoalFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const error = (key: keyof GoalFields) => validationText(errors[key]);
  /** An amount as the user types it (their decimal mark), right-aligned. */
  const amount = (key: 'targetAmount' | 'currentAmount') => (
    <FormField id={`goal-${key}`} label={t(`form.${key}`)} error={error(key)}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          className="text-right tabular-nums"
          value={fields[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </FormField>
  );
  /** A field chosen from a closed list (category, priority, currency, status). */
  const choice = <K extends 'category' | 'priority' | 'currency' | 'status'>(
    key: K,
    options: readonly GoalFields[K][],
    label: (value: GoalFields[K]) => string,
  ) => (
    <FormField id={`goal-${key}`} label={t(`form.${key}`)} error={error(key)}>
      {(control) => (
        <NativeSelect
          {...control}
          value={fields[key]}
          onChange={(event) => set(key, event.target.value as GoalFields[K])}
        >
          {options.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toGoalBody(fields);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(`goal-${first}`)?.focus();
      return;
    }
    const saved = ({ goal: answer }: { goal: Goal }) => {
      toast.success(t(goal ? 'form.saved' : 'form.created', { title: answer.title }));
      onSaved?.(answer);
      onClose();
    };
    if (goal) changes.update.mutate({ id: goal.id, body: checked.body }, { onSuccess: saved });
    else changes.create.mutate(checked.body, { onSuccess: saved });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common:close')} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t(goal ? 'form.editTitle' : 'form.createTitle')}</DialogTitle>
          <DialogDescription>
            {t(goal ? 'form.editDescription' : 'form.createDescription')}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="goal-title"
            label={t('form.title')}
            error={error('title')}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                autoFocus
                maxLength={100}
                value={fields.title}
                onChange={(event) => set('title', event.target.value)}
              />
            )}
          </FormField>
          {choice('category', GOAL_CATEGORIES, (value) => t(`categories.${value}`))}
          {choice('priority', GOAL_PRIORITIES, (value) => t(`priorityOptions.${value}`))}
          {amount('targetAmount')}
          {choice('currency', CURRENCIES, (value) => value)}
          <FormField id="goal-targetDate" label={t('form.targetDate')} error={error('targetDate')}>
            {(control) => (
              <DateField
                {...control}
                value={fields.targetDate}
                onChange={(value) => set('targetDate', value)}
              />
            )}
          </FormField>
          {goal ? choice('status', GOAL_STATUSES, (value) => t(`statuses.${value}`)) : null}
          <fieldset className="grid gap-2 sm:col-span-2" id="goal-measure" tabIndex={-1}>
            <legend className="mb-1.5 text-sm font-medium">{t('form.measure')}</legend>
            {MEASURES.map((kind) => (
              <label
                key={kind}
                className={cn(
                  'flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  fields.measure === kind && 'border-foreground/40 bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="goal-measure"
                  checked={fields.measure === kind}
                  onChange={() => set('measure', kind)}
                  className="size-4 accent-primary"
                />
                {t(
                  kind === 'manual'
                    ? 'form.measureManual'
                    : kind === 'portfolio'
                      ? 'form.measurePortfolio'
                      : 'form.measureHoldings',
                )}
              </label>
            ))}
          </fieldset>
          {fields.measure === 'manual' ? amount('currentAmount') : null}
          {fields.measure === 'holdings' ? (
            <fieldset
              id="goal-holdingIds"
              tabIndex={-1}
              className="grid gap-1 sm:col-span-2"
              aria-describedby={errors.holdingIds ? 'goal-holdingIds-error' : undefined}
            >
              <legend className="mb-1.5 text-sm font-medium">{t('form.holdings')}</legend>
              {active.length === 0 ? (
                <p className="text-[13px] text-muted-foreground">
                  {holdings.isPending ? '…' : t('form.noHoldings')}
                </p>
              ) : (
                <ul className="grid max-h-48 gap-0.5 overflow-y-auto rounded-lg border p-1.5">
                  {active.map((holding) => {
                    const checked = fields.holdingIds.includes(holding.id);
                    return (
                      <li key={holding.id}>
                        <label className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
                          <Checkbox
                            checked={checked}
                            onChange={() =>
                              set(
                                'holdingIds',
                                checked
                                  ? fields.holdingIds.filter((id) => id !== holding.id)
                                  : [...fields.holdingIds, holding.id],
                              )
                            }
                          />
                          <span className="min-w-0 flex-1 truncate">{holding.name}</span>
                          {holding.symbol ? (
                            <span className="text-[13px] text-muted-foreground">
                              {holding.symbol}
                            </span>
                          ) : null}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
              {errors.holdingIds ? (
                <p id="goal-holdingIds-error" className="text-[13px] font-medium text-destructive">
                  {error('holdingIds')}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <FormField
            id="goal-description"
            label={t('form.description')}
            error={error('description')}
            className="sm:col-span-2"
          >
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                maxLength={500}
                value={fields.description}
                onChange={(event) => set('description', event.target.value)}
              />
            )}
          </FormField>
          <ApiErrorAlert error={mutation.error} className="sm:col-span-2" />
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button change type="submit" disabled={mutation.isPending}>
              {goal
                ? t(mutation.isPending ? 'form.saving' : 'form.save')
                : t(mutation.isPending ? 'form.creating' : 'form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
