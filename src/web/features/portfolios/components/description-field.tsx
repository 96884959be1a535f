import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';

type Props = {
  id: string;
  label: string;
  /** The current text, for the character count. */
  value: string;
  max: number;
  error?: string | undefined;
  rows: number;
  className?: string;
  registration: UseFormRegisterReturn;
};

/** The optional description of a portfolio or simulation, with its character count. */
export function DescriptionField({
  id,
  label,
  value,
  max,
  error,
  rows,
  className,
  registration,
}: Props) {
  const { t } = useTranslation('portfolios');
  return (
    <FormField
      id={id}
      label={label}
      labelAside={<span className="text-[13px] text-muted-foreground">{t('common.optional')}</span>}
      description={t('common.characters', { count: value.length, max })}
      error={error}
    >
      {(control) => <Textarea {...control} rows={rows} className={className} {...registration} />}
    </FormField>
  );
}
