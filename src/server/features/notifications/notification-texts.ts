import type { Language } from '@/contracts/i18n';

/**
 * Every in-app notification the server creates, by key, in both languages. The row keeps the
 * text in the language of the moment (for emails, logs and any client without translations) and
 * `metadata.key` / `metadata.params`, from which the web shows it in the current language
 * (locales/<lng>/notifications.json `items.<key>` holds the same texts; a test compares them).
 * `{{name}}` is replaced by the parameter of that name.
 */
export const NOTIFICATION_TEXTS = {
  login: {
    en: { title: 'New sign-in', message: 'Your account was signed in to from a device.' },
    fr: {
      title: 'Nouvelle connexion',
      message: 'Un appareil vient de se connecter à votre compte.',
    },
  },
  recoveryPaused: {
    en: {
      title: 'Email recovery paused',
      message: 'Your password was reset. Two-factor recovery by email is paused until {{until}}.',
    },
    fr: {
      title: 'Récupération par e-mail suspendue',
      message:
        "Votre mot de passe a été réinitialisé. La récupération de la double authentification par e-mail est suspendue jusqu'au {{until}}.",
    },
  },
  recoveryUsed: {
    en: {
      title: 'Signed in with an email code',
      message: 'Two-factor authentication was completed with a code sent by email.',
    },
    fr: {
      title: 'Connexion avec un code e-mail',
      message: 'La double authentification a été terminée avec un code reçu par e-mail.',
    },
  },
  factorAdded: {
    en: {
      title: 'Two-factor method added',
      message:
        'The authenticator "{{name}}" was added to your account. If this was not you, reset your password now.',
    },
    fr: {
      title: 'Méthode de double authentification ajoutée',
      message:
        "L'authentificateur « {{name}} » a été ajouté à votre compte. Si ce n'est pas vous, réinitialisez votre mot de passe maintenant.",
    },
  },
  factorRemoved: {
    en: {
      title: 'Two-factor method removed',
      message:
        'The authenticator "{{name}}" was removed from your account. If this was not you, reset your password now.',
    },
    fr: {
      title: 'Méthode de double authentification supprimée',
      message:
        "L'authentificateur « {{name}} » a été retiré de votre compte. Si ce n'est pas vous, réinitialisez votre mot de passe maintenant.",
    },
  },
  passwordChanged: {
    en: {
      title: 'Password changed',
      message: 'Your password was changed and your other sessions were signed out.',
    },
    fr: {
      title: 'Mot de passe modifié',
      message: 'Votre mot de passe a été modifié et vos autres sessions ont été déconnectées.',
    },
  },
  portfolioShared: {
    en: {
      title: 'Portfolio shared with you',
      message: '{{owner}} invited you to the portfolio "{{portfolio}}".',
    },
    fr: {
      title: 'Portefeuille partagé avec vous',
      message: '{{owner}} vous a invité au portefeuille « {{portfolio}} ».',
    },
  },
  invitationAccepted: {
    en: {
      title: 'Invitation accepted',
      message: '{{invitee}} accepted your invitation to "{{portfolio}}".',
    },
    fr: {
      title: 'Invitation acceptée',
      message: '{{invitee}} a accepté votre invitation à « {{portfolio}} ».',
    },
  },
  invitationDeclined: {
    en: {
      title: 'Invitation declined',
      message: '{{invitee}} declined your invitation to "{{portfolio}}".',
    },
    fr: {
      title: 'Invitation refusée',
      message: '{{invitee}} a refusé votre invitation à « {{portfolio}} ».',
    },
  },
  savingsMaturity: {
    en: {
      title: 'Savings account nearing maturity',
      message: '"{{account}}" reaches maturity on {{date}}.',
    },
    fr: {
      title: "Compte d'épargne bientôt à échéance",
      message: '« {{account}} » arrive à échéance le {{date}}.',
    },
  },
  savingsBelowMinimum: {
    en: {
      title: 'Savings balance below minimum',
      message: 'The balance of "{{account}}" is below its minimum of {{minimum}}.',
    },
    fr: {
      title: "Solde d'épargne sous le minimum",
      message: 'Le solde de « {{account}} » est sous son minimum de {{minimum}}.',
    },
  },
  priceProviderFailed: {
    en: {
      title: 'Price provider failing',
      message: 'The price provider "{{provider}}" failed to answer: prices may be out of date.',
    },
    fr: {
      title: 'Fournisseur de cours en échec',
      message:
        'Le fournisseur de cours « {{provider}} » ne répond pas : les cours peuvent être anciens.',
    },
  },
  importFinished: {
    en: {
      title: 'Import finished',
      message: 'Your import into "{{portfolio}}" is complete. Rows imported: {{rows}}.',
    },
    fr: {
      title: 'Import terminé',
      message: 'Votre import dans « {{portfolio}} » est terminé. Lignes importées : {{rows}}.',
    },
  },
  dataExportReady: {
    en: {
      title: 'Your data is ready',
      message:
        'The archive of your data is ready to download in Settings, Privacy. It will be removed after {{hours}} hours.',
    },
    fr: {
      title: 'Vos données sont prêtes',
      message:
        "L'archive de vos données est prête à être téléchargée dans Paramètres, Confidentialité. Elle sera supprimée dans {{hours}} heures.",
    },
  },
  dataExportFailed: {
    en: {
      title: 'Your data export failed',
      message:
        'The archive of your data could not be built. Please try again from Settings, Privacy.',
    },
    fr: {
      title: "L'export de vos données a échoué",
      message:
        "L'archive de vos données n'a pas pu être créée. Réessayez depuis Paramètres, Confidentialité.",
    },
  },
  portfolioRemovalScheduled: {
    en: {
      title: 'A shared portfolio will be removed',
      message:
        '{{owner}} is deleting their account: their portfolio "{{portfolio}}" will be removed on {{date}}.',
    },
    fr: {
      title: 'Un portefeuille partagé va être supprimé',
      message:
        '{{owner}} supprime son compte : son portefeuille « {{portfolio}} » sera supprimé le {{date}}.',
    },
  },
  portfolioRemovalCancelled: {
    en: {
      title: 'A shared portfolio stays',
      message: '{{owner}} kept their account: the portfolio "{{portfolio}}" will not be removed.',
    },
    fr: {
      title: 'Un portefeuille partagé est conservé',
      message:
        '{{owner}} a conservé son compte : le portefeuille « {{portfolio}} » ne sera pas supprimé.',
    },
  },
  portfolioRemoved: {
    en: {
      title: 'A shared portfolio was removed',
      message: '{{owner}} deleted their account: their portfolio "{{portfolio}}" was removed.',
    },
    fr: {
      title: 'Un portefeuille partagé a été supprimé',
      message:
        '{{owner}} a supprimé son compte : son portefeuille « {{portfolio}} » a été supprimé.',
    },
  },
  accountRestored: {
    en: {
      title: 'Your account is kept',
      message: 'You cancelled the deletion of your account. Nothing was removed.',
    },
    fr: {
      title: 'Votre compte est conservé',
      message: "Vous avez annulé la suppression de votre compte. Rien n'a été supprimé.",
    },
  },
  goalMilestone: {
    en: {
      title: 'Goal milestone: {{percent}}% of {{title}}',
      message: 'Your goal "{{title}}" has reached {{percent}}% of its target.',
    },
    fr: {
      title: 'Jalon d’objectif : {{percent}} % de {{title}}',
      message: 'Votre objectif « {{title}} » a atteint {{percent}} % de sa cible.',
    },
  },
  achievementGoalReached: {
    en: {
      title: 'Goal achievement: {{title}} reached',
      message: 'You reached your goal "{{title}}". It is marked as achieved.',
    },
    fr: {
      title: 'Succès : objectif {{title}} atteint',
      message: 'Vous avez atteint votre objectif « {{title}} ». Il est marqué comme atteint.',
    },
  },
} as const satisfies Record<string, Record<Language, { title: string; message: string }>>;

export type NotificationKey = keyof typeof NOTIFICATION_TEXTS;

export type NotificationParam = string | number | Date;

/** A parameter as the text shows it: dates in the language, in UTC (the web shows local time). */
function display(value: NotificationParam, language: Language, dateOnly: boolean): string {
  if (!(value instanceof Date)) return String(value);
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(dateOnly ? {} : { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
    timeZone: 'UTC',
  }).format(value);
}

const isMidnightUtc = (value: Date) =>
  value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0;

/** The title and message of `key` in `language` with its parameters filled in. */
export function notificationText(
  key: NotificationKey,
  language: Language,
  params: Record<string, NotificationParam> = {},
) {
  const fill = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) return '';
      return display(value, language, value instanceof Date && isMidnightUtc(value));
    });
  const text = NOTIFICATION_TEXTS[key][language];
  return { title: fill(text.title), message: fill(text.message) };
}

/** Parameters as the row stores them (dates as ISO 8601), for the web to format. */
export function storedParams(params: Record<string, NotificationParam>) {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}
