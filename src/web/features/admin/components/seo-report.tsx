import { AlertTriangle, CircleCheck, FileText, Map as MapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/web/components/ui/card';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import {
  SEO_LIMITS,
  type SeoHead,
  type SeoIssue,
  type SeoPageReport,
  type SeoReport,
} from '../lib/seo';
import { SkeletonRows, TableCard } from './data-table';
import { StatusBadge } from './status-badge';
import { useFormatters } from '@/web/lib/preferences';

const COLUMNS = 5;
const ROBOTS_FILE = 'robots.txt';
const SITEMAP_FILE = 'sitemap.xml';

/** The sentence for one problem. */
export function useIssueText() {
  const { t } = useTranslation('admin');
  return (issue: SeoIssue): string => {
    switch (issue.code) {
      case 'fetchFailed':
        return issue.status
          ? t('seo.issues.fetchFailedStatus', { status: issue.status })
          : t('seo.issues.fetchFailed');
      case 'missing':
        return t('seo.issues.missing', { field: t(`seo.fields.${issue.field}`) });
      case 'missingAlternate':
        return t('seo.issues.missingAlternate', { hreflang: issue.hreflang });
      case 'titleTooLong':
        return t('seo.issues.titleTooLong', { max: SEO_LIMITS.titleMax, length: issue.length });
      case 'descriptionTooLong':
        return t('seo.issues.descriptionTooLong', {
          max: SEO_LIMITS.descriptionMax,
          length: issue.length,
        });
      case 'descriptionTooShort':
        return t('seo.issues.descriptionTooShort', {
          min: SEO_LIMITS.descriptionMin,
          length: issue.length,
        });
      case 'canonicalNotAbsolute':
        return t('seo.issues.canonicalNotAbsolute', { href: issue.href });
      case 'canonicalOtherOrigin':
        return t('seo.issues.canonicalOtherOrigin', { href: issue.href });
      case 'canonicalWrongPage':
        return t('seo.issues.canonicalWrongPage', { href: issue.href, expected: issue.expected });
      case 'ogImageNotAbsolute':
        return t('seo.issues.ogImageNotAbsolute', { href: issue.href });
      case 'langMismatch':
        return t('seo.issues.langMismatch', { actual: issue.actual, expected: issue.expected });
      case 'ogLocaleMismatch':
        return t('seo.issues.ogLocaleMismatch', { actual: issue.actual, expected: issue.expected });
    }
  };
}

