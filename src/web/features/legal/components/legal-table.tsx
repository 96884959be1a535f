import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { asArray } from './legal-blocks';
import { RichText } from './rich-text';

type LegalTableProps = {
  /** The key of the table in the `legal` namespace: it holds `caption`, `columns` and `rows`. */
  base: string;
  /** The column keys, in order; the first one names the row. */
  columns: readonly string[];
  /** Renders the first cell of a row; by default its text, which may hold <code>. */
  renderRowHeader?: (row: unknown, index: number) => ReactNode;
};

/** A table of the legal pages: scrolls sideways on small screens, headers scoped for screen readers. */
export function LegalTable({ base, columns, renderRowHeader }: LegalTableProps) {
  const { t } = useTranslation('legal');
  const captionId = useId();
  const rows = asArray(t(`${base}.rows`, { returnObjects: true }));
  const [first, ...rest] = columns;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // Focusable so keyboard users can scroll it sideways.
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm leading-6">
        <caption id={captionId} className="sr-only">
          {t(`${base}.caption`)}
        </caption>
        <thead className="bg-muted/60">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b px-4 py-3 align-bottom font-semibold whitespace-nowrap"
              >
                {t(`${base}.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, index) => (
            <tr key={index} className="align-top">
              <th scope="row" className="px-4 py-3 text-left font-medium">
                {renderRowHeader ? (
                  renderRowHeader(row, index)
                ) : (
                  <RichText i18nKey={`${base}.rows.${index}.${first}`} />
                )}
              </th>
              {rest.map((column) => (
                <td key={column} className="px-4 py-3 text-pretty text-muted-foreground">
                  <RichText i18nKey={`${base}.rows.${index}.${column}`} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
