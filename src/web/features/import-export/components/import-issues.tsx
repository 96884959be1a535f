import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@/contracts/import-export';
import { ImportIssueList } from '@/web/components/import-issues';
import { SeePlansLink } from '@/web/components/plans/see-plans-link';
import { useFieldLabel, useIssueText } from '../lib/issues';

const PLAN_LIMIT_CODES = new Set(['TIER_ASSET_LIMIT', 'TIER_GOAL_LIMIT']);

/**
 * The problems of a portfolio file, each on its row ('Row 4 · Quantity: ...'); past the plan's
 * asset limit, with the way to the plans.
 */
export function ImportIssues(props: { title: string; errors: ImportIssue[]; errorCount: number }) {
  const { t } = useTranslation('importExport');
  return (
    <ImportIssueList
      {...props}
      issueText={useIssueText()}
      fieldLabel={useFieldLabel()}
      rowLabel={(row) => t('import.row', { row })}
      moreLabel={(count) => t('import.more', { count })}
      footer={
        props.errors.some((issue) => PLAN_LIMIT_CODES.has(issue.code ?? '')) ? (
          <SeePlansLink className="mt-2 text-[13px]" />
        ) : null
      }
    />
  );
}
