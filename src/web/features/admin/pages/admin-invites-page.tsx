import { ListChecks, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { AdminPage } from '../components/admin-page';
import { BetaModeCard } from '../components/beta-mode-card';
import { GenerateInvitesForm } from '../components/generate-invites-form';
import { InviteCodesPanel } from '../components/invite-codes-panel';
import { WaitlistPanel } from '../components/waitlist-panel';

const TABS = ['codes', 'waitlist'] as const;
type Tab = (typeof TABS)[number];

/** /admin/invites: beta mode, invite codes and the waitlist (?tab=waitlist opens the second tab). */
export function AdminInvitesPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'codes';

  return (
    <AdminPage title={t('invites.title')} description={t('invites.description')}>
      <BetaModeCard />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'codes') next.delete('tab');
          else next.set('tab', value);
          setParams(next, { replace: true });
        }}
        className="grid min-w-0 gap-4"
      >
        <TabsList aria-label={t('invites.tabsLabel')}>
          <TabsTrigger value="codes">
            <Ticket aria-hidden="true" />
            {t('invites.tabs.codes')}
          </TabsTrigger>
          <TabsTrigger value="waitlist">
            <ListChecks aria-hidden="true" />
            {t('invites.tabs.waitlist')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="codes" className="grid min-w-0 gap-4">
          <GenerateInvitesForm />
          <InviteCodesPanel />
        </TabsContent>
        <TabsContent value="waitlist" className="grid min-w-0 gap-4">
          <WaitlistPanel />
        </TabsContent>
      </Tabs>
    </AdminPage>
  );
}
