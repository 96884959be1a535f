import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@/contracts/import-export';
import { Alert } from '@/web/components/ui/alert';
import { useFieldLabel, useIssueText } from '../lib/issues';

/** The problems of a file, each on its row as a spreadsheet numbers it ('Row 4 · Quantity: ...'). */
export function ImportIssues({
  title,
  errors,
  errorCount,
}: {
  title: string;
  errors: ImportIssue[];
  errorCount: number;
}) {
  const { t } = useTranslation('importExport');
  const issueText = useIssueText();
  const fieldLabel = useFieldLabel();
  const more = errorCount - errors.length;
  return (
    <Alert role="alert" tone="error" title={title}>
      <ul className="grid max-h-72 gap-1 overflow-y-auto text-[13px]" data-testid="import-errors">
        {errors.map((issue, index) => (
          <li key={`${issue.row}-${issue.field ?? ''}-${index}`} className="flex gap-2">
            <span className="tabular shrink-0 font-semibold">
              {t('import.row', { row: issue.row })}
            </span>
            <span className="min-w-0">
              {issue.field ? (
                <span className="font-medium">{fieldLabel(issue.field)}: </span>
              ) : null}
              {issueText(issue)}
            </span>
          </li>
        ))}
        {more > 0 ? (
          <li className="text-muted-foreground">{t('import.more', { count: more })}</li>
        ) : null}
      </ul>
    </Alert>
  );
}
