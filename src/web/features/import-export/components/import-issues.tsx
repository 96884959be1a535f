import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@/contracts/import-export';
import { ImportIssueList } from '@/web/components/import-issues';
import { useFieldLabel, useIssueText } from '../lib/issues';

/** The problems of a portfolio file, each on its row ('Row 4 · Quantity: ...'). */
export function ImportIssues(props: { title: string; errors: ImportIssue[]; errorCount: number }) {
  const { t } = useTranslation('importExport');
  return (
    <ImportIssueList
      {...props}
      issueText={useIssueText()}
      fieldLabel={useFieldLabel()}
      rowLabel={(row) => t('import.row', { row })}
      moreLabel={(count) => t('import.more', { count })}
    />
  );
}
