/** Every text of the account screens in one place (validation messages: src/lib/accounts.ts). */

export const REGISTER_TEXTS = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  phoneNumber: 'Telefon',
  userEmail: 'E-Mail',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  submit: 'Registrieren',
  submitting: 'Wird registriert …',
  success: 'Sie haben sich erfolgreich registriert',
  confirmHint:
    'Wir haben Ihnen eine E-Mail mit einem Bestätigungslink geschickt. Bitte bestätigen Sie damit Ihre E-Mail-Adresse; danach können Sie sich anmelden.',
  toLogin: 'Zum Login',
  redirectingToLogin: 'Sie werden zum Login weitergeleitet …',
  haveAccount: 'Schon registriert?',
} as const;

export const LOGIN_TEXTS = {
  userEmail: 'E-Mail',
  password: 'Passwort',
  submit: 'Login',
  submitting: 'Anmeldung läuft …',
  forgotPassword: 'Passwort vergessen? Klicken Sie hier',
  noAccount: 'Noch kein Konto?',
  register: 'Jetzt registrieren',
  emailConfirmed: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
} as const;

export const FORGOT_TEXTS = {
  userEmail: 'E-Mail',
  submit: 'Link senden',
  submitting: 'Wird gesendet …',
  httpError: 'Fehler beim Senden der E-Mail.',
  otherError: 'Unbekannter Fehler.',
  backToLogin: 'Zurück zum Login',
} as const;

export const RESET_TEXTS = {
  newPassword: 'Neues Passwort',
  confirmPassword: 'Neues Passwort bestätigen',
  submit: 'Passwort zurücksetzen',
  submitting: 'Wird gespeichert …',
  success: 'Passwort wurde erfolgreich geändert.',
  failure: 'Fehler beim Zurücksetzen des Passworts.',
  redirectingHome: 'Sie werden zur Startseite weitergeleitet …',
  noTokenHelp: 'Bitte öffnen Sie den Link aus der E-Mail noch einmal oder fordern Sie einen neuen an.',
  newLink: 'Neuen Link anfordern',
} as const;

export const CONFIRM_TEXTS = {
  pending: 'Ihre Anmeldung wird bestätigt …',
  refused:
    'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde schon verwendet. Melden Sie sich an: Ist Ihre Adresse noch nicht bestätigt, schicken wir Ihnen dabei einen neuen Link.',
  toLogin: 'Zum Login',
  unreachable:
    'Ihre Adresse konnte gerade nicht bestätigt werden, weil keine Verbindung zustande kam. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  retry: 'Erneut versuchen',
} as const;

/** The query parameter /login reads after a successful e-mail confirmation. */
export const CONFIRMED_PARAMETER = 'bestaetigt';

export const PROFILE_TEXTS = {
  firstName: 'Vorname',
  email: 'E-Mail',
  bookingsTitle: 'Ihre letzten Bestellungen',
  bookingsLoading: 'Ihre Bestellungen...',
  noBookings: 'Sie haben keine Bestellungen.',
  bookingsFailed: 'Fehler beim Laden von Bestellungen.',
  loginRequired: 'Bitte melden Sie sich an oder registrieren Sie sich, um Ihr Profil zu sehen.',
} as const;

/** The buttons of every login prompt, and what it says once the server has refused the session (SignedIn.tsx). */
export const GATE_TEXTS = {
  register: 'Registrieren',
  login: 'Login',
  sessionEnded: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  loginAgain: 'Erneut anmelden',
} as const;
