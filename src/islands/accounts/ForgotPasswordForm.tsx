/** /forgot-password: asks for a reset link by e-mail; the same answer for known and unknown addresses. */
import { useState } from 'react';
import { requestPasswordReset } from '../../client/accounts.ts';
import { describeFailure } from '../../client/failures.ts';
import { ForgotPasswordSchema } from '../../lib/accounts.ts';
import { FormMessages, SubmitButton, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { FORGOT_TEXTS as t } from './texts.ts';

const FIELDS = ['userEmail'] as const;

export default function ForgotPasswordForm() {
  const form = useForm(ForgotPasswordSchema, FIELDS);
  const [sent, setSent] = useState<string>();

  const onSubmit = form.submit(async ({ userEmail }) => {
    setSent(undefined);
    try {
      setSent((await requestPasswordReset(userEmail)).message);
    } catch (failure) {
      form.setFormError(describeFailure(failure, { http: t.httpError, other: t.otherError }).message);
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField {...form.field('userEmail')} label={t.userEmail} type="email" inputMode="email" autoComplete="email" />
      <FormMessages error={form.formError && <p>{form.formError}</p>} success={sent && <p>{sent}</p>} />
      <SubmitButton ready={form.ready} submitting={form.submitting} label={t.submit} busyLabel={t.submitting} />
      <p className="form__aside">
        <a href="/login">{t.backToLogin}</a>
      </p>
    </form>
  );
}
