import { FileUp, SearchCheck, Upload } from 'lucide-react';
import { type ChangeEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isErrorCode } from '@/contracts/error-codes';
import { IMPORT_MAX_BYTES, type ImportIssue } from '@/contracts/import-export';
import type { MarketDataImportPreview } from '@/contracts/market-data';
import { validationMessageId } from '@/contracts/validation-messages';
import { ImportIssueList } from '@/web/components/import-issues';
import { Alert } from '@/web/components/ui/alert';
import { readCsvFile } from '@/web/lib/decode-csv';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api-client';
import { useFormatters } from '@/web/lib/preferences';
import { useCommitMarketDataImport, usePreviewMarketDataImport } from '../api/market-data';

type Rejected = { errors: ImportIssue[]; errorCount: number };

/** The issues an IMPORT_INVALID answer carries, or null for any other failure. */
function rejectedIssues(error: unknown): Rejected | null {
  if (!(error instanceof ApiError) || error.code !== 'IMPORT_INVALID') return null;
  const errors = error.details?.errors;
  if (!Array.isArray(errors)) return null;
  const count = error.details?.errorCount;
  return {
    errors: errors as ImportIssue[],
    errorCount: typeof count === 'number' ? count : errors.length,
  };
}

/**
 * A row issue in the reader's language: an API error code, a shared validation message, or an
 * import issue id (`admin:marketData.issues.<id>`); raw server text is never shown.
 */
function useIssueText() {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  return useCallback(
    (issue: ImportIssue) => {
      const code = issue.code ?? '';
      const params = issue.params ?? {};
      if (isErrorCode(code)) return t(`errors:${code}`, params);
      const validation = validationMessageId(issue.message);
      if (validation) return t(`validation:${validation}`);
      return t(`admin:marketData.issues.${code}`, {
        ...params,
        defaultValue: t('admin:marketData.issues.invalid'),
      });
    },
    [t],
  );
}

function useFieldLabel() {
  const { t } = useTranslation('admin');
  return useCallback(
    (field: string) => t(`marketData.import.fields.${field}`, { defaultValue: field }),
    [t],
  );
}

function Issues(props: Rejected & { title: string }) {
  const { t } = useTranslation('admin');
  return (
    <ImportIssueList
      {...props}
      issueText={useIssueText()}
      fieldLabel={useFieldLabel()}
      rowLabel={(row) => t('marketData.import.row', { row })}
      moreLabel={(count) => t('marketData.import.more', { count })}
    />
  );
}

const NUMERIC_FIELDS = new Set(['close', 'volume']);

