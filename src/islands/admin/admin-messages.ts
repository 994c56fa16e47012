import { useCallback, useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { UploadError } from '../../client/images.ts';
import { useTransientMessage } from '../forms/use-transient-message.ts';
import { ADMIN_TEXTS } from './texts.ts';

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
  const failed = useCallback((failure: unknown) => {
    setError(
      failure instanceof UploadError
        ? failure.message
        : describeFailure(failure, { http: ADMIN_TEXTS.genericError }).message,
    );
  }, []);
  return { success, error, done, failed };
}

export type AdminMessages = ReturnType<typeof useAdminMessages>;
