import { useCallback, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { UploadError } from '../../client/images.ts';
import { useTransientMessage } from '../forms/use-transient-message.ts';
import { ADMIN_TEXTS } from './texts.ts';

/** What the admin screens say about a failure: the upload's or the server's own words, else a general one. */
export function failureText(failure: unknown): string {
  return failure instanceof UploadError
    ? failure.message
    : describeFailure(failure, { http: ADMIN_TEXTS.genericError }).message;
}

/**
 * The admin screen's one place for outcomes: a success notice that goes after 2 s, an error that
 * stays until the next action (docs/product.md#d24-german-ui).
 */
export function useAdminMessages() {
  const [success, setSuccess] = useTransientMessage();
  const [error, setError] = useState<string>();
  const done = useCallback(
    (message: string) => {
      setError(undefined);
      setSuccess(message);
    },
    [setSuccess],
  );
  /** `what` names the failed action ('Bild konnte nicht gelöscht werden'); the reason follows when known. */
  const failed = useCallback((failure: unknown, what?: string) => {
    const reason = failureText(failure);
    setError(what ? (reason === ADMIN_TEXTS.genericError ? what : `${what}: ${reason}`) : reason);
  }, []);
  /** An error worded by the screen itself. */
  const alert = useCallback((message: string) => setError(message), []);
  return { success, error, done, failed, alert };
}

export type AdminMessages = ReturnType<typeof useAdminMessages>;
