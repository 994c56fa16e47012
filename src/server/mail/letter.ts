/**
 * The one layout of every German e-mail the API sends: greeting, text, one button with its link
 * also written out, as plain text and HTML.
 */
import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

export interface Letter {
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: string[];
  /** A list after the paragraphs (e.g. the items of an order), then `afterList`. */
  list?: string[];
  afterList?: string[];
  action: { label: string; url: string };
  closing: string;
  /** Texts after the signature, each under its title (the terms of an order). */
  appendix?: { title: string; paragraphs: string[] }[];
  /** The invoice whose PDF is attached. */
  invoiceNumber?: string | undefined;
}

/** One layout for every mail: greeting, text, one button with the link also written out. */
export function compose({
  to,
  subject,
  greetingName,
  paragraphs,
  list = [],
  afterList = [],
  action,
  closing,
  appendix = [],
  invoiceNumber,
}: Letter): Mail {
  const greeting = `Hallo ${greetingName},`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(list.length > 0 ? [...list.map((item) => `- ${item}`), ''] : []),
    ...afterList.flatMap((p) => [p, '']),
    `${action.label}:`,
    action.url,
    '',
    closing,
    '',
    'Ihr HWDS-Team',
    ...appendix.flatMap(({ title, paragraphs: texts }) => [
      '',
      '',
      `— ${title} —`,
      '',
      ...texts.flatMap((p) => [p, '']),
    ]),
  ].join('\n');
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${list.length > 0 ? `<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${afterList.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#12355b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#4b5563">Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(action.url)}</p>
<p>${escapeHtml(closing)}</p>
<p>Ihr HWDS-Team</p>
${appendix.map(({ title, paragraphs: texts }) => `<hr><h2 style="font-size:18px">${escapeHtml(title)}</h2>\n${texts.map((p) => `<p style="font-size:14px">${escapeHtml(p)}</p>`).join('\n')}`).join('\n')}
</body></html>`;
  return { to, subject, text, html, invoiceNumber };
}
