/** /login: e-mail and password; success stores the session and goes back where the visitor came from (`?next=`), else to /. */
import { useEffect, useState } from 'react';
import { logInWithPassword } from '../../client/accounts.ts';
import { describeFailure } from '../../client/failures.ts';
import { LoginFormSchema } from '../../lib/accounts.ts';
import { returnPath } from '../../lib/return-path.ts';
import { logIn } from '../../stores/accounts.ts';
import { FormMessages, PasswordField, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { CONFIRMED_PARAMETER, LOGIN_TEXTS as t } from './texts.ts';

const FIELDS = ['userEmail', 'password'] as const;

export default function LoginForm() {
  const form = useForm(LoginFormSchema, FIELDS);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    setConfirmed(new URLSearchParams(window.location.search).has(CONFIRMED_PARAMETER));
  }, []);

  const onSubmit = form.submit(async ({ userEmail, password }) => {
    setConfirmed(false); // one message at a time: what this attempt answers replaces the welcome
    try {
      const { accessToken } = await logInWithPassword(userEmail, password);
      logIn(accessToken);
      window.location.assign(returnPath(window.location.search, window.location.origin) ?? '/');
    } catch (failure) {
      form.setFormError(describeFailure(failure).message);
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string) => ({ ...form.field(name), label });
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField {...field('userEmail', t.userEmail)} type="email" inputMode="email" autoComplete="username" />
      <PasswordField {...field('password', t.password)} autoComplete="current-password" />
      <p className="form__aside">
        <a href="/forgot-password">{t.forgotPassword}</a>
      </p>
      <FormMessages
        error={form.formError && <p>{form.formError}</p>}
        success={confirmed && <p>{t.emailConfirmed}</p>}
      />
      <SubmitButton ready={form.ready} submitting={form.submitting} label={t.submit} busyLabel={t.submitting} />
      <p className="form__aside">
        {t.noAccount} <a href="/register">{t.register}</a>
      </p>
    </form>
  );
}
