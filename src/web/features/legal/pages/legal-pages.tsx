import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/web/components/layout/public-layout';
import { usePageMeta } from '@/web/lib/page-meta';
import { isRecord } from '../components/legal-blocks';
import {
  LegalDocument,
  type LegalDocumentKey,
  type LegalSection,
} from '../components/legal-document';
import { LegalTable } from '../components/legal-table';

/** The date of the current version of the three documents (shown in the reader's language). */
const LAST_UPDATED = '2026-11-22';

/** Section anchors, in order; each is also the key of the section's text in legal.json. */
const PRIVACY_SECTIONS: readonly LegalSection[] = [
  'summary',
  'controller',
  'data',
  'purposes',
  'recipients',
  'location',
  'retention',
  'security',
  'rights',
  'children',
  'changes',
  'contact',
].map((id) => ({ id }));

const TERMS_SECTIONS: readonly LegalSection[] = [
  'summary',
  'service',
  'no-advice',
  'account',
  'your-data',
  'sharing',
  'acceptable-use',
  'plans',
  'availability',
  'termination',
  'liability',
  'law',
  'contact',
].map((id) => ({ id }));

/** The canonical path of each document (aliases such as /privacy-policy name it too). */
const PATHS: Record<LegalDocumentKey, string> = {
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
};

function useLegalPageMeta(doc: LegalDocumentKey) {
  const { t } = useTranslation('seo');
  usePageMeta({
    title: t(`${doc}.title`),
    description: t(`${doc}.description`),
    path: PATHS[doc],
  });
}

export function PrivacyPage() {
  useLegalPageMeta('privacy');
  return (
    <PublicLayout>
      <LegalDocument doc="privacy" updated={LAST_UPDATED} sections={PRIVACY_SECTIONS} />
    </PublicLayout>
  );
}

export function TermsPage() {
  useLegalPageMeta('terms');
  return (
    <PublicLayout>
      <LegalDocument doc="terms" updated={LAST_UPDATED} sections={TERMS_SECTIONS} />
    </PublicLayout>
  );
}

/** A cookie row names one or more cookies (e.g. _ga and _gid), one per line. */
function CookieNames({ row }: { row: unknown }) {
  const names = isRecord(row) && Array.isArray(row.names) ? row.names : [];
  return (
    <span className="flex flex-col items-start gap-1">
      {names.map((name) => (
        <code
          key={String(name)}
          className="rounded bg-muted px-1 py-0.5 font-mono text-[0.875em] whitespace-nowrap"
        >
          {String(name)}
        </code>
      ))}
    </span>
  );
}

const COOKIE_SECTIONS: readonly LegalSection[] = [
  { id: 'basics' },
  { id: 'categories' },
  {
    id: 'cookie-list',
    children: (
      <LegalTable
        base="cookies.cookieTable"
        columns={['name', 'purpose', 'type', 'duration']}
        renderRowHeader={(row) => <CookieNames row={row} />}
      />
    ),
  },
  {
    id: 'storage-list',
    children: (
      <LegalTable
        base="cookies.storageTable"
        columns={['name', 'purpose', 'storage', 'duration']}
      />
    ),
  },
  { id: 'choices' },
  { id: 'changes' },
];

export function CookiesPage() {
  useLegalPageMeta('cookies');
  return (
    <PublicLayout>
      <LegalDocument doc="cookies" updated={LAST_UPDATED} sections={COOKIE_SECTIONS} />
    </PublicLayout>
  );
}
