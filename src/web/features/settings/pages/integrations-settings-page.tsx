import { ArrowLeftRight, ChartCandlestick, Landmark, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InfoList, InfoRow } from '../components/info-rows';
import { SettingsPage, SettingsSection } from '../components/settings-ui';

/**
 * /settings/integrations: what this Cairn connects to. The server tells the app of no data
 * provider, so prices and rates are entered by hand; mail is the one outside service it uses.
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
          <InfoRow
            icon={ChartCandlestick}
            title={t('integrations.data.prices.title')}
            status={notConnected}
          >
            {t('integrations.data.prices.text')}
          </InfoRow>
          <InfoRow
            icon={ArrowLeftRight}
            title={t('integrations.data.rates.title')}
            status={notConnected}
          >
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
