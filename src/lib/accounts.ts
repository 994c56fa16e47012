/**
 * Rules and German messages of the account forms, shared by the islands and the API so that each
 * rule and message exists once (docs/product.md#d17-names, #h1-password-policy).
 *
 * One password policy for every form: at least 8 characters with a digit, a lowercase and an
 * uppercase letter and a symbol (any character that is neither letter nor digit). The spec's
 * forms differ in wording and in the symbol set; one policy keeps a password accepted at
 * registration or reset acceptable at login.
 */
import * as v from 'valibot';
import { present } from './schema-fields.ts';

export const ACCOUNT_MESSAGES = {
  firstNameRequired: 'Vorname ist erforderlich!',
  lastNameRequired: 'Nachname ist erforderlich!',
  lettersOnly: 'Nur Buchstaben sind erlaubt!',
  nameTooLong: 'Höchstens 50 Zeichen sind erlaubt!',
  phoneRequired: 'Telefon ist erforderlich!',
  phoneDigitsOnly: 'Nur Ziffern, Leerzeichen und + / - ( ) sind erlaubt!',
  phoneTooShort: 'Telefon muss mindestens 5 Ziffern enthalten!',
  phoneTooLong: 'Telefon darf höchstens 30 Zeichen lang sein!',
  emailRequired: 'E-Mail ist erforderlich!',
  emailInvalid: 'Ungültige E-Mail-Adresse',
  passwordRequired: 'Passwort ist erforderlich!',
  passwordTooShort: 'Passwort muss mindestens 8 Zeichen lang sein!',
  passwordTooLong: 'Passwort darf höchstens 128 Zeichen lang sein!',
  passwordDigit: 'Passwort erfordert eine Nummer',
  passwordLowercase: 'Passwort erfordert einen Kleinbuchstaben',
  passwordUppercase: 'Passwort erfordert einen Großbuchstaben',
  passwordSymbol: 'Passwort erfordert ein Symbol',
  confirmPasswordRequired: 'Bitte bestätigen Sie Ihr Passwort!',
  passwordsDiffer: 'Die Passwörter stimmen nicht überein!',
  forgotEmailRequired: 'E-Mail ist erforderlich',
  forgotEmailInvalid: 'Ungültige E-Mail',
  resetTokenMissing: 'Dieser Link zum Zurücksetzen des Passworts ist unvollständig.',
  newPasswordRequired: 'Neues Passwort ist erforderlich',
  newPasswordTooShort: 'Mindestens 8 Zeichen',
  newPasswordDigit: 'Mindestens eine Ziffer',
  newPasswordUppercase: 'Mindestens ein Großbuchstabe',
  newPasswordLowercase: 'Mindestens ein Kleinbuchstabe',
  newPasswordSymbol: 'Mindestens ein Sonderzeichen',
  newPasswordConfirmRequired: 'Bestätigung ist erforderlich',
  newPasswordsDiffer: 'Passwörter stimmen nicht überein',
} as const;

const m = ACCOUNT_MESSAGES;

