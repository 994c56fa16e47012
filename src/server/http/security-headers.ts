/**
 * Security headers of every page (docs/product.md#h10-delivery-and-caching). The pages' own
 * Content-Security-Policy (script and style hashes, allowed sources) is a `<meta>` element that
 * Astro writes (a header on pages rendered on request); what a `<meta>` policy cannot say,
 * `frame-ancestors`, is this header's policy.
 */

import { createHash } from 'node:crypto';

/** Headers that mean the same on a page and on an API answer: one value for both (the API's in src/server/app.ts). */
export const SHARED_SECURITY_HEADERS = {
  // Nothing of the site is shown in a frame, not even on the site itself.
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
} as const;

export function pageSecurityHeaders(siteUrl: string): [name: string, value: string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', "frame-ancestors 'none'; base-uri 'self'; object-src 'none'"],
    ...Object.entries(SHARED_SECURITY_HEADERS),
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), browsing-topics=()'],
    // PayPal's approval runs in a popup that must be able to report back.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
  const hsts = strictTransportSecurity(siteUrl);
  if (hsts) headers.push(['Strict-Transport-Security', hsts]);
  return headers;
}

/** HSTS only when the site is served over HTTPS: over plain HTTP (a local start) it would pin a scheme the host lacks. */
export const strictTransportSecurity = (siteUrl: string): string | false =>
  siteUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false;

/**
 * The content editor's page (docs/product.md#d38-content-editor), for admins only: Keystatic sets
 * its styles at run time, which needs inline styles; its request for Google's fonts stays refused.
 */
export const EDITOR_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const hashOf = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

/** The inline elements whose content a policy directive names by hash. */
const INLINE = {
  'style-src': /<style\b[^>]*>([\s\S]*?)<\/style>/gi,
  'script-src': /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi,
} as const;

const isInlineDirective = (name: string | undefined): name is keyof typeof INLINE =>
  name !== undefined && Object.hasOwn(INLINE, name);

/**
 * The policy with only the hashes of the inline styles and scripts in `html`: Astro lists every
 * inline style (22) and script (9) of the build in each page's policy, while a page has two or
 * three of each. Applied to the header of pages rendered on request (src/middleware.ts) and to the
 * `<meta>` of pre-rendered ones (`withOwnHashesInMeta`).
 */
export function withOwnHashes(policy: string, html: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!isInlineDirective(name)) return directive;
      const own = new Set([...html.matchAll(INLINE[name])].map((match) => hashOf(match[1] ?? '')));
      return [name, ...sources.filter((source) => !source.startsWith("'sha256-") || own.has(source))].join(' ');
    })
    .join(';');
}

const POLICY_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** A pre-rendered page with its `<meta>` policy trimmed to its own hashes (at build time, astro.config.mjs). */
export const withOwnHashesInMeta = (html: string): string =>
  html.replace(
    POLICY_META,
    (_, start: string, policy: string, end: string) => start + withOwnHashes(policy, html) + end,
  );

const POLICY_ELEMENT = /<meta http-equiv="content-security-policy" content="[^"]*">/i;
const HEAD_START = /<head(?:\s[^>]*)?>/i;

/**
 * A pre-rendered page with its `<meta>` policy as the first element of `<head>`: a policy in a
 * `<meta>` governs only what the parser meets after it, and Astro writes it at the end of the head,
 * after the inline scripts. First, it covers them all (the policy is about 500 bytes, so the
 * `<meta charset>` after it stays within the first 1024 bytes HTML asks for).
 */
export function withPolicyFirst(html: string): string {
  const policy = POLICY_ELEMENT.exec(html)?.[0];
  if (!policy) return html;
  return html.replace(policy, '').replace(HEAD_START, (head) => head + policy);
}
