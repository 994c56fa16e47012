/** Where the login page sends a visitor back to: a path of this site, carried in `?next=`. */
const RETURN_PARAMETER = 'next';

export const loginHref = (returnTo?: string): string =>
  returnTo ? `/login?${RETURN_PARAMETER}=${encodeURIComponent(returnTo)}` : '/login';

/** The page to go to after login: the `next` path when it stays on this site, else the home page. */
export function returnPath(search: string): string {
  const wanted = new URLSearchParams(search).get(RETURN_PARAMETER);
  return wanted && /^\/(?![/\\])/.test(wanted) ? wanted : '/';
}
