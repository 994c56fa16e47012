import { useEffect, useState } from 'react';

/**
 * False on the server and in the first browser render, true after: islands whose content depends
 * on the browser's state (login, URL) render the server's markup first, so hydration matches.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
