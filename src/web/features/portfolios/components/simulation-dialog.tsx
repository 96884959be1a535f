import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  can,
  createSimulationBodySchema,
  DEFAULT_SIMULATION_THEME,
  SIMULATION_DESCRIPTION_MAX,
  SIMULATION_INITIAL_CASH,
  type Simulation,
} from '@/contracts/portfolios';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
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
import { useActiveScope } from '@/web/lib/active-scope';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';
import { useCreateSimulation, useUpdateSimulation } from '../api/mutations';
import { usePortfolioDialogs } from './portfolio-dialogs-context';
import { ThemePicker } from './theme-picker';
import { DescriptionField } from './description-field';

const formSchema = createSimulationBodySchema.extend({
  portfolioId: z
    .string({ error: VALIDATION_MESSAGES.portfolioRequired })
    .min(1, VALIDATION_MESSAGES.portfolioRequired),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

type Props = {
  /** Edit this simulation; create one when absent. */
  simulation?: Simulation;
  /** Preselected portfolio for a new simulation. */
  portfolioId?: string;
  /** The portfolio cannot be changed (a shared portfolio the user may edit). */
  fixedPortfolio?: boolean;
  onClose: () => void;
};

/**
 * Create or edit a simulation: portfolio (owned ones; or the current one, fixed), name,
 * description, background theme, and for a new one how it starts. Creating switches to it.
 */
export function SimulationDialog({ simulation, portfolioId, fixedPortfolio, onClose }: Props) {
  const { t } = useTranslation('portfolios');
  const validationText = useValidationText();
  const format = useFormatters();
  const scope = useActiveScope();
  const dialogs = usePortfolioDialogs();
  const create = useCreateSimulation();
  const update = useUpdateSimulation();
  const editing = !!simulation;
  const mutation = editing ? update : create;

  const locked = editing || fixedPortfolio;
  const lockedId = simulation?.portfolioId ?? portfolioId;
  const choices = locked
    ? scope.portfolios.filter((p) => p.id === lockedId)
    : scope.portfolios.filter((p) => p.isOwner);
  const initialPortfolio =
    lockedId ?? (scope.portfolio?.isOwner ? scope.portfolio.id : undefined) ?? choices[0]?.id ?? '';

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      portfolioId: initialPortfolio,
      name: simulation?.name ?? '',
      description: simulation?.description ?? '',
      backgroundTheme: simulation?.backgroundTheme ?? DEFAULT_SIMULATION_THEME,
      copyHoldings: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const chosenId = useWatch({ control: form.control, name: 'portfolioId' });
  // The cash is in the chosen portfolio's base currency, not the user's display currency.
  const cashCurrency =
    scope.portfolios.find((p) => p.id === chosenId)?.baseCurrency ??
    choices[0]?.baseCurrency ??
    'EUR';

  const onSubmit = form.handleSubmit((values) => {
    if (simulation) {
      update.mutate(
        {
          simulation,
          body: {
            name: values.name,
            description: values.description,
            backgroundTheme: values.backgroundTheme,
          },
        },
        {
          onSuccess: ({ simulation: saved }) => {
            toast.success(t('toasts.simulationUpdated', { name: saved.name }));
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(
      {
        portfolioId: values.portfolioId,
        body: {
          name: values.name,
          description: values.description,
          backgroundTheme: values.backgroundTheme,
          copyHoldings: values.copyHoldings,
        },
      },
      {
        onSuccess: ({ simulation: created }) => {
          scope.switchSimulation(created.id, { silent: true, portfolioId: created.portfolioId });
          toast.success(t('toasts.simulationCreated', { name: created.name }));
          onClose();
        },
      },
    );
  });

  const canDelete = editing && can(simulation.permissionLevel, 'manageSimulations');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {editing ? t('simulationDialog.editTitle') : t('simulationDialog.createTitle')}
          </DialogTitle>
          <DialogDescription>
            {editing
              ? t('simulationDialog.editDescription')
              : t('simulationDialog.createDescription')}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="simulation-portfolio"
            label={t('simulationDialog.portfolio')}
            description={
              locked
                ? undefined
                : choices.length === 0
                  ? t('simulationDialog.noOwned')
                  : t('simulationDialog.portfolioHint')
            }
            error={validationText(errors.portfolioId?.message)}
          >
            {(control) =>
              locked ? (
                // Read-only text, not a disabled select: the value still goes with the form.
                <Input {...control} readOnly value={choices[0]?.name ?? ''} />
              ) : (
                <NativeSelect {...control} className="w-full" {...form.register('portfolioId')}>
                  {choices.length === 0 ? (
                    <option value="">{t('simulationDialog.none')}</option>
                  ) : null}
                  {choices.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </NativeSelect>
              )
            }
          </FormField>
          <FormField
            id="simulation-name"
            label={t('simulationDialog.name')}
            error={validationText(errors.name?.message)}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                autoFocus
                placeholder={t('simulationDialog.namePlaceholder')}
                {...form.register('name')}
              />
            )}
          </FormField>
          <DescriptionField
            id="simulation-description"
            label={t('simulationDialog.description')}
            value={description}
            max={SIMULATION_DESCRIPTION_MAX}
            error={validationText(errors.description?.message)}
            rows={2}
            className="min-h-16"
            registration={form.register('description')}
          />
          <Controller
            control={form.control}
            name="backgroundTheme"
            render={({ field }) => (
              <ThemePicker
                name="simulation-theme"
                value={field.value ?? DEFAULT_SIMULATION_THEME}
                onChange={field.onChange}
              />
            )}
          />
          {editing ? null : (
            <Controller
              control={form.control}
              name="copyHoldings"
              render={({ field }) => (
                <fieldset className="grid gap-1.5">
                  <legend className="mb-1.5 text-sm leading-tight font-medium">
                    {t('simulationDialog.start')}
                  </legend>
                  {(
                    [
                      [
                        false,
                        'empty',
                        {
                          amount: format.money(SIMULATION_INITIAL_CASH, {
                            currency: cashCurrency,
                          }),
                        },
                      ],
                      [true, 'copy', {}],
                    ] as const
                  ).map(([copy, option, values]) => (
                    <label
                      key={option}
                      className={cn(
                        'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                        field.value === copy && 'border-foreground/40 bg-muted',
                      )}
                    >
                      <input
                        type="radio"
                        name="simulation-start"
                        checked={(field.value ?? false) === copy}
                        onChange={() => field.onChange(copy)}
                        className="mt-0.5 size-4 accent-primary"
                      />
                      <span className="grid">
                        <span className="font-medium">
                          {t(`simulationDialog.startOptions.${option}.label`, values)}
                        </span>
                        <span className="text-[13px] text-muted-foreground">
                          {t(`simulationDialog.startOptions.${option}.hint`)}
                        </span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
            />
          )}
          <ApiErrorAlert
            error={mutation.error}
            situation={{
              wrap: (message) =>
                t(editing ? 'simulationFailed.update' : 'simulationFailed.create', { message }),
            }}
          />
          <DialogFooter className="sm:items-center">
            {canDelete ? (
              <Button
                change
                variant="ghost"
                className="text-destructive hover:text-destructive sm:mr-auto"
                onClick={() => dialogs.open({ kind: 'delete-simulation', simulation })}
              >
                {t('simulationDialog.delete')}
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button change type="submit" disabled={isSubmitting || mutation.isPending}>
              {mutation.isPending
                ? t('common.saving')
                : editing
                  ? t('common.save')
                  : t('simulationDialog.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
