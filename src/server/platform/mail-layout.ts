import type { Language } from '@/contracts/i18n';
import { escapeHtml as escape } from './html';

export type EmailContent = {
  language: Language;
  /** Hidden preview text shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A one-time code, shown large. */
  code?: string;
  /** Small print under the main content (why you got this email). */
  footnote: string;
  /** Key-value lines (sign-in details). */
  details?: [string, string][];
  /** A list of entries (a digest's notifications), under an optional heading. */
  items?: { heading?: string; entries: { title: string; text: string; note?: string }[] };
};

/**
 * An email as HTML (inline styles, table layout, for mail clients) and as plain text, with its
 * action link apart (the outbox shows it to an administrator when no mail server is set).
 */
export function renderEmail(content: EmailContent): {
  html: string;
  text: string;
  actionUrl: string | null;
} {
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#374151">${escape(p)}</p>`,
    )
    .join('');
  const code = content.code
    ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:8px;font-weight:600;font-family:ui-monospace,Menlo,Consolas,monospace;color:#111827">${escape(content.code)}</p>`
    : '';
  const details = content.details
    ? `<table role="presentation" style="margin:0 0 20px;font-size:14px;color:#374151">${content.details
        .map(
          ([k, v]) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#6b7280">${escape(k)}</td><td style="padding:2px 0">${escape(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const items = content.items
    ? `${content.items.heading ? `<h2 style="margin:8px 0 8px;font-size:15px;color:#111827">${escape(content.items.heading)}</h2>` : ''}<table role="presentation" width="100%" style="margin:0 0 20px;border-collapse:collapse">${content.items.entries
        .map(
          (entry) =>
            `<tr><td style="padding:10px 0;border-top:1px solid #eeece6"><p style="margin:0;font-size:14px;font-weight:600;color:#111827">${escape(entry.title)}</p><p style="margin:2px 0 0;font-size:14px;line-height:1.5;color:#374151">${escape(entry.text)}</p>${entry.note ? `<p style="margin:2px 0 0;font-size:12px;color:#6b7280">${escape(entry.note)}</p>` : ''}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escape(content.action.url)}" style="display:inline-block;background:#2f6b6e;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px">${escape(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280;word-break:break-all">${escape(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${content.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f4f0;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escape(content.preheader)}</span>
<table role="presentation" width="100%" style="background:#f5f4f0;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border:1px solid #e5e3dc;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:17px;font-weight:600;color:#2f6b6e">Cairn</p>
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#111827">${escape(content.heading)}</h1>
${paragraphs}${code}${details}${items}${action}
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #eeece6;font-size:12px;line-height:1.5;color:#6b7280">${escape(content.footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.details ? [...content.details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(content.items
      ? [
          ...(content.items.heading ? [content.items.heading, ''] : []),
          ...content.items.entries.flatMap((entry) => [
            `- ${entry.title}`,
            `  ${entry.text}`,
            ...(entry.note ? [`  ${entry.note}`] : []),
          ]),
          '',
        ]
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    content.footnote,
    '',
  ].join('\n');
  return { html, text, actionUrl: content.action?.url ?? null };
}
