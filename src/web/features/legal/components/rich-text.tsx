import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Kbd } from '@/web/components/ui/kbd';

const linkClass =
  'font-medium text-primary underline decoration-primary/40 underline-offset-4 transition-colors hover:decoration-primary focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

/** The tags a legal text may use, e.g. "see the <privacyLink>privacy policy</privacyLink>". */
const COMPONENTS: Record<string, ReactElement> = {
  code: (
    <code className="box-decoration-clone rounded bg-muted px-1 py-0.5 font-mono text-[0.875em] text-foreground" />
  ),
  kbd: <Kbd className="align-baseline" />,
  strong: <strong className="font-semibold text-foreground" />,
  privacyLink: <a href="/privacy" className={linkClass} />,
  termsLink: <a href="/terms" className={linkClass} />,
  cookiesLink: <a href="/cookies" className={linkClass} />,
  recipientsLink: <a href="#recipients" className={linkClass} />,
  cnilLink: <a href="https://www.cnil.fr/" rel="noreferrer" className={linkClass} />,
};

type RichTextProps = {
  /** A key of the `legal` namespace whose text may hold the tags above. */
  i18nKey: string;
  values?: Record<string, string>;
  /** Extra tags for this text only (e.g. a <time> with its machine-readable date). */
  components?: Record<string, ReactElement>;
};

/** One translated text of the legal pages, with its inline code, keys and links rendered. */
export function RichText({ i18nKey, values, components }: RichTextProps) {
  const { t } = useTranslation('legal');
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={values}
      components={components ? { ...COMPONENTS, ...components } : COMPONENTS}
    />
  );
}
