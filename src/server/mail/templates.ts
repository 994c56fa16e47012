/** The German e-mails the API sends, each as plain text and HTML. */
import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

interface Letter {
  to: string;
  subject: string;
  greetingName: string;
  paragraphs: string[];
  action: { label: string; url: string };
  closing: string;
}

/** One layout for every mail: greeting, text, one button with the link also written out. */
function compose({ to, subject, greetingName, paragraphs, action, closing }: Letter): Mail {
  const greeting = `Hallo ${greetingName},`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${action.label}:`,
    action.url,
    '',
    closing,
    '',
    'Ihr HWDS-Team',
  ].join('\n');
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#12355b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#4b5563">Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br>${escapeHtml(action.url)}</p>
<p>${escapeHtml(closing)}</p>
<p>Ihr HWDS-Team</p>
</body></html>`;
  return { to, subject, text, html };
}

export function confirmationMail(to: string, firstName: string, link: string): Mail {
  return compose({
    to,
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    greetingName: firstName,
    paragraphs: [
      'vielen Dank für Ihre Registrierung bei HWDS.',
      'Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem folgenden Link. Der Link ist zwei Tage gültig und funktioniert einmal.',
    ],
    action: { label: 'E-Mail-Adresse bestätigen', url: link },
    closing: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  });
}

export function passwordResetMail(to: string, firstName: string, link: string): Mail {
  return compose({
    to,
    subject: 'Ihr Link zum Zurücksetzen des Passworts',
    greetingName: firstName,
    paragraphs: [
      'Sie haben angefordert, Ihr Passwort bei HWDS zurückzusetzen.',
      'Mit dem folgenden Link vergeben Sie ein neues Passwort. Der Link ist eine Stunde gültig und funktioniert einmal. Danach werden Sie auf allen Geräten abgemeldet.',
    ],
    action: { label: 'Passwort zurücksetzen', url: link },
    closing:
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  });
}
