import { FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportIssue,
  type ImportKind,
  type ImportPreview,
  importFieldsOf,
} from '@/contracts/import-export';
import { Alert } from '@/web/components/ui/alert';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useCommitImport, usePreviewImport } from '../api/import-export';
import { readCsvFile } from '@/web/lib/decode-csv';
import { rejectedIssues } from '../lib/issues';
import { ImportIssues } from './import-issues';
import { MappingTable, SampleTable } from './import-preview';

const choiceClass =
  'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

type LoadedFile = { name: string; text: string };
type Mapping = Record<string, string>;

/** Every field of the kind named: the column it reads, or '' (so the server guesses nothing more). */
function completeMapping(kind: ImportKind, mapping: Mapping): Mapping {
  return Object.fromEntries(importFieldsOf(kind).map((field) => [field, mapping[field] ?? '']));
}

/**
 * Choose what the file holds, pick the file (read in the browser in its own encoding), check it
 * on the server
 * (columns, mapping, first rows, every row's errors), adjust the mapping, then import: every row
 * or none.
 */
export function ImportSection() {
  const { t } = useTranslation('importExport');
  const titleId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const openingId = useId();
  const kindName = useId();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ImportKind>('holdings');
  const [opening, setOpening] = useState(true);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [rejected, setRejected] = useState<{ errors: ImportIssue[]; errorCount: number } | null>(
    null,
  );
  const check = usePreviewImport();
  const commit = useCommitImport();

  const run = (next: {
    kind?: ImportKind;
    opening?: boolean;
    file?: LoadedFile | null;
    mapping?: Mapping | undefined;
  }) => {
    const nextKind = next.kind ?? kind;
    const nextFile = next.file === undefined ? file : next.file;
    const nextMapping = 'mapping' in next ? next.mapping : mapping;
    const nextOpening = next.opening ?? opening;
    setRejected(null);
    commit.reset();
    if (!nextFile) return;
    check.mutate(
      {
        kind: nextKind,
        csv: nextFile.text,
        mapping: nextMapping,
        openingTransactions: nextOpening,
      },
      {
        onSuccess: (result) => {
          setPreview(result);
          setMapping(completeMapping(result.kind, result.mapping));
        },
        onError: () => setPreview(null),
      },
    );
  };

  const chooseKind = (value: ImportKind) => {
    setKind(value);
    setMapping(undefined);
    setPreview(null);
    run({ kind: value, mapping: undefined });
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared, so choosing the same file again (once fixed) reads it again.
    event.target.value = '';
    if (!chosen) return;
    setPreview(null);
    setMapping(undefined);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFileProblem(t('import.tooLarge'));
      return;
    }
    let text: string;
    try {
      // By its bytes: UTF-8, UTF-16 with a byte order mark, or Windows-1252 (French Excel).
      text = await readCsvFile(chosen);
    } catch {
      setFile(null);
      setFileProblem(t('import.unreadable'));
      return;
    }
    setFileProblem(null);
    const loaded = { name: chosen.name, text };
    setFile(loaded);
    run({ file: loaded, mapping: undefined });
  };

  const changeColumn = (column: string, field: string) => {
    const next: Mapping = { ...completeMapping(kind, mapping ?? {}) };
    for (const [key, value] of Object.entries(next)) {
      if (value === column) next[key] = '';
    }
    if (field) next[field] = column;
    setMapping(next);
    run({ mapping: next });
  };

  const submit = () => {
    if (!file || !preview?.valid) return;
    commit.mutate(
      { kind, csv: file.text, mapping, openingTransactions: opening },
      {
        onSuccess: (result) => {
          toast.success(t('import.done', { count: result.imported }));
          setFile(null);
          setPreview(null);
          setMapping(undefined);
        },
        onError: (error) => {
          const issues =
            error instanceof ApiError && error.code === 'IMPORT_INVALID'
              ? rejectedIssues(error.details)
              : null;
          if (issues) setRejected(issues);
        },
      },
    );
  };

  const commitFailure =
    commit.error && !(commit.error instanceof ApiError && commit.error.code === 'IMPORT_INVALID')
      ? commit.error
      : null;
  const busy = check.isPending || commit.isPending;

  return (
    <Card className="grid gap-4 p-4" role="region" aria-labelledby={titleId}>
      <div className="grid gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          {t('import.title')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('import.description')}</p>
      </div>

      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm leading-tight font-medium">{t('import.kind')}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {IMPORT_KINDS.map((value) => (
            <label
              key={value}
              className={cn(choiceClass, kind === value && 'border-foreground/40 bg-muted')}
            >
              <input
                type="radio"
                name={kindName}
                checked={kind === value}
                onChange={() => chooseKind(value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid">
                <span className="font-medium">{t(`import.kinds.${value}.label`)}</span>
                <span className="text-[13px] text-muted-foreground">
                  {t(`import.kinds.${value}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'holdings' ? (
        <div className="flex items-start gap-2.5">
          <Checkbox
            id={openingId}
            className="mt-0.5"
            checked={opening}
            aria-describedby={`${openingId}-hint`}
            onChange={(event) => {
              setOpening(event.target.checked);
              run({ opening: event.target.checked });
            }}
          />
          <div className="grid gap-0.5">
            <Label htmlFor={openingId}>{t('import.opening')}</Label>
            <p id={`${openingId}-hint`} className="text-[13px] text-muted-foreground">
              {t('import.openingHint')}
            </p>
          </div>
        </div>
      ) : null}

      <div className="grid gap-1.5">
        <Label htmlFor={fileId}>{t('import.file')}</Label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={fileHintId}
            className="sr-only"
            onChange={(event) => void chooseFile(event)}
          />
          <Button change type="button" variant="outline" onClick={() => input.current?.click()}>
            <FileUp aria-hidden="true" />
            {file ? t('import.chooseAnother') : t('import.file')}
          </Button>
          {file ? (
            <span className="text-[13px] text-muted-foreground" aria-live="polite">
              {check.isPending
                ? t('import.checking')
                : preview
                  ? t('import.summary', { count: preview.rows, file: file.name })
                  : file.name}
            </span>
          ) : null}
        </div>
        <p id={fileHintId} className="text-[13px] text-muted-foreground">
          {t('import.fileHint')}
        </p>
        {fileProblem ? <Alert role="alert" tone="error" title={fileProblem} /> : null}
      </div>

      <ApiErrorAlert error={check.error} />

      {rejected ? (
        <ImportIssues
          title={t('import.rejectedTitle')}
          errors={rejected.errors}
          errorCount={rejected.errorCount}
        />
      ) : preview && !preview.valid ? (
        <ImportIssues
          title={t('import.errorsTitle', { count: preview.errorCount })}
          errors={preview.errors}
          errorCount={preview.errorCount}
        />
      ) : preview?.valid ? (
        <Alert role="status" tone="success" title={t('import.valid')} />
      ) : null}

      {preview && preview.columns.length > 0 ? (
        <>
          <MappingTable
            kind={preview.kind}
            columns={preview.columns}
            mapping={preview.mapping}
            disabled={busy}
            onChange={changeColumn}
          />
          {preview.sample.length > 0 ? (
            <SampleTable mapping={preview.mapping} sample={preview.sample} />
          ) : null}
        </>
      ) : null}

      <ApiErrorAlert error={commitFailure} />

      {file ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button change type="button" onClick={submit} disabled={!preview?.valid || busy}>
            <Upload aria-hidden="true" />
            {commit.isPending
              ? t('import.importing')
              : t('import.submit', { count: preview?.rows ?? 0 })}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
