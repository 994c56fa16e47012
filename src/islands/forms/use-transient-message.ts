import { useEffect, useState } from 'react';

/** How long a transient message stays, and the wait before a redirect (docs/product.md#user-visible-texts-and-rules). */
export const MESSAGE_DURATION_MS = 2000;

/** A message that clears itself `MESSAGE_DURATION_MS` after it was set. */
export function useTransientMessage(): [string | undefined, (message: string | undefined) => void] {
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
