/**
 * /auth/confirm?code=…: confirms the address and always ends at /login: without a code
 * at once, after success with a note on the login page, after a failure or a network error after
 * the spec's alert.
 */
import { isHTTPError } from 'ky';
import { useEffect, useRef } from 'react';
import { confirmEmail } from '../../client/accounts.ts';
import { CONFIRMED_PARAMETER, CONFIRM_TEXTS as t } from './texts.ts';

export default function ConfirmEmail() {
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // one code, one request
    started.current = true;
    const code = new URLSearchParams(window.location.search).get('code');
    if (!code) {
      window.location.replace('/login');
      return;
    }
    confirmEmail(code).then(
      () => window.location.replace(`/login?${CONFIRMED_PARAMETER}=1`),
      (error: unknown) => {
        window.alert(isHTTPError(error) ? t.failure : t.network);
        window.location.replace('/login');
      },
    );
  }, []);

  return (
    <p className="confirm-pending" role="status">
      {t.pending}
    </p>
  );
}
