import type { Language } from '@/contracts/i18n';
import type { MailMessage } from '../../platform/mail';
import { renderEmail } from '../../platform/mail-layout';

/**
 * The emails of notification delivery, in English and French: one notification, a daily or
 * weekly digest of several, and the weekly insights summary.
 */

export type DeliveredItem = { title: string; message: string; createdAt: Date };

const locale = (language: Language) => (language === 'fr' ? 'fr-FR' : 'en-GB');

/** A moment in the user's time zone ("27 November 2026, 08:00 CET"). */
export function formatLocalTime(time: Date, language: Language, timeZone: string) {
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(time);
}

/** A calendar day ("20 November 2026"). */
export function formatDay(day: string, language: Language) {
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** An amount of money in the user's currency ("1 234,56 €", "€1,234.56"). */
export function formatMoney(amount: string | number, currency: string, language: Language) {
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(amount));
}

/** A signed change in money ("+€120.00", "−35,10 €"). */
export function formatMoneyChange(amount: string | number, currency: string, language: Language) {
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(Number(amount));
}

/** A signed percentage ("+2.5%", "−1,2 %"). */
export function formatPercentChange(fraction: number, language: Language) {
  return new Intl.NumberFormat(locale(language), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(fraction);
}

function message(
  to: string,
  template: string,
  subject: string,
  content: Parameters<typeof renderEmail>[0],
): MailMessage {
  return { to, template, subject, ...renderEmail(content) };
}

const settingsFootnote = (language: Language, security: boolean) =>
  language === 'fr'
    ? security
      ? 'Les e-mails de sécurité sont toujours envoyés, tout de suite. Si ce n’était pas vous, changez votre mot de passe dans Paramètres › Sécurité.'
      : 'Vous recevez cet e-mail selon vos réglages dans Paramètres › Notifications, où vous pouvez choisir les e-mails et leur fréquence.'
    : security
      ? 'Security emails are always sent, at once. If this was not you, change your password in Settings › Security.'
      : 'You receive this email because of your choices in Settings › Notifications, where you can pick which emails come and how often.';

export const deliveryEmails = {
  /** One notification on its own (instant, or held by quiet hours). */
  notification(
    to: string,
    language: Language,
    item: DeliveredItem & { url: string; security: boolean },
  ): MailMessage {
    return message(to, item.security ? 'notification-security' : 'notification', item.title, {
      language,
      preheader: item.message,
      heading: item.title,
      paragraphs: [item.message],
      action: { label: language === 'fr' ? 'Ouvrir Cairn' : 'Open Cairn', url: item.url },
      footnote: settingsFootnote(language, item.security),
    });
  },

  /** Several notifications in one email (the daily or weekly digest). */
  digest(
    to: string,
    language: Language,
    options: {
      frequency: 'daily' | 'weekly';
      items: DeliveredItem[];
      timeZone: string;
      url: string;
    },
  ): MailMessage {
    const count = options.items.length;
    const entries = options.items.map((item) => ({
      title: item.title,
      text: item.message,
      note: formatLocalTime(item.createdAt, language, options.timeZone),
    }));
    return language === 'fr'
      ? message(
          to,
          'notification-digest',
          `Votre résumé Cairn : ${count} notification${count > 1 ? 's' : ''}`,
          {
            language,
            preheader: `${count} notification${count > 1 ? 's' : ''} depuis votre dernier résumé.`,
            heading:
              options.frequency === 'daily' ? 'Votre résumé du jour' : 'Votre résumé de la semaine',
            paragraphs: [
              count > 1
                ? `Voici les ${count} notifications arrivées depuis votre dernier résumé.`
                : 'Voici la notification arrivée depuis votre dernier résumé.',
            ],
            items: { entries },
            action: { label: 'Ouvrir Cairn', url: options.url },
            footnote: settingsFootnote(language, false),
          },
        )
      : message(
          to,
          'notification-digest',
          `Your Cairn digest: ${count} notification${count > 1 ? 's' : ''}`,
          {
            language,
            preheader: `${count} notification${count > 1 ? 's' : ''} since your last digest.`,
            heading: options.frequency === 'daily' ? 'Your daily digest' : 'Your weekly digest',
            paragraphs: [
              count > 1
                ? `Here are the ${count} notifications since your last digest.`
                : 'Here is the notification since your last digest.',
            ],
            items: { entries },
            action: { label: 'Open Cairn', url: options.url },
            footnote: settingsFootnote(language, false),
          },
        );
  },

  /** The weekly insights email: the week's value change and notable movements. */
  insights(to: string, language: Language, insights: WeeklyInsights, url: string): MailMessage {
    const money = (amount: string) => formatMoney(amount, insights.currency, language);
    const change = (amount: string) => formatMoneyChange(amount, insights.currency, language);
    const pct = (fraction: number | null) =>
      fraction === null
        ? ''
        : fr
          ? ` (rendement ${formatPercentChange(fraction, language)})`
          : ` (return ${formatPercentChange(fraction, language)})`;
    const fr = language === 'fr';
    const details = insights.portfolios.map((portfolio): [string, string] => [
      portfolio.name,
      `${money(portfolio.value)} · ${change(portfolio.change)}${pct(portfolio.changePercent)}`,
    ]);
    const movers = insights.movers.map((mover) => ({
      title: mover.name,
      text: fr
        ? `${formatPercentChange(mover.changePercent, language)} sur la semaine · ${money(mover.value)}`
        : `${formatPercentChange(mover.changePercent, language)} over the week · ${money(mover.value)}`,
      note: mover.portfolio,
    }));
    const start = formatDay(insights.start, language);
    const end = formatDay(insights.end, language);
    const summary = fr
      ? `Du ${start} au ${end}, vos portefeuilles sont passés de ${money(insights.opening)} à ${money(insights.value)} : ${change(insights.change)}${pct(insights.changePercent)}.`
      : `From ${start} to ${end}, your portfolios went from ${money(insights.opening)} to ${money(insights.value)}: ${change(insights.change)}${pct(insights.changePercent)}.`;
    const transactions = fr
      ? insights.newTransactions === 0
        ? 'Aucune nouvelle transaction cette semaine.'
        : `${insights.newTransactions} nouvelle${insights.newTransactions > 1 ? 's' : ''} transaction${insights.newTransactions > 1 ? 's' : ''} cette semaine.`
      : insights.newTransactions === 0
        ? 'No new transactions this week.'
        : `${insights.newTransactions} new transaction${insights.newTransactions > 1 ? 's' : ''} this week.`;
    return message(
      to,
      'weekly-insights',
      fr
        ? `Votre semaine dans Cairn : ${change(insights.change)}`
        : `Your week in Cairn: ${change(insights.change)}`,
      {
        language,
        preheader: summary,
        heading: fr ? 'Votre semaine en bref' : 'Your week at a glance',
        paragraphs: [summary, transactions],
        details,
        ...(movers.length
          ? {
              items: {
                heading: fr ? 'Les plus forts mouvements' : 'Notable movements',
                entries: movers,
              },
            }
          : {}),
        action: { label: fr ? 'Voir le tableau de bord' : 'Open the dashboard', url },
        footnote: fr
          ? 'Vous recevez cet e-mail chaque lundi car « Analyses » est activé dans Paramètres › Notifications. Valeurs aux derniers cours connus.'
          : 'You receive this email each Monday because Insights is on in Settings › Notifications. Values use the latest known prices.',
      },
    );
  },
};

/** What the weekly insights email says (decimal strings, in `currency`). */
export type WeeklyInsights = {
  currency: string;
  /**
   * The first and last days of the week summarised (YYYY-MM-DD); `change` is the value's change
   * (money added counts), `changePercent` the time-weighted return (it does not).
   */
  start: string;
  end: string;
  opening: string;
  value: string;
  change: string;
  changePercent: number | null;
  portfolios: { name: string; value: string; change: string; changePercent: number | null }[];
  /** The holdings that moved most: their value now and their return over the week. */
  movers: { name: string; portfolio: string; value: string; changePercent: number }[];
  newTransactions: number;
};
