import type { Language } from '@/contracts/i18n';
import type { MailMessage } from '../../platform/mail';
import { renderEmail } from '../../platform/mail-layout';

type SignInDetails = { time: Date; ip: string | null; browser: string | null; os: string | null };

const formatTime = (time: Date, language: Language) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(time);

const unknownValue = (language: Language) => (language === 'fr' ? 'inconnu' : 'unknown');

/** The sign-in details block (time, address, browser, system) in the email's language. */
function signInLines(details: SignInDetails, language: Language): [string, string][] {
  const unknown = unknownValue(language);
  const labels =
    language === 'fr'
      ? ['Date', 'Adresse IP', 'Navigateur', 'Système']
      : ['Time', 'IP address', 'Browser', 'System'];
  const values = [
    formatTime(details.time, language),
    details.ip ?? unknown,
    details.browser ?? unknown,
    details.os ?? unknown,
  ];
  return labels.map((label, i): [string, string] => [label, values[i] ?? unknown]);
}

function message(
  to: string,
  template: string,
  subject: string,
  content: Parameters<typeof renderEmail>[0],
): MailMessage {
  return { to, template, subject, ...renderEmail(content) };
}

export const authEmails = {
  confirmEmail(to: string, language: Language, url: string): MailMessage {
    return language === 'fr'
      ? message(to, 'confirm-email', 'Confirmez votre adresse e-mail', {
          language,
          preheader: 'Un clic pour confirmer votre adresse.',
          heading: 'Bienvenue sur Cairn',
          paragraphs: [
            'Confirmez votre adresse e-mail pour sécuriser votre compte. Ce lien est valable 7 jours.',
          ],
          action: { label: 'Confirmer mon adresse', url },
          footnote:
            "Vous recevez cet e-mail car un compte Cairn a été créé avec cette adresse. Si ce n'est pas vous, ignorez-le.",
        })
      : message(to, 'confirm-email', 'Confirm your email address', {
          language,
          preheader: 'One click to confirm your address.',
          heading: 'Welcome to Cairn',
          paragraphs: [
            'Confirm your email address to secure your account. This link is valid for 7 days.',
          ],
          action: { label: 'Confirm my email', url },
          footnote:
            'You are receiving this email because a Cairn account was created with this address. If it was not you, ignore it.',
        });
  },

  /** The link that makes a new account usable (sent instead of signing the visitor in). */
  activateAccount(to: string, language: Language, url: string): MailMessage {
    return language === 'fr'
      ? message(to, 'activate-account', 'Activez votre compte Cairn', {
          language,
          preheader: 'Un clic pour activer votre compte.',
          heading: 'Bienvenue sur Cairn',
          paragraphs: [
            "Pour terminer votre inscription, activez votre compte avec ce lien. Il est valable 24 heures et ne sert qu'une fois ; vous vous connecterez ensuite avec le mot de passe que vous avez choisi.",
          ],
          action: { label: 'Activer mon compte', url },
          footnote:
            "Vous recevez cet e-mail car quelqu'un s'est inscrit sur Cairn avec cette adresse. Si ce n'est pas vous, ignorez-le : aucun compte ne sera créé.",
        })
      : message(to, 'activate-account', 'Activate your Cairn account', {
          language,
          preheader: 'One click to activate your account.',
          heading: 'Welcome to Cairn',
          paragraphs: [
            'To finish signing up, activate your account with this link. It is valid for 24 hours and works once; you will then sign in with the password you chose.',
          ],
          action: { label: 'Activate my account', url },
          footnote:
            'You are receiving this email because someone signed up to Cairn with this address. If it was not you, ignore it: no account will be created.',
        });
  },

  /** Sent to an account's owner instead of an activation link when its email is registered again. */
  registrationAttempt(to: string, language: Language, signInUrl: string): MailMessage {
    return language === 'fr'
      ? message(to, 'registration-attempt', 'Tentative d’inscription avec votre adresse', {
          language,
          preheader: 'Vous avez déjà un compte Cairn.',
          heading: 'Vous avez déjà un compte',
          paragraphs: [
            "Quelqu'un vient d'essayer de créer un compte Cairn avec votre adresse e-mail. Aucun nouveau compte n'a été créé : cette adresse a déjà le vôtre.",
            "Si c'était vous, connectez-vous ; si vous avez oublié votre mot de passe, réinitialisez-le depuis la page de connexion.",
          ],
          action: { label: 'Me connecter', url: signInUrl },
          footnote: "Si ce n'était pas vous, ignorez cet e-mail : votre compte n'a pas changé.",
        })
      : message(to, 'registration-attempt', 'Someone tried to sign up with your address', {
          language,
          preheader: 'You already have a Cairn account.',
          heading: 'You already have an account',
          paragraphs: [
            'Someone just tried to create a Cairn account with your email address. No new account was created: this address already has yours.',
            'If it was you, sign in; if you forgot your password, reset it from the sign-in page.',
          ],
          action: { label: 'Sign in', url: signInUrl },
          footnote: 'If it was not you, ignore this email: nothing changed on your account.',
        });
  },

  /** Many wrong passwords from unknown devices: sent at most once a day. */
  signInAttack(
    to: string,
    language: Language,
    details: { failures: number; time: Date },
  ): MailMessage {
    return language === 'fr'
      ? message(to, 'sign-in-attack', 'Tentatives de connexion à votre compte Cairn', {
          language,
          preheader: 'Des appareils inconnus essaient des mots de passe.',
          heading: 'Quelqu’un essaie de se connecter à votre compte',
          paragraphs: [
            `Nous avons vu ${details.failures} mots de passe erronés pour votre compte depuis des appareils que vous n'avez jamais utilisés pour vous connecter (dernière tentative : ${formatTime(details.time, language)}).`,
            'Vos appareils habituels se connectent normalement ; les tentatives des autres appareils sont ralenties. Si ce n’était pas vous, choisissez un mot de passe long et unique et activez la double authentification dans Paramètres › Sécurité.',
          ],
          footnote:
            'Cet e-mail de sécurité est envoyé au plus une fois par jour tant que les tentatives continuent.',
        })
      : message(to, 'sign-in-attack', 'Sign-in attempts on your Cairn account', {
          language,
          preheader: 'Unknown devices are trying passwords.',
          heading: 'Someone is trying to sign in to your account',
          paragraphs: [
            `We have seen ${details.failures} wrong passwords for your account from devices you have never signed in with (latest attempt: ${formatTime(details.time, language)}).`,
            'Your usual devices sign in as always; attempts from other devices are being slowed down. If this was not you, choose a long, unique password and turn on two-factor authentication in Settings › Security.',
          ],
          footnote: 'This security email is sent at most once a day while the attempts go on.',
        });
  },

  resetPassword(to: string, language: Language, url: string): MailMessage {
    return language === 'fr'
      ? message(to, 'reset-password', 'Réinitialisez votre mot de passe Cairn', {
          language,
          preheader: 'Ce lien est valable une heure.',
          heading: 'Réinitialiser votre mot de passe',
          paragraphs: [
            'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Cairn.',
            "Ce lien est valable une heure et ne peut servir qu'une fois. Si vous avez activé la double authentification, elle vous sera toujours demandée, et par sécurité la récupération par e-mail ne sera plus possible pendant 7 jours : gardez votre application d'authentification à portée de main.",
          ],
          action: { label: 'Choisir un nouveau mot de passe', url },
          footnote:
            "Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe ne change pas.",
        })
      : message(to, 'reset-password', 'Reset your Cairn password', {
          language,
          preheader: 'This link is valid for one hour.',
          heading: 'Reset your password',
          paragraphs: [
            'We received a request to reset the password of your Cairn account.',
            'This link is valid for one hour and works once. If you use two-factor authentication, it will still be asked for, and for your safety email recovery will be unavailable for 7 days: keep your authenticator app at hand.',
          ],
          action: { label: 'Choose a new password', url },
          footnote:
            'If you did not ask for this, ignore this email: your password does not change.',
        });
  },

  recoveryCode(to: string, language: Language, code: string): MailMessage {
    return language === 'fr'
      ? message(to, 'recovery-code', 'Votre code de vérification Cairn', {
          language,
          preheader: 'Valable 10 minutes.',
          heading: 'Votre code de vérification',
          paragraphs: [
            'Saisissez ce code pour terminer votre connexion sans votre application d’authentification. Il est valable 10 minutes.',
          ],
          code,
          footnote:
            "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe : quelqu'un le connaît.",
        })
      : message(to, 'recovery-code', 'Your Cairn verification code', {
          language,
          preheader: 'Valid for 10 minutes.',
          heading: 'Your verification code',
          paragraphs: [
            'Enter this code to finish signing in without your authenticator app. It is valid for 10 minutes.',
          ],
          code,
          footnote: 'If you did not ask for this code, change your password: someone knows it.',
        });
  },

  recoveryUsed(to: string, language: Language, details: SignInDetails): MailMessage {
    return language === 'fr'
      ? message(to, 'recovery-used', 'Connexion avec un code reçu par e-mail', {
          language,
          preheader: 'La double authentification a été contournée par e-mail.',
          heading: 'Connexion avec un code de récupération',
          paragraphs: [
            "Quelqu'un vient de terminer une connexion à votre compte avec un code envoyé par e-mail, au lieu de votre application d'authentification.",
            "Si c'est vous et que vous n'avez plus votre application d'authentification : dans cette même session, ajoutez-en une nouvelle dans Paramètres › Sécurité, puis supprimez celle que vous avez perdue (ou utilisez « Tout supprimer »). Si ce n'est pas vous, changez votre mot de passe tout de suite et fermez les sessions inconnues.",
          ],
          details: signInLines(details, language),
          footnote:
            'Cet e-mail de sécurité est envoyé à chaque utilisation de la récupération par e-mail.',
        })
      : message(to, 'recovery-used', 'Signed in with an emailed code', {
          language,
          preheader: 'Two-factor authentication was completed by email.',
          heading: 'Signed in with a recovery code',
          paragraphs: [
            'Someone just finished signing in to your account with a code sent by email, instead of your authenticator app.',
            'If it was you and you no longer have your authenticator app: in that same session, add a new authenticator in Settings › Security, then remove the one you lost (or use "Remove all"). If it was not you, change your password now and sign out the sessions you do not recognise.',
          ],
          details: signInLines(details, language),
          footnote: 'This security email is sent every time email recovery is used.',
        });
  },

  loginNotification(to: string, language: Language, details: SignInDetails): MailMessage {
    return language === 'fr'
      ? message(to, 'login-notification', 'Nouvelle connexion à votre compte Cairn', {
          language,
          preheader: 'Un appareil vient de se connecter.',
          heading: 'Nouvelle connexion',
          paragraphs: ["Votre mot de passe vient d'être utilisé pour se connecter à votre compte."],
          details: signInLines(details, language),
          footnote:
            "Si ce n'était pas vous, changez votre mot de passe et fermez cette session dans Paramètres › Sécurité. Vous pouvez désactiver ces alertes au même endroit.",
        })
      : message(to, 'login-notification', 'New sign-in to your Cairn account', {
          language,
          preheader: 'A device just signed in.',
          heading: 'New sign-in',
          paragraphs: ['Your password was just used to sign in to your account.'],
          details: signInLines(details, language),
          footnote:
            'If this was not you, change your password and end that session in Settings › Security. You can turn these alerts off there too.',
        });
  },

  /**
   * After a change or a reset. `recoveryLockedUntil`: the reset paused email recovery of the
   * second step until then (the account has an authenticator).
   */
  passwordChanged(
    to: string,
    language: Language,
    time: Date,
    options: { recoveryLockedUntil?: Date | null } = {},
  ): MailMessage {
    const until = options.recoveryLockedUntil ?? null;
    return language === 'fr'
      ? message(to, 'password-changed', 'Votre mot de passe Cairn a été modifié', {
          language,
          preheader: 'Les autres sessions ont été fermées.',
          heading: 'Mot de passe modifié',
          paragraphs: [
            `Le mot de passe de votre compte a été modifié le ${formatTime(time, language)}. Toutes les autres sessions ont été fermées.`,
            ...(until
              ? [
                  `Par sécurité, la récupération de la double authentification par e-mail est suspendue jusqu'au ${formatTime(until, language)} : utilisez votre application d'authentification pour vous connecter.`,
                ]
              : []),
            "Si ce n'est pas vous, réinitialisez votre mot de passe immédiatement depuis la page de connexion.",
          ],
          footnote: 'Cet e-mail de sécurité est envoyé à chaque changement de mot de passe.',
        })
      : message(to, 'password-changed', 'Your Cairn password was changed', {
          language,
          preheader: 'Your other sessions were signed out.',
          heading: 'Password changed',
          paragraphs: [
            `The password of your account was changed on ${formatTime(time, language)}. Every other session was signed out.`,
            ...(until
              ? [
                  `For your safety, two-factor recovery by email is paused until ${formatTime(until, language)}: use your authenticator app to sign in.`,
                ]
              : []),
            'If this was not you, reset your password now from the sign-in page.',
          ],
          footnote: 'This security email is sent every time your password changes.',
        });
  },

  /** Asking for the account's deletion: when it happens and how to keep the account. */
  deletionScheduled(
    to: string,
    language: Language,
    details: { requestedAt: Date; scheduledFor: Date; signInUrl: string },
  ): MailMessage {
    const requested = formatTime(details.requestedAt, language);
    const scheduled = formatTime(details.scheduledFor, language);
    return language === 'fr'
      ? message(to, 'account-deletion-scheduled', 'Votre compte Cairn sera supprimé', {
          language,
          preheader: `Suppression prévue le ${scheduled}.`,
          heading: 'Suppression du compte programmée',
          paragraphs: [
            `Vous avez demandé la suppression de votre compte Cairn le ${requested}. Il sera supprimé le ${scheduled}, avec ses portefeuilles, ses actifs et ses transactions. Toutes vos sessions ont été fermées.`,
            "Vous avez changé d'avis ? Connectez-vous avant cette date et choisissez « Conserver mon compte ».",
            "Si ce n'est pas vous, connectez-vous maintenant, conservez votre compte et changez votre mot de passe.",
          ],
          action: { label: 'Se connecter', url: details.signInUrl },
          footnote:
            "Cet e-mail de sécurité est envoyé quand la suppression d'un compte est demandée.",
        })
      : message(to, 'account-deletion-scheduled', 'Your Cairn account will be deleted', {
          language,
          preheader: `Deletion is scheduled for ${scheduled}.`,
          heading: 'Account deletion scheduled',
          paragraphs: [
            `You asked to delete your Cairn account on ${requested}. It will be deleted on ${scheduled}, with its portfolios, holdings and transactions. Every session was signed out.`,
            'Changed your mind? Sign in before then and choose "Keep my account".',
            'If this was not you, sign in now, keep your account and change your password.',
          ],
          action: { label: 'Sign in', url: details.signInUrl },
          footnote: "This security email is sent when an account's deletion is asked for.",
        });
  },

  /** The account was kept during its grace period. */
  deletionCancelled(to: string, language: Language, time: Date): MailMessage {
    return language === 'fr'
      ? message(to, 'account-deletion-cancelled', 'Votre compte Cairn est conservé', {
          language,
          preheader: 'La suppression de votre compte est annulée.',
          heading: 'Suppression annulée',
          paragraphs: [
            `Le ${formatTime(time, language)}, vous avez choisi de conserver votre compte : sa suppression est annulée et rien n'a été supprimé.`,
          ],
          footnote:
            "Cet e-mail de sécurité est envoyé quand la suppression d'un compte est annulée.",
        })
      : message(to, 'account-deletion-cancelled', 'Your Cairn account is kept', {
          language,
          preheader: 'The deletion of your account was cancelled.',
          heading: 'Deletion cancelled',
          paragraphs: [
            `On ${formatTime(time, language)} you chose to keep your account: its deletion is cancelled and nothing was removed.`,
          ],
          footnote: "This security email is sent when an account's deletion is cancelled.",
        });
  },
};
