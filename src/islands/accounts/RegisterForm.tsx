/** /register: the registration form; success replaces it with the next step. */
import { useState } from 'react';
import { registerAccount } from '../../client/accounts.ts';
import { describeFailure } from '../../client/failures.ts';
import { RegistrationFormSchema } from '../../lib/accounts.ts';
import { FormMessages, PasswordField, StepHeading, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { MESSAGE_DURATION_MS } from '../forms/use-transient-message.ts';
import { REGISTER_TEXTS as t } from './texts.ts';

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'userEmail', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The earlier backend said "User already exists"; this one answers 409. */
const accountExists = (status: number | undefined, message: string) =>
  status === 409 || /user already exists/i.test(message);

export default function RegisterForm() {
  const form = useForm(RegistrationFormSchema, FIELDS);
  const [registered, setRegistered] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  const onSubmit = form.submit(async ({ confirmPassword: _, ...registration }) => {
    try {
      await registerAccount(registration);
      setRegistered(true);
    } catch (failure) {
      const { status, message, fieldErrors } = describeFailure(failure);
      form.setFormError(message);
      form.setErrors(
        Object.fromEntries(fieldErrors.map((e) => [e.fieldName, e.message])) as Partial<Record<Field, string>>,
      );
      if (accountExists(status, message)) {
        setRedirecting(true);
        setTimeout(() => window.location.assign('/login'), MESSAGE_DURATION_MS);
      }
    }
  });

  if (registered) {
    return (
      <div className="form-result" role="status">
        <StepHeading>{t.success}</StepHeading>
        <p>{t.confirmHint}</p>
        <p>
          <a className="button" href="/login">
            {t.toLogin}
          </a>
        </p>
      </div>
    );
  }

  const field = (name: Field, label: string) => ({ ...form.field(name), label });
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <div className="form__row">
        <TextField {...field('firstName', t.firstName)} autoComplete="given-name" />
        <TextField {...field('lastName', t.lastName)} autoComplete="family-name" />
      </div>
      <TextField {...field('phoneNumber', t.phoneNumber)} type="tel" inputMode="tel" autoComplete="tel" />
      <TextField {...field('userEmail', t.userEmail)} type="email" inputMode="email" autoComplete="email" />
      <PasswordField {...field('password', t.password)} autoComplete="new-password" />
      <PasswordField {...field('confirmPassword', t.confirmPassword)} autoComplete="new-password" />
      <FormMessages
        error={
          form.formError && (
            <p>
              {form.formError}
              {redirecting && ` ${t.redirectingToLogin}`}
            </p>
          )
        }
      />
      <SubmitButton ready={form.ready} submitting={form.submitting} label={t.submit} busyLabel={t.submitting} />
      <p className="form__aside">
        {t.haveAccount} <a href="/login">{t.toLogin}</a>
      </p>
    </form>
  );
}
