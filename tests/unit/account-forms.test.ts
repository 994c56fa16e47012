/** Every rule and German message of the account forms (docs/product.md#d17-names, #h1-password-policy), as the islands use them. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstErrors } from '../../src/islands/forms/use-form.ts';
import {
  ForgotPasswordSchema,
  LoginFormSchema,
  ACCOUNT_MESSAGES as m,
  RegistrationFormSchema,
  ResetPasswordFormSchema,
} from '../../src/lib/accounts.ts';

/** What a form shows: the first message per field. */
const shown = (schema: v.GenericSchema, values: Record<string, string>) => {
  const result = v.safeParse(schema, values);
  return result.success ? {} : firstErrors<string>(result.issues);
};

const registration = {
  firstName: 'Anna',
  lastName: 'Müller',
  phoneNumber: '0611123456',
  userEmail: 'anna@example.de',
  password: 'Sommer-2026!A',
  confirmPassword: 'Sommer-2026!A',
};

describe('registration form', () => {
  it('accepts a complete, valid registration', () => {
    expect(shown(RegistrationFormSchema, registration)).toEqual({});
  });

  it.each([
    ['firstName', '', m.firstNameRequired],
    ['firstName', 'Anna1', m.lettersOnly],
    ['firstName', 'Anna_Maria', m.lettersOnly],
    ['firstName', '-Anna', m.lettersOnly],
    ['firstName', 'A'.repeat(51), m.nameTooLong],
    ['lastName', '', m.lastNameRequired],
    ['lastName', 'Müller!', m.lettersOnly],
    ['phoneNumber', '', m.phoneRequired],
    ['phoneNumber', '0611 123a', m.phoneDigitsOnly],
    ['phoneNumber', '++49611', m.phoneDigitsOnly],
    ['phoneNumber', '0611+123', m.phoneDigitsOnly],
    ['phoneNumber', '0611.123', m.phoneDigitsOnly],
    ['phoneNumber', '1234', m.phoneTooShort],
    ['phoneNumber', '+1234', m.phoneTooShort],
    ['phoneNumber', '12 (3) 4', m.phoneTooShort],
    ['phoneNumber', '+49 (0) 61', m.phoneTooShort],
    ['phoneNumber', '1'.repeat(31), m.phoneTooLong],
    ['userEmail', '', m.emailRequired],
    ['userEmail', 'anna', m.emailInvalid],
    ['userEmail', 'anna@example', m.emailInvalid],
    ['password', '', m.passwordRequired],
    ['password', 'Ab1!xyz', m.passwordTooShort],
    ['password', 'Abcdefg!', m.passwordDigit],
    ['password', 'ABCDEFG1!', m.passwordLowercase],
    ['password', 'abcdefg1!', m.passwordUppercase],
    ['password', 'Abcdefg12', m.passwordSymbol],
    ['confirmPassword', '', m.confirmPasswordRequired],
    ['confirmPassword', 'Sommer-2026!B', m.passwordsDiffer],
  ])('shows for %s %j: "%s"', (field, value, message) => {
    expect(shown(RegistrationFormSchema, { ...registration, [field]: value })[field]).toBe(message);
  });

  it('shows a different confirmation while the password still breaks a rule: both at once', () => {
    expect(shown(RegistrationFormSchema, { ...registration, password: 'kurz', confirmPassword: 'kurz2' })).toEqual({
      password: m.passwordTooShort,
      confirmPassword: m.passwordsDiffer,
    });
  });

  it('accepts the names and phone numbers of docs/product.md#d17-names', () => {
    for (const [firstName, lastName, phoneNumber] of [
      ['Hans-Peter', 'Groß', '+4961112345'],
      ['Zoë', "O'Brien", '06111'],
      ['Анна', 'Иванова', '0611123456'],
      ['José María', 'D’Angelo', '0611123456'],
      ['Jana', 'Berg', '+49 (0) 611 / 123-456'],
      ['Jana', 'Berg', '(0611) 123 456'],
      ['Jana', 'Berg', '1'.repeat(30)],
    ] as const) {
      expect(shown(RegistrationFormSchema, { ...registration, firstName, lastName, phoneNumber })).toEqual({});
    }
  });

  it.each([
    ['0611123456', '0611123456'],
    ['+49 (0) 611 / 123-456', '+49611123456'],
    ['+49(0)611 123456', '+49611123456'],
    ['(0611) 123 456', '0611123456'],
    ['0611/123-456', '0611123456'],
    ['  +1 (212) 555-0100 ', '+12125550100'],
  ])('stores the phone number %j as %j (docs/product.md#d24-german-ui)', (phoneNumber, stored) => {
    const result = v.safeParse(RegistrationFormSchema, { ...registration, phoneNumber });
    expect(result.success && result.output.phoneNumber).toBe(stored);
  });

  it('reports an empty form field by field, in form order', () => {
    expect(Object.keys(shown(RegistrationFormSchema, {}))).toEqual([
      'firstName',
      'lastName',
      'phoneNumber',
      'userEmail',
      'password',
      'confirmPassword',
    ]);
  });
});

