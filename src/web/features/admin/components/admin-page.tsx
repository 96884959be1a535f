import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMailStatus } from '../api/queries';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * The admin area's reminder while the server sends no email (no SMTP_URL): the emails it writes
 * (activation and reset links, invitations) wait in Outgoing mail for the administrator.
 */
export function MailNotice() {
  const { t } = useTranslation('admin');
  const status = useMailStatus();
  if (!status.data || status.data.delivery) return null;
  const { waiting } = status.data;
  return (
    <div
      data-testid="mail-notice"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{t('mail.banner.title')}.</span>{' '}
        {waiting > 0 ? t('mail.banner.text', { count: waiting }) : t('mail.banner.textNone')}
      </p>
      <Link
        to="/admin/mail"
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('mail.banner.link')}
      </Link>
    </div>
  );
}

/**
 * An admin screen: its h1, a line of explanation, actions on the right, then the content. While
 * the server sends no email, a reminder says where its emails wait (`mailNotice={false}` on the
 * page that lists them).
 */
export function AdminPage({
  title,
  description,
  actions,
  mailNotice = true,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  mailNotice?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('documentTitle', { page: title }));
  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 gap-5">
      {mailNotice ? <MailNotice /> : null}
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
