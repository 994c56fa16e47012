/**
 * The accounts' mails: confirming an address, resetting a password.
 */

import { compose } from '../../mail/letter.ts';
import type { Mail } from '../../mail/mailer.ts';

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
