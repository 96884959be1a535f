import { AlertTriangle, Check, Copy } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiKey, type ApiKeyScope, createApiKeyBodySchema } from '@/contracts/api-keys';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { DateField } from '@/web/components/ui/date-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { ApiError } from '@/web/lib/api-client';
import { useCreateApiKey } from '../api/api-keys-mutations';

type Access = 'read' | 'write';
const SCOPES: Record<Access, ApiKeyScope[]> = { read: ['read'], write: ['read', 'write'] };
type Field = 'name' | 'scopes' | 'expiresAt';

/** Tomorrow in UTC (YYYY-MM-DD): the first last day a new key may have. */
function tomorrowUtc(now: Date = new Date()) {
  const next = new Date(now);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The contract's messages by field, from zod's issues or the server's VALIDATION_ERROR. */
function fieldErrors(issues: { path: string; message: string }[]) {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] as Field;
    if (['name', 'scopes', 'expiresAt'].includes(field)) found[field] ??= issue.message;
  }
  return found;
}

const choiceClass =
  'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

/**
 * The secret, once: a read-only field (selected on focus) and Copy. Where the clipboard is not
 * allowed (an insecure origin, a refused permission), the text is selected for Ctrl+C instead.
 */
function SecretField({ secret }: { secret: string }) {
  const { t } = useTranslation('apiKeys');
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const selectAll = () => {
    input.current?.focus();
    input.current?.select();
  };
  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      selectAll();
      setCopy('failed');
    }
  };
  return (
    <FormField
      id="api-key-secret"
      label={t('secret.label')}
      below={
        // Always in the page (a live region must exist before it speaks); seen once it has news.
        <p
          role="status"
          className={copy === 'idle' ? 'sr-only' : 'text-[13px] text-muted-foreground'}
        >
          {copy === 'copied'
            ? t('secret.copiedStatus')
            : copy === 'failed'
              ? t('secret.copyFailed')
              : ''}
        </p>
      }
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            ref={input}
            readOnly
            value={secret}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-[13px] read-only:bg-muted/40 read-only:text-foreground sm:text-[13px]"
          />
          <Button type="button" variant="outline" onClick={() => void onCopy()}>
            {copy === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copy === 'copied' ? t('secret.copied') : t('secret.copy')}
          </Button>
        </div>
      )}
    </FormField>
  );
}

/**
 * Create a key: its name, what it may do (read only, or read and write) and, optionally, its last
 * day. Checked with the contract's schema (its messages translated) before it is sent. Once
 * created, the dialog shows the secret, the only time it is ever shown, with Copy; a click
 * outside does not close it then (the secret would be lost).
 */
export function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const validationText = useValidationText();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Access>('read');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<{ apiKey: ApiKey; secret: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      name,
      scopes: SCOPES[access],
      ...(expiresAt ? { expiresAt } : {}),
    };
    const parsed = createApiKeyBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      );
      setErrors(found);
      const first = (['name', 'expiresAt'] as const).find((field) => found[field]);
      if (first) form.current?.querySelector<HTMLElement>(`#api-key-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => setCreated(answer),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          const issues = error.details?.issues;
          if (Array.isArray(issues))
            setErrors(fieldErrors(issues as { path: string; message: string }[]));
        }
      },
    });
  };

  if (created) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent
          closeLabel={t('create.close')}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>{t('secret.title')}</DialogTitle>
            <DialogDescription>
              {t('secret.description', { name: created.apiKey.name })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            <p
              role="alert"
              className="flex gap-2.5 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-foreground"
            >
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
              {t('secret.warning')}
            </p>
            <SecretField secret={created.secret} />
          </div>
          <DialogFooter>
            <Button onClick={onClose}>{t('secret.done')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  const serverError =
    create.error instanceof ApiError && create.error.code === 'VALIDATION_ERROR'
      ? null
      : create.error;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('create.close')}>
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <form ref={form} noValidate onSubmit={submit} className="grid gap-4">
          <FormField id="api-key-name" label={t('create.name')} error={validationText(errors.name)}>
            {(control) => (
              <Input
                {...control}
                name="name"
                autoComplete="off"
                autoFocus
                placeholder={t('create.namePlaceholder')}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
          <fieldset
            className="grid gap-1.5"
            aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
          >
            <legend className="mb-1.5 text-sm leading-tight font-medium">
              {t('create.access')}
            </legend>
            {(['read', 'write'] as const).map((option) => (
              <label
                key={option}
                className={cn(choiceClass, access === option && 'border-foreground/40 bg-muted')}
              >
                <input
                  type="radio"
                  name="api-key-access"
                  value={option}
                  checked={access === option}
                  onChange={() => setAccess(option)}
                  className="mt-0.5 size-4 accent-primary"
                />
                <span className="grid">
                  <span className="font-medium">
                    {option === 'read' ? t('create.readOnly') : t('create.readWrite')}
                  </span>
                  <span className="text-[13px] text-muted-foreground">
                    {option === 'read' ? t('create.readOnlyHint') : t('create.readWriteHint')}
                  </span>
                </span>
              </label>
            ))}
            {errors.scopes ? (
              <p id="api-key-scopes-error" className="text-[13px] font-medium text-destructive">
                {validationText(errors.scopes)}
              </p>
            ) : null}
          </fieldset>
          <FormField
            id="api-key-expiresAt"
            label={t('create.expires')}
            labelAside={
              <span className="text-[13px] text-muted-foreground">{t('create.optional')}</span>
            }
            description={t('create.expiresHint')}
            error={validationText(errors.expiresAt)}
          >
            {(control) => (
              <DateField
                {...control}
                name="expiresAt"
                min={tomorrowUtc()}
                value={expiresAt}
                onChange={setExpiresAt}
              />
            )}
          </FormField>
          <ApiErrorAlert
            error={serverError}
            situation={{ wrap: (message) => t('create.failed', { message }) }}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('create.cancel')}
            </Button>
            <Button change type="submit" disabled={create.isPending}>
              {create.isPending ? t('create.creating') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