describe('login form', () => {
  it.each([
    [{ userEmail: '' }, 'userEmail', 'E-Mail ist erforderlich!'],
    [{ userEmail: 'anna' }, 'userEmail', m.emailInvalid],
    [{ password: '' }, 'password', m.passwordRequired],
    [{ password: 'Ab!defg' }, 'password', m.passwordTooShort],
    [{ password: 'abcdefg!' }, 'password', m.passwordUppercase],
    [{ password: 'ABCDEFG!' }, 'password', m.passwordLowercase],
    [{ password: 'Abcdefgh' }, 'password', m.passwordSymbol],
  ])('%j → %s: "%s"', (values, field, message) => {
    expect(shown(LoginFormSchema, { userEmail: 'anna@example.de', password: 'Sommer-2026!A', ...values })[field]).toBe(
      message,
    );
  });

  it('accepts every password the registration accepts (one policy)', () => {
    for (const password of ['Sommer-2026!A', 'Grüße_2026X', 'Ääääää1-', 'Pass wort1X']) {
      expect(shown(RegistrationFormSchema, { ...registration, password, confirmPassword: password })).toEqual({});
      expect(shown(LoginFormSchema, { userEmail: 'anna@example.de', password })).toEqual({});
      expect(shown(ResetPasswordFormSchema, { newPassword: password, confirmPassword: password })).toEqual({});
    }
  });
});

describe('forgot-password form', () => {
  it.each([
    ['', 'E-Mail ist erforderlich'],
    ['anna', 'Ungültige E-Mail'],
  ])('%j: "%s"', (userEmail, message) => {
    expect(shown(ForgotPasswordSchema, { userEmail }).userEmail).toBe(message);
  });
});

describe('reset-password form', () => {
  it.each([
    [{ newPassword: '' }, 'newPassword', 'Neues Passwort ist erforderlich'],
    [{ newPassword: 'Ab1!' }, 'newPassword', 'Mindestens 8 Zeichen'],
    [{ newPassword: 'abcdefg1!' }, 'newPassword', 'Mindestens ein Großbuchstabe'],
    [{ newPassword: 'ABCDEFG1!' }, 'newPassword', 'Mindestens ein Kleinbuchstabe'],
    [{ newPassword: 'Abcdefg12' }, 'newPassword', 'Mindestens ein Sonderzeichen'],
    [{ newPassword: 'Abcdefgh!' }, 'newPassword', 'Mindestens eine Ziffer'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Bestätigung ist erforderlich'],
    [{ confirmPassword: 'Winter-2027?C' }, 'confirmPassword', 'Passwörter stimmen nicht überein'],
  ])('%j → %s: "%s"', (values, field, message) => {
    expect(
      shown(ResetPasswordFormSchema, { newPassword: 'Winter-2027?B', confirmPassword: 'Winter-2027?B', ...values })[
        field
      ],
    ).toBe(message);
  });
});
