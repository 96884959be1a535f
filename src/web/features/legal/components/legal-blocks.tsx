import { useTranslation } from 'react-i18next';
import { cx } from '@/web/lib/cx';
import { RichText } from './rich-text';

export type LegalBlock =
  | { kind: 'p' }
  | { kind: 'h3' }
  | { kind: 'list'; count: number }
  | { kind: 'terms'; count: number };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array at a key, or [] while translations are missing (t then returns the key). */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Reads one block of text: {"p": ...}, {"h3": ...}, {"list": [...]} or {"terms": [{term, text}]}. */
export function parseBlock(value: unknown): LegalBlock | null {
  if (!isRecord(value)) return null;
  if (typeof value.p === 'string') return { kind: 'p' };
  if (typeof value.h3 === 'string') return { kind: 'h3' };
  if (Array.isArray(value.list)) return { kind: 'list', count: value.list.length };
  if (Array.isArray(value.terms)) return { kind: 'terms', count: value.terms.length };
  return null;
}

type LegalBlocksProps = {
  /** The key of an array of blocks in the `legal` namespace, e.g. "privacy.sections.rights.blocks". */
  base: string;
  className?: string;
};

/** Paragraphs, sub-headings, bullet lists and term lists, in the order legal.json gives them. */
export function LegalBlocks({ base, className }: LegalBlocksProps) {
  const { t } = useTranslation('legal');
  const blocks = asArray(t(base, { returnObjects: true }));
  return (
    <div className={cx('space-y-4', className)}>
      {blocks.map((value, index) => {
        const block = parseBlock(value);
        const key = `${base}.${index}`;
        if (!block) return null;
        switch (block.kind) {
          case 'p':
            return (
              <p key={key} className="text-pretty">
                <RichText i18nKey={`${key}.p`} />
              </p>
            );
          case 'h3':
            return (
              <h3 key={key} className="pt-4 text-lg leading-snug font-semibold tracking-tight">
                {t(`${key}.h3`)}
              </h3>
            );
          case 'list':
            return (
              <ul key={key} className="list-disc space-y-2 pl-6 marker:text-muted-foreground">
                {Array.from({ length: block.count }, (_, item) => (
                  <li key={item} className="pl-1 text-pretty">
                    <RichText i18nKey={`${key}.list.${item}`} />
                  </li>
                ))}
              </ul>
            );
          case 'terms':
            return (
              <dl key={key} className="space-y-3">
                {Array.from({ length: block.count }, (_, item) => (
                  <div key={item} className="border-l-2 border-border pl-4 text-pretty">
                    <dt className="inline font-semibold">
                      {t(`${key}.terms.${item}.term`)}
                      {t('document.termSeparator')}
                    </dt>
                    <dd className="inline">
                      <RichText i18nKey={`${key}.terms.${item}.text`} />
                    </dd>
                  </div>
                ))}
              </dl>
            );
        }
      })}
    </div>
  );
}
