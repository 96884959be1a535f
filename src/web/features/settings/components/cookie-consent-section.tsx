import { useTranslation } from 'react-i18next';
import type { ConsentHistoryEntry } from '@/contracts/consent';
import { useConsent } from '@/web/components/consent/consent-manager';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
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
import { useConsentHistory } from '@/web/lib/consent/account-consent';
import {
  effectiveChoice,
  needsChoice,
  openConsentPreferences,
  setConsent,
} from '@/web/lib/consent/consent-store';
import { formatDateTime } from '@/web/lib/format';
import { useSession } from '@/web/lib/session';
import { useLocale } from '@/web/lib/use-locale';
import { SettingRow, SettingsSection } from './settings-ui';

function HistoryTable({ userId }: { userId: string }) {
  const { t } = useTranslation('consent');
  const locale = useLocale();
  const history = useConsentHistory(userId);
  const value = (on: boolean) => (on ? t('settings.on') : t('settings.off'));
  const describe = (entry: ConsentHistoryEntry) => {
    const type = t(`settings.history.types.${entry.consentType}`);
    return entry.previousValue === null
      ? t('settings.history.first', { type, value: value(entry.newValue) })
      : t('settings.history.changed', {
          type,
          from: value(entry.previousValue),
          to: value(entry.newValue),
        });
  };

  if (history.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-[13px]">
        <span className="text-destructive">{t('settings.history.loadFailed')}</span>
        <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
          {t('settings.history.retry')}
        </Button>
      </div>
    );
  }
  const { entries, total } = history.data;
  if (entries.length === 0) {
    return <p className="text-[13px] text-muted-foreground">{t('settings.history.empty')}</p>;
  }
  return (
    <>
      <TableContainer>
        <Table>
          <TableCaption className="sr-only">{t('settings.history.caption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('settings.history.date')}</TableHead>
              <TableHead>{t('settings.history.change')}</TableHead>
              <TableHead>{t('settings.history.version')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={entry.changedAt}>
                    {formatDateTime(entry.changedAt, locale, { dateStyle: 'medium' })}
                  </time>
                </TableCell>
                <TableCell>{describe(entry)}</TableCell>
                <TableCell className="tabular-nums">{entry.documentVersion}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > entries.length ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {t('settings.history.more', { shown: entries.length, total })}
        </p>
      ) : null}
    </>
  );
}

/**
 * /settings/privacy, "Cookies and tracking": the choice that applies (switches that change it at
 * once, recorded on the account), the preferences panel, and the recorded history of changes.
 */
export function CookieConsentSection() {
  const { t, ready } = useTranslation('consent');
  const locale = useLocale();
  const userId = useSession().data?.user.id ?? null;
  const consent = useConsent();
  const choice = effectiveChoice(consent);
  const categories = [
    ['analytics', 'analytics'],
    ['errorMonitoring', 'errorMonitoring'],
  ] as const;

  if (!ready) return <Skeleton className="h-48 w-full rounded-xl" />;
  return (
    <SettingsSection
      id="privacy-cookies"
      title={t('settings.title')}
      description={t('settings.description')}
      footer={
        <Button size="sm" variant="outline" aria-haspopup="dialog" onClick={openConsentPreferences}>
          {t('settings.open')}
        </Button>
      }
    >
      <p className="text-[13px] text-muted-foreground">
        {consent && !needsChoice(consent)
          ? t('settings.madeOn', {
              date: formatDateTime(consent.date, locale, { dateStyle: 'medium' }),
              version: consent.version,
            })
          : t('settings.noChoice')}
      </p>
      <div className="divide-y">
        <SettingRow
          label={<span className="font-medium">{t('preferences.categories.necessary.title')}</span>}
          description={t('preferences.categories.necessary.text')}
          control={<Badge variant="secondary">{t('preferences.alwaysOn')}</Badge>}
        />
        {categories.map(([key]) => (
          <SettingRow
            key={key}
            label={
              <Label htmlFor={`consent-${key}`}>{t(`preferences.categories.${key}.title`)}</Label>
            }
            description={
              <span id={`consent-${key}-description`}>
                {t(`preferences.categories.${key}.text`)}
              </span>
            }
            control={
              <Switch
                id={`consent-${key}`}
                aria-describedby={`consent-${key}-description`}
                checked={choice[key]}
                onCheckedChange={(checked) => setConsent({ ...choice, [key]: checked })}
              />
            }
          />
        ))}
      </div>
      <h3 className="mt-4 mb-2 text-sm font-semibold">{t('settings.history.title')}</h3>
      {userId ? <HistoryTable userId={userId} /> : null}
    </SettingsSection>
  );
}
