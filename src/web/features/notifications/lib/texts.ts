import { useTranslation } from 'react-i18next';
import type { Notification } from '@/contracts/notifications';
import { formatDate, formatDateTime } from '@/web/lib/format';
import { useLocale } from '@/web/lib/use-locale';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A notification's title and message in the current language: from its key and parameters when
 * this app knows the key (dates formatted in the reader's language and time zone; a date at
 * midnight UTC is a calendar day), else the text stored with it.
 */
export function useNotificationText() {
  const { t, i18n } = useTranslation('notifications');
  const locale = useLocale();
  return (notification: Notification) => {
    const key = notification.metadata.key;
    if (typeof key !== 'string' || !i18n.exists(`notifications:items.${key}.title`)) {
      return { title: notification.title, message: notification.message };
    }
    const raw = notification.metadata.params;
    const params: Record<string, string> = {};
    if (raw && typeof raw === 'object') {
      for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
        const text = String(value);
        params[name] = ISO_INSTANT.test(text)
          ? text.includes('T00:00:00')
            ? formatDate(text, locale, { timeZone: 'UTC' })
            : formatDateTime(text, locale)
          : text;
      }
    }
    const options = { ...params, interpolation: { escapeValue: false } };
    return {
      title: t(`items.${key}.title`, options),
      message: t(`items.${key}.message`, options),
    };
  };
}
