/**
 * /auth/confirm?code=…: confirms the address. Without a code it goes to /login at once, after
 * success to /login with a note; a refused code or a failed request stays here and says what
 * happened and what to do (docs/product.md#accounts).
 */
import { useEffect, useRef, useState } from 'react';
import { confirmEmail } from '../../client/accounts.ts';
import { isHTTPError } from '../../client/failures.ts';
import { CONFIRMED_PARAMETER, CONFIRM_TEXTS as t } from './texts.ts';

type Outcome = 'pending' | 'refused' | 'unreachable';

export default function ConfirmEmail() {
  const started = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>('pending');

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
      (error: unknown) => setOutcome(isHTTPError(error) ? 'refused' : 'unreachable'),
    );
  }, []);

  if (outcome === 'pending') {
    return (
      <p className="confirm-pending" role="status">
        {t.pending}
      </p>
    );
  }
  return (
    <div className="notice" role="alert">
      <p>{outcome === 'refused' ? t.refused : t.unreachable}</p>
      {outcome === 'refused' ? (
        <a className="button" href="/login">
          {t.toLogin}
        </a>
      ) : (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t.retry}
        </button>
      )}
    </div>
  );
}
