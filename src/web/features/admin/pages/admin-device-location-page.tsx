import { ExternalLink, Globe, MapPin, Monitor } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDeviceLocation } from '../api/queries';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/data-table';
import { guessPlaceFromTimeZone, readDeviceInfo } from '../lib/device';

/** The DB-IP licence (CC BY 4.0) asks for this credit wherever its data shows. */
export const DB_IP_URL = 'https://db-ip.com/';

function Section({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: typeof Globe;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <section aria-labelledby={id} className="grid gap-3 px-4 py-3.5">
        <div className="flex items-start gap-3">
          <div
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
          >
            <Icon className="size-4" />
          </div>
          <div className="grid min-w-0 gap-0.5">
            <h2 id={id} className="text-[15px] font-semibold">
              {title}
            </h2>
            <p className="text-[13px] text-muted-foreground">{description}</p>
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}

function Facts({ items, label }: { items: [string, ReactNode][]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="grid gap-x-4 gap-y-2 text-[13px] sm:grid-cols-[10rem_minmax(0,1fr)]"
    >
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ServerLocation() {
  const { t } = useTranslation('admin');
  const location = useDeviceLocation();
  const unknown = <span className="font-normal text-muted-foreground">{t('device.unknown')}</span>;
  return (
    <Section
      id="device-server"
      icon={Globe}
      title={t('device.server.title')}
      description={t('device.server.description')}
    >
      {location.isPending ? (
        <div className="grid gap-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-4 w-2/3" />
          ))}
        </div>
      ) : location.isError ? (
        <LoadError onRetry={() => void location.refetch()} />
      ) : (
        <Facts
          label={t('device.server.title')}
          items={[
            [
              t('device.fields.ip'),
              location.data.ip ? (
                <span className="font-mono tabular">{location.data.ip}</span>
              ) : (
                unknown
              ),
            ],
            [t('device.fields.country'), location.data.country ?? unknown],
            [t('device.fields.city'), location.data.city ?? unknown],
            [t('device.fields.region'), location.data.region ?? unknown],
          ]}
        />
      )}
      <p className="text-xs text-muted-foreground">
        <a
          href={DB_IP_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 underline-offset-4 hover:text-foreground hover:underline"
        >
          {t('device.credit')}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      </p>
    </Section>
  );
}

/** /admin/device-location: where the server places this device, the time-zone guess, and the device. */
export function AdminDeviceLocationPage() {
  const { t } = useTranslation('admin');
  const [device] = useState(readDeviceInfo);
  const guess = guessPlaceFromTimeZone(device.timeZone);
  const unknown = <span className="font-normal text-muted-foreground">{t('device.unknown')}</span>;

  return (
    <AdminPage title={t('device.title')} description={t('device.description')}>
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <ServerLocation />
        <Section
          id="device-timezone"
          icon={MapPin}
          title={t('device.fallback.title')}
          description={t('device.fallback.description')}
        >
          <Facts
            label={t('device.fallback.title')}
            items={[
              [t('device.fields.timezone'), device.timeZone ?? unknown],
              [
                t('device.fields.guess'),
                guess
                  ? t('device.fallback.place', { city: guess.city, region: guess.region })
                  : unknown,
              ],
            ]}
          />
        </Section>
      </div>
      <Section
        id="device-info"
        icon={Monitor}
        title={t('device.info.title')}
        description={t('device.info.description')}
      >
        <Facts
          label={t('device.info.title')}
          items={[
            [t('device.fields.browser'), device.browser ?? unknown],
            [t('device.fields.os'), device.os ?? unknown],
            [t('device.fields.deviceType'), t(`device.types.${device.deviceType}`)],
            [
              t('device.fields.screen'),
              <span key="screen" className="tabular">
                {t('device.screenSize', { width: device.screenWidth, height: device.screenHeight })}
              </span>,
            ],
            [t('device.fields.timezone'), device.timeZone ?? unknown],
            [t('device.fields.language'), device.language],
            [
              t('device.fields.userAgent'),
              <code key="ua" className="font-mono text-xs font-normal break-all">
                {device.userAgent}
              </code>,
            ],
          ]}
        />
      </Section>
    </AdminPage>
  );
}
