/**
 * Where the site may send a visitor back to (docs/product.md#h9-hardening): one rule for the
 * login's `?next=` and the payment providers' return URLs, in the browser and on the server. The
 * URL parser decides, as the browser that follows the address will: the address is resolved
 * against the site's origin and must stay on it. Control characters are refused before that,
 * since the parser silently drops tabs and line breaks (`/\t/evil.example` would become
 * `//evil.example`, another host).
 */
const RETURN_PARAMETER = 'next';

const hasControlCharacter = (text: string) =>
  [...text].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/** `wanted` (a path or an absolute URL) as a URL of the site at `siteOrigin`, or undefined for anything else. */
export function sitePage(wanted: string, siteOrigin: string): URL | undefined {
  if (hasControlCharacter(wanted)) return undefined;
  const site = new URL(siteOrigin);
  let resolved: URL;
  try {
    resolved = new URL(wanted, site);
  } catch {
    return undefined; // e.g. `http://[::1` (URL.parse would say so without throwing, but older browsers lack it)
  }
  return resolved.origin === site.origin ? resolved : undefined;
}

/**
 * The page that `?next=` of a query string names, when it is one of the site's, as a path. A
 * path that begins with `//` would name another host again: such a path begins with one slash.
 */
export function returnPath(search: string, siteOrigin: string): string | undefined {
  const wanted = new URLSearchParams(search).get(RETURN_PARAMETER);
  const page = wanted === null ? undefined : sitePage(wanted, siteOrigin);
  return page && `/${page.pathname.replace(/^\/+/, '')}${page.search}${page.hash}`;
}

/** The login page, sending the visitor back to `returnTo` afterwards. */
export const loginHref = (returnTo?: string): string =>
  returnTo ? `/login?${RETURN_PARAMETER}=${encodeURIComponent(returnTo)}` : '/login';
