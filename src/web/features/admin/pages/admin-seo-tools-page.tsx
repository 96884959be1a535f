import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { useSeoAudit } from '../api/queries';
import { AdminPage } from '../components/admin-page';
import { LoadError, LoadingStatus } from '../components/data-table';
import { SeoFiles, SeoPagesTable } from '../components/seo-report';

/**
 * /admin/seo-tools: what crawlers and link previews read on each public page in each language
 * (title, description, canonical, hreflang, Open Graph, html lang), with problems flagged, and
 * robots.txt and sitemap.xml.
 */
export function AdminSeoToolsPage() {
  const { t } = useTranslation('admin');
  const audit = useSeoAudit();
  const report = audit.data;
  const problems = report?.pages.reduce((sum, page) => sum + page.issues.length, 0) ?? 0;
  const loading = audit.isFetching;

  return (
    <AdminPage
      title={t('seo.title')}
      description={t('seo.description')}
      actions={
        <Button variant="outline" size="sm" disabled={loading} onClick={() => void audit.refetch()}>
          <RefreshCw aria-hidden="true" />
          {loading ? t('seo.running') : t('seo.rerun')}
        </Button>
      }
    >
      {loading ? <LoadingStatus label={t('seo.running')} /> : null}
      {audit.isError ? <LoadError onRetry={() => void audit.refetch()} /> : null}
      {report && !loading ? (
        <p role="status" className="text-sm text-muted-foreground tabular">
          {t('seo.summary', { count: report.pages.length })}{' '}
          {problems === 0 ? t('seo.summaryClean') : t('seo.summaryProblems', { count: problems })}
        </p>
      ) : null}
      <SeoPagesTable report={report} loading={loading} />
      {report && !loading ? <SeoFiles report={report} /> : null}
    </AdminPage>
  );
}
