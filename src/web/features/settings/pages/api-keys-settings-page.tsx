import { ExternalLink, KeyRound, Lock, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { MAX_ACTIVE_API_KEYS } from '@/contracts/api-keys';
import { requiredTierForFeature } from '@/domain/plans/plans';
import { SeePlansLink } from '@/web/components/plans/see-plans-link';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { usePlan } from '@/web/lib/plan';
import { useApiKeys } from '../api/api-keys-queries';
import { ApiKeyList, ApiKeyListSkeleton } from '../components/api-key-list';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSection,
  SettingsSkeleton,
} from '../components/settings-ui';

/** Where the server describes its API (OpenAPI, with the bearer scheme). */
const API_DOCS_PATH = '/api/docs';

function DocsLink({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('apiKeys');
  return (
    <a
      href={API_DOCS_PATH}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 rounded-sm font-medium text-foreground underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">({t('about.newTab')})</span>
    </a>
  );
}

/** What a key is for, how it is sent, and where the API is described. */
function About() {
  const { t } = useTranslation('apiKeys');
  return (
    <div className="grid gap-3">
      <p>
        {t('about.read')} {t('about.write')}
      </p>
      <p className="text-muted-foreground">
        <Trans t={t} i18nKey="about.docsHint" components={{ docs: <DocsLink /> }} />
      </p>
      <div className="grid gap-1.5">
        <p className="text-[13px] text-muted-foreground">{t('about.usage')}</p>
        <code className="block overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs whitespace-nowrap">
          {'Authorization: Bearer cairn_…'}
        </code>
      </div>
    </div>
  );
}

/** The plan lacks API access: what keys do, which plan has them, and the way there. */
function UpgradeSection() {
  const { t } = useTranslation(['apiKeys', 'common']);
  const plan = t(`common:plans.tiers.${requiredTierForFeature('api_access')}`);
  return (
    <SettingsSection
      id="api-keys-upgrade"
      title={t('upgrade.title', { plan })}
      description={t('upgrade.text', { plan, max: MAX_ACTIVE_API_KEYS })}
      footer={<SeePlansLink variant="outline" />}
    >
      <div className="flex gap-3">
        <span
          aria-hidden="true"
          className="hidden size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground sm:flex"
        >
          <Lock className="size-4" />
        </span>
        <About />
      </div>
    </SettingsSection>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
      <span
        aria-hidden="true"
        className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground"
      >
        <KeyRound className="size-5" />
      </span>
      <p className="mt-1 text-sm font-semibold">{t('empty.title')}</p>
      <p className="max-w-md text-[13px] text-muted-foreground">{t('empty.text')}</p>
      <Button change size="sm" className="mt-2" onClick={onCreate}>
        <Plus aria-hidden="true" />
        {t('create.button')}
      </Button>
    </div>
  );
}

/**
 * /settings/api-keys: personal keys for the public API (Enterprise). With API access: the keys,
 * creating one (its secret shown once) and revoking. Without: what keys do and which plan has
 * them, with the way to the plans; keys kept from a higher plan stay listed and can be revoked,
 * with a note that they do not work until the plan allows API access again.
 */
export function ApiKeysSettingsPage() {
  const { t } = useTranslation('apiKeys');
  const plan = usePlan();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const allowed = plan.allows('api_access');
  const list = keys.data ?? [];
  // Expired keys do not count towards the limit (the server counts working keys).
  const full = list.filter((key) => !key.expired).length >= MAX_ACTIVE_API_KEYS;
  const createButton = (
    <Button change size="sm" onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      {t('create.button')}
    </Button>
  );

  const content = keys.isPending ? (
    <ApiKeyListSkeleton />
  ) : keys.isError ? (
    <SettingsLoadError onRetry={() => void keys.refetch()} />
  ) : list.length === 0 ? (
    <EmptyState onCreate={() => setCreating(true)} />
  ) : (
    <ApiKeyList apiKeys={list} />
  );

  return (
    <SettingsPage title={t('title')} description={t('description')}>
      {plan.pending ? (
        <SettingsSkeleton sections={[2]} />
      ) : allowed ? (
        <>
          <SettingsSection
            id="api-keys-list"
            // A narrow window scrolls the table inside the card, not the page.
            className="min-w-0"
            title={t('list.title')}
            description={t('list.description', { max: MAX_ACTIVE_API_KEYS })}
            footer={
              keys.isSuccess && list.length > 0 ? (
                full ? (
                  <p className="mr-auto text-[13px] text-muted-foreground">
                    {t('list.limitReached', { max: MAX_ACTIVE_API_KEYS })}
                  </p>
                ) : (
                  createButton
                )
              ) : null
            }
          >
            {content}
          </SettingsSection>
          <SettingsSection id="api-keys-about" title={t('about.title')}>
            <About />
          </SettingsSection>
        </>
      ) : (
        <>
          <UpgradeSection />
          {keys.isSuccess && list.length > 0 ? (
            <SettingsSection id="api-keys-list" className="min-w-0" title={t('list.title')}>
              <div className="grid gap-4">
                <Alert role="status" tone="info" title={t('downgraded')} />
                <ApiKeyList apiKeys={list} />
              </div>
            </SettingsSection>
          ) : keys.isError ? (
            <SettingsLoadError onRetry={() => void keys.refetch()} />
          ) : null}
        </>
      )}
      {creating && allowed ? <CreateApiKeyDialog onClose={() => setCreating(false)} /> : null}
    </SettingsPage>
  );
}