/** Letters of the Latin (with umlauts, ß, accents) and Cyrillic scripts; single spaces, hyphens or apostrophes between. */
const NAME_PATTERN = /^[\p{Script=Latin}\p{Script=Cyrillic}]+(?:[ '’-][\p{Script=Latin}\p{Script=Cyrillic}]+)*$/u;
const SYMBOL = /[^\p{L}\p{N}]/u;

const text = (required: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required));

const name = (required: string) =>
  present(v.pipe(text(required), v.maxLength(50, m.nameTooLong), v.regex(NAME_PATTERN, m.lettersOnly)));

/**
 * A phone number as people write it, stored normalised (docs/product.md#d24-german-ui):
 * "+49 (0) 611 / 123-456" → "+49611123456". The "(0)" after a country code is not dialled.
 */
function normalisePhoneNumber(typed: string): string {
  const international = typed.startsWith('+');
  const digits = (international ? typed.replace(/\(\s*0\s*\)/g, '') : typed).replace(/\D/g, '');
  return international ? `+${digits}` : digits;
}

const phoneNumber = present(
  v.pipe(
    text(m.phoneRequired),
    v.regex(/^\+?[\d ()/-]+$/, m.phoneDigitsOnly),
    v.maxLength(30, m.phoneTooLong),
    v.transform(normalisePhoneNumber),
    v.check((normalised) => normalised.replace('+', '').length >= 5, m.phoneTooShort),
  ),
);

const email = (required: string, invalid: string) =>
  present(v.pipe(text(required), v.maxLength(254, invalid), v.email(invalid)));

/** A password field: taken as typed (spaces count), not empty. */
const secret = (required: string) => v.pipe(v.string(required), v.nonEmpty(required));

interface PasswordMessages {
  required: string;
  tooShort: string;
  digit: string;
  lowercase: string;
  uppercase: string;
  symbol: string;
}

/** The password policy with a form's own wording; reports every unmet rule at once. */
const password = (messages: PasswordMessages) =>
  present(
    v.pipe(
      secret(messages.required),
      v.minLength(8, messages.tooShort),
      v.maxLength(128, m.passwordTooLong),
      v.regex(/[0-9]/, messages.digit),
      v.regex(/\p{Ll}/u, messages.lowercase),
      v.regex(/\p{Lu}/u, messages.uppercase),
      v.regex(SYMBOL, messages.symbol),
    ),
  );

const registrationPassword = password({
  required: m.passwordRequired,
  tooShort: m.passwordTooShort,
  digit: m.passwordDigit,
  lowercase: m.passwordLowercase,
  uppercase: m.passwordUppercase,
  symbol: m.passwordSymbol,
});

const newPassword = password({
  required: m.newPasswordRequired,
  tooShort: m.newPasswordTooShort,
  digit: m.newPasswordDigit,
  lowercase: m.newPasswordLowercase,
  uppercase: m.newPasswordUppercase,
  symbol: m.newPasswordSymbol,
});

const registrationFields = {
  firstName: name(m.firstNameRequired),
  lastName: name(m.lastNameRequired),
  phoneNumber,
  userEmail: email(m.emailRequired, m.emailInvalid),
  password: registrationPassword,
};

/** POST /auth/register (confirmPassword is not sent). */
export const RegistrationSchema = v.object(registrationFields);
export type Registration = v.InferOutput<typeof RegistrationSchema>;

/** The registration form: the payload plus the confirmation field. */
export const RegistrationFormSchema = v.pipe(
  v.object({ ...registrationFields, confirmPassword: present(secret(m.confirmPasswordRequired)) }),
  // A raw check, not a partial one: the mismatch shows also while the password itself still
  // breaks a rule, so the person sees both at once instead of one after the other.
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      const { password, confirmPassword } = (dataset.value ?? {}) as Partial<Record<string, unknown>>;
      if (typeof confirmPassword === 'string' && confirmPassword !== '' && confirmPassword !== password) {
        addIssue({ message: m.passwordsDiffer });
      }
    }),
    ['confirmPassword'],
  ),
);

/**
 * POST /auth/login: an address and a password; a wrong password is simply wrong. The address is
 * checked as one, so that no login counts against anything but an account (docs/product.md#h2-rate-limits).
 */
export const LoginSchema = v.object({
  userEmail: email(m.emailRequired, m.emailInvalid),
  password: present(v.pipe(secret(m.passwordRequired), v.maxLength(128, m.passwordTooLong))),
});
export type Login = v.InferOutput<typeof LoginSchema>;

/** The login form: the policy without the digit rule (docs/product.md#h1-password-policy). */
export const LoginFormSchema = v.object({
  userEmail: email(m.emailRequired, m.emailInvalid),
  password: present(
    v.pipe(
      secret(m.passwordRequired),
      v.minLength(8, m.passwordTooShort),
      v.regex(/\p{Lu}/u, m.passwordUppercase),
      v.regex(/\p{Ll}/u, m.passwordLowercase),
      v.regex(SYMBOL, m.passwordSymbol),
    ),
  ),
});

/** POST /auth/forgot-password and its form. */
export const ForgotPasswordSchema = v.object({ userEmail: email(m.forgotEmailRequired, m.forgotEmailInvalid) });

/** POST /auth/reset-password. */
export const ResetPasswordSchema = v.object({
  resetToken: present(v.pipe(text(m.resetTokenMissing), v.maxLength(200, m.resetTokenMissing))),
  newPassword,
});

/** The reset form: new password and its confirmation. */
export const ResetPasswordFormSchema = v.pipe(
  v.object({ newPassword, confirmPassword: present(secret(m.newPasswordConfirmRequired)) }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      m.newPasswordsDiffer,
    ),
    ['confirmPassword'],
  ),
);
