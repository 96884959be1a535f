import { ArrowLeftRight, ChartCandlestick, Landmark, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InfoList, InfoRow } from '../components/info-rows';
import { SettingsPage, SettingsSection } from '../components/settings-ui';

/**
 * /settings/integrations: what this Cairn connects to. Prices and exchange rates come from the
 * market data providers the server's administrator turns on (MARKET_DATA_PROVIDERS: Yahoo,
 * CoinGecko, the ECB), else from what an administrator enters; the page says both, since which
 * applies is the server's (its administrators see each provider at Admin tools › Market data).
 * Cairn connects to no bank. Mail goes through the server's SMTP, else waits for an administrator.
 */
export function IntegrationsSettingsPage() {
  const { t } = useTranslation('settings');
  const notConnected = { label: t('integrations.notConnected'), tone: 'outline' } as const;
  return (
    <SettingsPage title={t('integrations.title')} description={t('integrations.description')}>
      <SettingsSection
        id="integrations-data"
        title={t('integrations.data.title')}
        description={t('integrations.data.description')}
      >
        <InfoList>
          <InfoRow icon={ChartCandlestick} title={t('integrations.data.prices.title')}>
            {t('integrations.data.prices.text')}
          </InfoRow>
          <InfoRow icon={ArrowLeftRight} title={t('integrations.data.rates.title')}>
            {t('integrations.data.rates.text')}
          </InfoRow>
          <InfoRow icon={Landmark} title={t('integrations.data.banks.title')} status={notConnected}>
            {t('integrations.data.banks.text')}
          </InfoRow>
        </InfoList>
      </SettingsSection>
      <SettingsSection id="integrations-mail" title={t('integrations.mail.title')}>
        <InfoList>
          <InfoRow icon={Mail} title={t('integrations.mail.email.title')}>
            {t('integrations.mail.email.text')}
          </InfoRow>
        </InfoList>
      </SettingsSection>
    </SettingsPage>
  );
}