function HeadDetails({ head }: { head: SeoHead }) {
  const { t } = useTranslation('admin');
  const rows: [string, string | null][] = [
    [t('seo.fields.title'), head.title],
    [t('seo.fields.description'), head.description],
    [t('seo.fields.canonical'), head.canonical],
    [
      t('seo.fields.hreflang'),
      head.alternates.length
        ? head.alternates.map((alt) => `${alt.hreflang}: ${alt.href}`).join('\n')
        : null,
    ],
    [t('seo.fields.ogTitle'), head.ogTitle],
    [t('seo.fields.ogDescription'), head.ogDescription],
    [t('seo.fields.ogImage'), head.ogImage],
    [t('seo.fields.ogUrl'), head.ogUrl],
    [t('seo.fields.ogLocale'), head.ogLocale],
    [t('seo.fields.lang'), head.lang],
  ];
  return (
    <details className="mt-1.5 text-xs">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
        {t('seo.showTags')}
      </summary>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[8rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-mono break-all whitespace-pre-wrap">
              {value ?? <span className="text-muted-foreground">{t('seo.none')}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function PageRow({ report }: { report: SeoPageReport }) {
  const { t } = useTranslation('admin');
  const issueText = useIssueText();
  const title = report.head?.title ?? null;
  const description = report.head?.description ?? null;
  return (
    <TableRow className="align-top">
      <TableCell className="align-top whitespace-nowrap">
        <div className="grid gap-0.5">
          <a
            href={report.url}
            target="_blank"
            rel="noreferrer"
            className="font-mono font-medium hover:underline"
          >
            {report.path}
          </a>
          {report.path !== report.pagePath ? (
            <span className="text-xs text-muted-foreground">
              {t('seo.aliasOf', { path: report.pagePath })}
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="align-top font-mono uppercase">{report.language}</TableCell>
      <TableCell className="max-w-72 min-w-56 align-top">
        {title ? (
          <div className="grid gap-0.5">
            <span className="line-clamp-2">{title}</span>
            <span className="text-xs text-muted-foreground tabular">
              {t('seo.characters', { count: title.length })}
            </span>
          </div>
        ) : (
          <span className="text-muted-foreground">{t('seo.none')}</span>
        )}
      </TableCell>
      <TableCell numeric className="align-top">
        {description ? description.length : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="min-w-72 align-top">
        {report.issues.length === 0 ? (
          <StatusBadge tone="success" icon={CircleCheck} label={t('seo.ok')} />
        ) : (
          <div className="grid gap-1">
            <StatusBadge
              tone="warning"
              icon={AlertTriangle}
              label={t('seo.problems', { count: report.issues.length })}
            />
            <ul className="grid list-disc gap-0.5 pl-4 text-xs">
              {report.issues.map((issue, index) => (
                <li key={index}>{issueText(issue)}</li>
              ))}
            </ul>
          </div>
        )}
        {report.head ? <HeadDetails head={report.head} /> : null}
      </TableCell>
    </TableRow>
  );
}

/** Every public page per language: its head, checked. */
export function SeoPagesTable({
  report,
  loading,
}: {
  report: SeoReport | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <TableCard label={t('seo.tableLabel')} busy={loading}>
      <Table>
        <TableCaption>{t('seo.caption')}</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('seo.columns.page')}</TableHead>
            <TableHead>{t('seo.columns.language')}</TableHead>
            <TableHead>{t('seo.columns.title')}</TableHead>
            <TableHead numeric>{t('seo.columns.description')}</TableHead>
            <TableHead>{t('seo.columns.result')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading || !report ? (
            <SkeletonRows columns={COLUMNS} rows={8} />
          ) : (
            report.pages.map((page) => (
              <PageRow key={`${page.path}-${page.language}`} report={page} />
            ))
          )}
        </TableBody>
      </Table>
    </TableCard>
  );
}

function FileCard({
  id,
  icon: Icon,
  title,
  summary,
  children,
}: {
  id: string;
  icon: typeof FileText;
  title: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <section aria-labelledby={id} className="grid gap-3 px-4 py-3.5">
        <div className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          <h2 id={id} className="font-mono text-sm font-semibold">
            {title}
          </h2>
        </div>
        <div className="text-[13px]">{summary}</div>
        {children}
      </section>
    </Card>
  );
}

/** robots.txt as served, and sitemap.xml: its URLs and the public pages it leaves out. */
export function SeoFiles({ report }: { report: SeoReport }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const { robots, sitemap } = report;
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <FileCard
        id="seo-robots"
        icon={FileText}
        title={ROBOTS_FILE}
        summary={
          robots.text === null ? (
            <StatusBadge
              tone="warning"
              icon={AlertTriangle}
              label={t('seo.fileFailed', { status: robots.status })}
            />
          ) : /^sitemap:/im.test(robots.text) ? (
            <StatusBadge tone="success" icon={CircleCheck} label={t('seo.robots.ok')} />
          ) : (
            <StatusBadge tone="warning" icon={AlertTriangle} label={t('seo.robots.noSitemap')} />
          )
        }
      >
        {robots.text !== null ? (
          <pre className="max-h-64 overflow-auto rounded-lg border bg-muted/40 p-3 font-mono text-xs">
            {robots.text}
          </pre>
        ) : null}
      </FileCard>
      <FileCard
        id="seo-sitemap"
        icon={MapIcon}
        title={SITEMAP_FILE}
        summary={
          sitemap.text === null ? (
            <StatusBadge
              tone="warning"
              icon={AlertTriangle}
              label={t('seo.fileFailed', { status: sitemap.status })}
            />
          ) : (
            <div className="grid gap-2">
              <p className="tabular">
                {t('seo.sitemap.count', {
                  count: sitemap.urls.length,
                  formatted: format.number(sitemap.urls.length),
                })}
              </p>
              {sitemap.missingPages.length === 0 ? (
                <StatusBadge tone="success" icon={CircleCheck} label={t('seo.sitemap.complete')} />
              ) : (
                <div className="grid gap-1">
                  <StatusBadge
                    tone="warning"
                    icon={AlertTriangle}
                    label={t('seo.sitemap.missing', { count: sitemap.missingPages.length })}
                  />
                  <ul className="flex flex-wrap gap-1.5">
                    {sitemap.missingPages.map((path) => (
                      <li key={path}>
                        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
                          {path}
                        </code>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )
        }
      >
        {sitemap.urls.length > 0 ? (
          <details className="text-xs">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
              {t('seo.sitemap.showUrls')}
            </summary>
            <ul className="mt-2 grid max-h-64 gap-0.5 overflow-auto font-mono">
              {sitemap.urls.map((url) => (
                <li key={url} className="break-all">
                  {url}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </FileCard>
    </div>
  );
}
