import type { Language } from '@/contracts/i18n';
import type { SharePermission } from '@/contracts/portfolios';
import type { MailMessage } from '../../platform/mail';
import { renderEmail } from '../../platform/mail-layout';

export type InvitationDetails = {
  inviterName: string;
  inviterEmail: string;
  portfolioName: string;
  permission: SharePermission;
  expiresAt: Date;
  url: string;
};

const formatDate = (time: Date, language: Language) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(time);

/**
 * The invitation to a shared portfolio, in the invitee's language (their account's; the
 * inviter's for an address with no account). Names and portfolio names are
 * user text: renderEmail escapes everything it puts in HTML.
 */
export function shareInvitationEmail(
  to: string,
  language: Language,
  details: InvitationDetails,
): MailMessage {
  const until = formatDate(details.expiresAt, language);
  const content =
    language === 'fr'
      ? {
          subject: `${details.inviterName} partage un portefeuille avec vous sur Cairn`,
          preheader: `Portefeuille « ${details.portfolioName} »`,
          heading: 'Invitation à un portefeuille partagé',
          paragraphs: [
            `${details.inviterName} (${details.inviterEmail}) vous invite à ${
              details.permission === 'edit' ? 'consulter et modifier' : 'consulter'
            } son portefeuille « ${details.portfolioName} » sur Cairn.`,
            `Connectez-vous (ou créez un compte) avec cette adresse e-mail pour accepter ou refuser l’invitation. Elle est valable jusqu’au ${until}.`,
          ],
          label: 'Voir l’invitation',
          footnote:
            'Si vous ne connaissez pas cette personne, ignorez cet e-mail : rien ne sera partagé sans votre accord.',
        }
      : {
          subject: `${details.inviterName} shared a portfolio with you on Cairn`,
          preheader: `Portfolio "${details.portfolioName}"`,
          heading: 'Invitation to a shared portfolio',
          paragraphs: [
            `${details.inviterName} (${details.inviterEmail}) invites you to ${
              details.permission === 'edit' ? 'view and edit' : 'view'
            } their portfolio "${details.portfolioName}" on Cairn.`,
            `Sign in (or create an account) with this email address to accept or decline the invitation. It is valid until ${until}.`,
          ],
          label: 'View the invitation',
          footnote:
            'If you do not know this person, ignore this email: nothing is shared without your consent.',
        };
  return {
    to,
    template: 'portfolio-invitation',
    subject: content.subject,
    ...renderEmail({
      language,
      preheader: content.preheader,
      heading: content.heading,
      paragraphs: content.paragraphs,
      action: { label: content.label, url: details.url },
      footnote: content.footnote,
    }),
  };
}
