import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  createPortfolioBodySchema,
  PORTFOLIO_DESCRIPTION_MAX,
  type Portfolio,
} from '@/contracts/portfolios';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
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
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/select';
import { CURRENCIES } from '@/contracts/settings';
import { useActiveScope } from '@/web/lib/active-scope';
import { useFormatters } from '@/web/lib/preferences';
import { useCreatePortfolio, useUpdatePortfolio } from '../api/mutations';
import { DescriptionField } from './description-field';

type FormInput = z.input<typeof createPortfolioBodySchema>;
type FormOutput = z.output<typeof createPortfolioBodySchema>;

type Props = {
  /** Edit this portfolio; create one when absent. */
  portfolio?: Portfolio;
  onClose: () => void;
};

/** Create or edit a portfolio: name, optional description, and "Set as default" for the owner. */
export function PortfolioDialog({ portfolio, onClose }: Props) {
  const { t } = useTranslation('portfolios');
  const validationText = useValidationText();
  const scope = useActiveScope();
  const { currency: preferredCurrency } = useFormatters();
  const create = useCreatePortfolio();
  const update = useUpdatePortfolio();
  const editing = !!portfolio;
  const mutation = editing ? update : create;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createPortfolioBodySchema),
    defaultValues: {
      name: portfolio?.name ?? '',
      description: portfolio?.description ?? '',
      isDefault: portfolio?.isDefault ?? false,
      // A new portfolio keeps its totals in the user's preferred currency unless they choose.
      baseCurrency: portfolio?.baseCurrency ?? preferredCurrency,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  // The default can move here, not be taken away (another portfolio must become the default).
  const canSetDefault = !portfolio || (portfolio.isOwner && !portfolio.isDefault);

  const onSubmit = form.handleSubmit((values) => {
    if (portfolio) {
      update.mutate(
        {
          id: portfolio.id,
          body: {
            name: values.name,
            description: values.description,
            ...(values.isDefault && !portfolio.isDefault ? { isDefault: true } : {}),
            ...(values.baseCurrency && values.baseCurrency !== portfolio.baseCurrency
              ? { baseCurrency: values.baseCurrency }
              : {}),
          },
        },
        {
          onSuccess: ({ portfolio: saved }) => {
            toast.success(t('toasts.updated', { name: saved.name }));
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(
      {
        name: values.name,
        description: values.description,
        isDefault: !!values.isDefault,
        ...(values.baseCurrency ? { baseCurrency: values.baseCurrency } : {}),
      },
      {
        onSuccess: ({ portfolio: created }) => {
          scope.switchPortfolio(created.id, { silent: true });
          toast.success(t('toasts.created', { name: created.name }));
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>
            {editing ? t('portfolioDialog.editTitle') : t('portfolioDialog.createTitle')}
          </DialogTitle>
          <DialogDescription>
            {editing
              ? t('portfolioDialog.editDescription')
              : t('portfolioDialog.createDescription')}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id="portfolio-name"
            label={t('portfolioDialog.name')}
            error={validationText(errors.name?.message)}
          >
            {(control) => (
              <Input {...control} autoComplete="off" autoFocus {...form.register('name')} />
            )}
          </FormField>
          <DescriptionField
            id="portfolio-description"
            label={t('portfolioDialog.description')}
            value={description}
            max={PORTFOLIO_DESCRIPTION_MAX}
            error={validationText(errors.description?.message)}
            rows={3}
            className="min-h-20"
            registration={form.register('description')}
          />
          <FormField
            id="portfolio-currency"
            label={t('portfolioDialog.baseCurrency')}
            description={t('portfolioDialog.baseCurrencyHint')}
            error={validationText(errors.baseCurrency?.message)}
          >
            {(control) => (
              <NativeSelect {...control} className="w-full" {...form.register('baseCurrency')}>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {t(`portfolioDialog.currencies.${code}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {canSetDefault ? (
            <div className="flex items-start gap-2.5">
              <Checkbox id="portfolio-default" className="mt-0.5" {...form.register('isDefault')} />
              <div className="grid gap-1">
                <Label htmlFor="portfolio-default">{t('portfolioDialog.setDefault')}</Label>
                <p className="text-[13px] text-muted-foreground">
                  {t('portfolioDialog.setDefaultHint')}
                </p>
              </div>
            </div>
          ) : null}
          <ApiErrorAlert error={mutation.error} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button change type="submit" disabled={isSubmitting || mutation.isPending}>
              {mutation.isPending
                ? t('common.saving')
                : editing
                  ? t('common.save')
                  : t('portfolioDialog.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