function Sample({ preview }: { preview: MarketDataImportPreview }) {
  const { t } = useTranslation('admin');
  const fieldLabel = useFieldLabel();
  const fields = Object.keys(preview.mapping);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">{t('marketData.import.sample')}</h3>
      <TableContainer
        role="region"
        tabIndex={0}
        aria-label={t('marketData.import.sampleCaption')}
        className="rounded-md border focus-visible:outline-2"
      >
        <Table>
          <TableCaption>{t('marketData.import.sampleCaption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead numeric>{t('marketData.import.rowNumber')}</TableHead>
              {fields.map((field) => (
                <TableHead key={field} numeric={NUMERIC_FIELDS.has(field)}>
                  {fieldLabel(field)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.sample.map((row) => (
              <TableRow key={row.row}>
                <TableCell numeric className="text-muted-foreground">
                  {row.row}
                </TableCell>
                {fields.map((field) => (
                  <TableCell
                    key={field}
                    numeric={NUMERIC_FIELDS.has(field)}
                    className="max-w-48 truncate whitespace-nowrap"
                  >
                    {row.values[field] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </div>
  );
}

/**
 * Closes and exchange rates from a CSV file (chosen or pasted): check it on the server (rows,
 * sample, every row's errors), then save every row or none.
 */
export function MarketDataImport() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const titleId = useId();
  const textId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<MarketDataImportPreview | null>(null);
  /** The text the preview is of: a change of the text asks for a new check. */
  const [checked, setChecked] = useState<string | null>(null);
  const check = usePreviewMarketDataImport();
  const commit = useCommitMarketDataImport();

  const runCheck = (text: string) => {
    commit.reset();
    setPreview(null);
    if (!text.trim()) return;
    check.mutate(text, {
      onSuccess: (result) => {
        setPreview(result);
        setChecked(text);
      },
    });
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared, so choosing the same file again (once fixed) reads it again.
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFileProblem(t('marketData.import.tooLarge'));
      return;
    }
    let text: string;
    try {
      text = await readCsvFile(chosen);
    } catch {
      setFileProblem(t('marketData.import.unreadable'));
      return;
    }
    setFileProblem(null);
    setFileName(chosen.name);
    setCsv(text);
    runCheck(text);
  };

  const submit = () => {
    if (!preview?.valid || checked !== csv) return;
    commit.mutate(csv, {
      onSuccess: (result) => {
        toast.success(
          t('marketData.import.done', {
            count: result.imported,
            prices: format.number(result.prices, 0),
            fxRates: format.number(result.fxRates, 0),
          }),
        );
        setCsv('');
        setFileName(null);
        setPreview(null);
        setChecked(null);
      },
    });
  };

  const rejected = rejectedIssues(commit.error);
  const stale = preview !== null && checked !== csv;
  const busy = check.isPending || commit.isPending;

  return (
    <Card className="grid min-w-0 gap-4 p-4" role="region" aria-labelledby={titleId}>
      <div className="grid gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          {t('marketData.import.title')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('marketData.import.description')}</p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-hidden="true"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => void chooseFile(event)}
        />
        <Button change type="button" variant="outline" onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          {t('marketData.import.file')}
        </Button>
        {fileName ? <span className="text-[13px] text-muted-foreground">{fileName}</span> : null}
      </div>
      {fileProblem ? <Alert role="alert" tone="error" title={fileProblem} /> : null}

      <div className="grid gap-1.5">
        <Label htmlFor={textId}>{t('marketData.import.paste')}</Label>
        <Textarea
          id={textId}
          value={csv}
          rows={6}
          spellCheck={false}
          aria-describedby={hintId}
          className="font-mono text-xs sm:text-xs"
          placeholder="symbol,date,close,currency"
          onChange={(event) => setCsv(event.target.value)}
        />
        <p id={hintId} className="text-[13px] text-muted-foreground">
          {t('marketData.import.hint')}
        </p>
      </div>

      <ApiErrorAlert error={check.error} />

      <p className="sr-only" role="status" aria-live="polite">
        {check.isPending ? t('marketData.import.checking') : ''}
      </p>

      {preview && !stale ? (
        <>
          <p className="text-[13px] tabular" data-testid="import-summary">
            {t('marketData.import.summary', {
              rows: format.number(preview.rows, 0),
              prices: format.number(preview.prices, 0),
              fxRates: format.number(preview.fxRates, 0),
            })}
          </p>
          {rejected ? (
            <Issues title={t('marketData.import.rejected')} {...rejected} />
          ) : !preview.valid ? (
            <Issues
              title={t('marketData.import.errorsTitle', { count: preview.errorCount })}
              errors={preview.errors}
              errorCount={preview.errorCount}
            />
          ) : (
            <Alert role="status" tone="success" title={t('marketData.import.valid')} />
          )}
          {preview.sample.length > 0 ? <Sample preview={preview} /> : null}
        </>
      ) : null}

      <ApiErrorAlert error={rejected ? null : commit.error} />

      <div className="flex flex-wrap items-center gap-2">
        <Button
          change
          type="button"
          variant="outline"
          disabled={!csv.trim() || busy}
          onClick={() => runCheck(csv)}
        >
          <SearchCheck aria-hidden="true" />
          {check.isPending ? t('marketData.import.checking') : t('marketData.import.check')}
        </Button>
        <Button change type="button" onClick={submit} disabled={!preview?.valid || stale || busy}>
          <Upload aria-hidden="true" />
          {commit.isPending
            ? t('marketData.import.importing')
            : t('marketData.import.submit', { count: preview?.rows ?? 0 })}
        </Button>
      </div>
    </Card>
  );
}
