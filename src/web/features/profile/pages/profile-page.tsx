import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useProfile } from '../api/queries';
import { AvatarUploader } from '../components/avatar-uploader';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { displayNameOf } from '../lib/display-name';
import { useFormatters } from '@/web/lib/preferences';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <h2
          id={`${id}-title`}
          className="border-b px-5 py-4 text-[15px] leading-tight font-semibold"
        >
          {title}
        </h2>
        <div className="px-5 py-4 text-sm">{children}</div>
      </section>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-5" aria-hidden="true">
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/** /profile: picture, name, e-mail and role. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const format = useFormatters();
  const profile = useProfile();
  const title = t('documentTitle', { page: t('title') });
  useEffect(() => {
    document.title = title;
  }, [title]);

  const user = profile.data;
  const name = displayNameOf(user, t('userFallback'));

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <header className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">
          {user ? t('memberSince', { date: format.date(user.createdAt) }) : t('description')}
        </p>
      </header>
      {profile.isPending ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <ProfileSkeleton />
        </div>
      ) : profile.isError ? (
        <DataErrorCard className="max-w-none" onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <Section id="profile-photo" title={t('avatar.title')}>
            <AvatarUploader user={profile.data} name={name} />
          </Section>
          <Section id="profile-details" title={t('details.title')}>
            <ProfileDetailsForm user={profile.data} />
          </Section>
        </>
      )}
    </div>
  );
}
