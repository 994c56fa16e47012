/** /reset-password?token=… and /reset-password/{token}: sets a new password. */
import { useEffect, useState } from 'react';
import { resetPassword } from '../../client/accounts.ts';
import { describeFailure } from '../../client/failures.ts';
import { ACCOUNT_MESSAGES, ResetPasswordFormSchema } from '../../lib/accounts.ts';
import { FormMessages, PasswordField, SubmitButton } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { MESSAGE_DURATION_MS } from '../forms/use-transient-message.ts';
import { RESET_TEXTS as t } from './texts.ts';

const FIELDS = ['newPassword', 'confirmPassword'] as const;

/** The token from `?token=` or from the path `/reset-password/{token}`. */
export function tokenFromLocation(location: Pick<Location, 'search' | 'pathname'>): string | undefined {
  const fromQuery = new URLSearchParams(location.search).get('token');
  const fromPath = /^\/reset-password\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  const token = fromQuery ?? (fromPath ? decodeURIComponent(fromPath) : undefined);
  return token?.trim() || undefined;
}

export default function ResetPasswordForm() {
  const form = useForm(ResetPasswordFormSchema, FIELDS);
  const [token, setToken] = useState<string | null>(null); // null: not read yet (server render)
  const [done, setDone] = useState(false);

  useEffect(() => setToken(tokenFromLocation(window.location) ?? ''), []);

  const onSubmit = form.submit(async ({ newPassword }) => {
    if (done) return; // the link is used; the page is on its way home
    if (!token) {
      form.setFormError(ACCOUNT_MESSAGES.resetTokenMissing);
      return;
    }
    try {
      await resetPassword(token, newPassword);
      setDone(true);
      setTimeout(() => window.location.assign('/'), MESSAGE_DURATION_MS);
    } catch (failure) {
      form.setFormError(describeFailure(failure, { http: t.failure, other: t.failure }).message);
    }
  });

  // Without a token there is nothing to set a password for: the way to a new link instead of the form.
  if (token === '') {
    return (
      <div className="notice" role="alert">
        <p>
          {ACCOUNT_MESSAGES.resetTokenMissing} {t.noTokenHelp}
        </p>
        <p>
          <a className="button button--secondary" href="/forgot-password">
            {t.newLink}
          </a>
        </p>
      </div>
    );
  }
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <PasswordField {...form.field('newPassword')} label={t.newPassword} autoComplete="new-password" />
      <PasswordField {...form.field('confirmPassword')} label={t.confirmPassword} autoComplete="new-password" />
      <FormMessages
        error={form.formError && <p>{form.formError}</p>}
        success={
          done && (
            <p>
              {t.success} {t.redirectingHome}
            </p>
          )
        }
      />
      <SubmitButton
        ready={form.ready}
        submitting={form.submitting || done}
        label={t.submit}
        busyLabel={done ? t.success : t.submitting}
      />
    </form>
  );
}
