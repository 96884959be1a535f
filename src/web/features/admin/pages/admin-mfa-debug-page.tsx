import { useTranslation } from 'react-i18next';
import { AdminPage } from '../components/admin-page';
import { MfaOwnAccount } from '../components/mfa-own-account';
import { MfaUserLookup } from '../components/mfa-user-lookup';

/** /admin/mfa-debug: the admin's own two-factor state and challenges, and a support lookup. */
export function AdminMfaDebugPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('mfa.title')} description={t('mfa.description')}>
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <MfaOwnAccount />
        <MfaUserLookup />
      </div>
    </AdminPage>
  );
}
