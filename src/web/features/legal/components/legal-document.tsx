import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalBlocks } from './legal-blocks';
import { RichText } from './rich-text';

export type LegalDocumentKey = 'privacy' | 'terms' | 'cookies';

export type LegalSection = {
  /** The anchor of the section, and its key under `<doc>.sections` in legal.json. */
  id: string;
  /** Shown after the section's text (e.g. a table). */
  children?: ReactNode;
};

/** Formats an ISO date (YYYY-MM-DD) as a long date in the language, e.g. "22 novembre 2026". */
function formatLegalDate(isoDate: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

type LegalDocumentProps = {
  doc: LegalDocumentKey;
  /** The date of the current version, YYYY-MM-DD. */
  updated: string;
  sections: readonly LegalSection[];
};

/**
 * A legal page: title, last-updated date, introduction, a table of contents of anchor links,
 * then one h2 section per entry. All text comes from the `legal` namespace.
 */
export function LegalDocument({ doc, updated, sections }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const titleId = `${doc}-title`;
  const language = i18n.resolvedLanguage ?? i18n.language;

  // Arriving from another page at /privacy#rights: the section exists only once rendered.
  useEffect(() => {
    const { hash } = window.location;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, []);

  return (
    <article
      aria-labelledby={titleId}
      className="mx-auto w-full max-w-3xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16 sm:pb-24"
    >
      <header className="border-b pb-8">
        <p className="text-sm font-semibold tracking-wide text-primary">{t('document.eyebrow')}</p>
        <h1
          id={titleId}
          className="mt-2 scroll-mt-24 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
        >
          {t(`${doc}.title`)}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          <RichText
            i18nKey="document.lastUpdated"
            values={{ date: formatLegalDate(updated, language) }}
            components={{ time: <time dateTime={updated} /> }}
          />
        </p>
        <LegalBlocks
          base={`${doc}.intro`}
          className="mt-6 text-base leading-7 text-muted-foreground sm:text-lg sm:leading-8"
        />
      </header>

      <nav aria-label={t('document.toc')} className="mt-8 rounded-xl border bg-card p-5 sm:p-6">
        <p aria-hidden="true" className="text-sm font-semibold">
          {t('document.toc')}
        </p>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm leading-6 marker:text-muted-foreground sm:columns-2 sm:gap-8">
          {sections.map(({ id }) => (
            <li key={id} className="break-inside-avoid pl-1">
              <a
                href={`#${id}`}
                className="rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t(`${doc}.sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map(({ id, children }) => (
        <section key={id} aria-labelledby={id} className="mt-12 sm:mt-14">
          <h2
            id={id}
            className="scroll-mt-24 text-xl leading-tight font-semibold tracking-tight text-balance sm:text-2xl"
          >
            {t(`${doc}.sections.${id}.title`)}
          </h2>
          <LegalBlocks base={`${doc}.sections.${id}.blocks`} className="mt-4 text-base leading-7" />
          {children}
        </section>
      ))}

      <p className="mt-16 border-t pt-6 text-sm">
        <a
          href={`#${titleId}`}
          className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('document.backToTop')}
        </a>
      </p>
    </article>
  );
}
