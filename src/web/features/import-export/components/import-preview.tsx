import { useTranslation } from 'react-i18next';
import { type ImportKind, type ImportPreview, importFieldsOf } from '@/contracts/import-export';
import { NativeSelect } from '@/web/components/ui/select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { useFieldLabel } from '../lib/issues';

/**
 * Each column of the file with the field it fills; choosing a field already taken moves it to
 * this column.
 */
export function MappingTable({
  kind,
  columns,
  mapping,
  disabled,
  onChange,
}: {
  kind: ImportKind;
  columns: string[];
  mapping: Record<string, string>;
  disabled: boolean;
  onChange: (column: string, field: string) => void;
}) {
  const { t } = useTranslation('importExport');
  const fieldLabel = useFieldLabel();
  const fieldOf = new Map(Object.entries(mapping).map(([field, column]) => [column, field]));
  const fields = importFieldsOf(kind);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 grid gap-0.5">
        <span className="text-sm font-medium">{t('import.mapping')}</span>
        <span className="text-[13px] text-muted-foreground">{t('import.mappingHint')}</span>
      </legend>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {columns.map((column, index) => (
          <li key={`${column}-${index}`} className="grid gap-1">
            <span className="truncate font-mono text-xs text-muted-foreground" title={column}>
              {column || '—'}
            </span>
            <NativeSelect
              aria-label={t('import.columnOf', { column })}
              value={fieldOf.get(column) ?? ''}
              disabled={disabled}
              onChange={(event) => onChange(column, event.target.value)}
            >
              <option value="">{t('import.notImported')}</option>
              {fields.map((field) => (
                <option key={field} value={field}>
                  {fieldLabel(field)} ({field})
                </option>
              ))}
            </NativeSelect>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The first rows as they will be imported: the mapped fields, by row number. */
export function SampleTable({
  mapping,
  sample,
}: {
  mapping: Record<string, string>;
  sample: ImportPreview['sample'];
}) {
  const { t } = useTranslation('importExport');
  const fieldLabel = useFieldLabel();
  const fields = Object.keys(mapping);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">{t('import.preview')}</h3>
      <TableContainer tabIndex={0} aria-label={t('import.previewCaption')}>
        <Table>
          <TableCaption>{t('import.previewCaption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead numeric>{t('import.rowNumber')}</TableHead>
              {fields.map((field) => (
                <TableHead key={field} className="whitespace-nowrap">
                  {fieldLabel(field)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sample.map((row) => (
              <TableRow key={row.row}>
                <TableCell numeric className="text-muted-foreground">
                  {row.row}
                </TableCell>
                {fields.map((field) => (
                  <TableCell key={field} className="max-w-48 truncate whitespace-nowrap">
                    {row.values[field] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </div>
  );
}
