import { useTranslation } from 'react-i18next';
import type { HoldingClass } from '@/contracts/holdings';
import { DateField } from '@/web/components/ui/date-field';
import type { FieldControlProps } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { dateBounds } from '@/web/lib/date-bounds';
import type { FieldSpec } from '../lib/classes';

/** A field's label in a holding form: its class's own name when it has one, and 'optional'. */
export function HoldingFieldLabel({
  holdingClass,
  field,
}: {
  holdingClass: HoldingClass;
  field: FieldSpec;
}) {
  const { t } = useTranslation('holdings');
  return (
    <>
      {t([`fieldsByClass.${holdingClass}.${field.name}`, `fields.${field.name}`])}
      {field.required ? null : (
        <span className="ml-1 font-normal text-muted-foreground">{t('form.optional')}</span>
      )}
    </>
  );
}

/**
 * The control of one field of a holding form, by its kind (text, number, select, date...). The
 * form keeps the typed text; `pastOnly` bounds a date to today (purchase and opening dates).
 */
export function HoldingFieldControl({
  field,
  control,
  value,
  onChange,
  pastOnly,
}: {
  field: FieldSpec;
  control: FieldControlProps;
  value: string;
  onChange: (value: string) => void;
  pastOnly: boolean;
}) {
  const { t } = useTranslation('holdings');
  const common = {
    ...control,
    name: field.name,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  switch (field.kind) {
    case 'select':
      return (
        <NativeSelect {...common} className="w-full">
          {field.required ? null : <option value="">{t('form.none')}</option>}
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {field.raw ? option : t(`options.${field.name}.${option}`)}
            </option>
          ))}
        </NativeSelect>
      );
    case 'textarea':
      return <Textarea {...common} rows={3} />;
    case 'date':
      return (
        <DateField
          {...control}
          name={field.name}
          {...dateBounds(pastOnly)}
          value={value}
          onChange={onChange}
        />
      );
    case 'integer':
      return <Input {...common} inputMode="numeric" className="tabular" />;
    case 'decimal':
    case 'percent':
    case 'number':
      return <Input {...common} inputMode="decimal" className="tabular" autoComplete="off" />;
    case 'url':
      return <Input {...common} type="url" inputMode="url" autoComplete="off" />;
    default:
      return <Input {...common} autoComplete="off" />;
  }
}
