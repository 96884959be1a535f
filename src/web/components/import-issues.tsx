import type { ReactNode } from 'react';
import type { ImportIssue } from '@/contracts/import-export';
import { Alert } from '@/web/components/ui/alert';

/**
 * The problems of an imported file, each on its row as a spreadsheet numbers it ('Row 4 ·
 * Quantity: ...'). Each import says its issues, field names and labels in its own words.
 */
export function ImportIssueList({
  title,
  errors,
  errorCount,
  issueText,
  fieldLabel,
  rowLabel,
  moreLabel,
  footer,
}: {
  title: string;
  errors: ImportIssue[];
  errorCount: number;
  issueText: (issue: ImportIssue) => string;
  fieldLabel: (field: string) => string;
  rowLabel: (row: number) => string;
  moreLabel: (count: number) => string;
  /** Under the list (the way to the plans when the plan's limit is reached). */
  footer?: ReactNode;
}) {
  const more = errorCount - errors.length;
  return (
    <Alert role="alert" tone="error" title={title}>
      <ul className="grid max-h-72 gap-1 overflow-y-auto text-[13px]" data-testid="import-errors">
        {errors.map((issue, index) => (
          <li key={`${issue.row}-${issue.field ?? ''}-${index}`} className="flex gap-2">
            <span className="tabular shrink-0 font-semibold">{rowLabel(issue.row)}</span>
            <span className="min-w-0">
              {issue.field ? (
                <span className="font-medium">{fieldLabel(issue.field)}: </span>
              ) : null}
              {issueText(issue)}
            </span>
          </li>
        ))}
        {more > 0 ? <li className="text-muted-foreground">{moreLabel(more)}</li> : null}
      </ul>
      {footer}
    </Alert>
  );
}
