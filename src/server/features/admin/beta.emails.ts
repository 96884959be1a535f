import type { Language } from '@/contracts/i18n';
import type { MailMessage } from '../../platform/mail';
import { renderEmail } from '../../platform/mail-layout';

/** The invitation a waitlist entry receives: its reserved code and a registration link. */
export function invitationEmail(
  to: string,
  language: Language,
  code: string,
  url: string,
): MailMessage {
  const content =
    language === 'fr'
      ? {
          subject: 'Votre invitation à la bêta de Cairn',
          preheader: `Votre code d’invitation : ${code}`,
          heading: 'Vous êtes invité·e',
          paragraphs: [
            'Une place s’est libérée dans la bêta de Cairn. Voici votre code d’invitation, réservé à cette adresse e-mail :',
          ],
          label: 'Créer mon compte',
          footnote:
            'Vous recevez cet e-mail car vous vous êtes inscrit·e sur la liste d’attente de Cairn.',
        }
      : {
          subject: 'Your invitation to the Cairn beta',
          preheader: `Your invite code: ${code}`,
          heading: 'You’re invited',
          paragraphs: [
            'A place opened in the Cairn beta. Here is your invite code, reserved for this email address:',
          ],
          label: 'Create my account',
          footnote: 'You are receiving this email because you joined the Cairn waitlist.',
        };
  return {
    to,
    template: 'waitlist-invitation',
    subject: content.subject,
    ...renderEmail({
      language,
      preheader: content.preheader,
      heading: content.heading,
      paragraphs: content.paragraphs,
      code,
      action: { label: content.label, url },
      footnote: content.footnote,
    }),
  };
}
