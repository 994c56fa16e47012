import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineJson } from '../../src/components/shell/inline-json.ts';
import { withOwnHashes, withOwnHashesInMeta, withPolicyFirst } from '../../src/server/http/security-headers.ts';

const hashOf = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
const pageStyle = '.gallery{display:grid}';
const otherStyle = '.admin{color:red}';
const pageScript = 'document.documentElement.dataset.ready=""';
const otherScript = 'console.log(1)';
const policy = [
  "default-src 'self'",
  `script-src 'self' ${hashOf(pageScript)} ${hashOf(otherScript)}`,
  `style-src 'self' ${hashOf(pageStyle)} ${hashOf(otherStyle)}`,
  "frame-ancestors 'none'",
].join(';');
const page = [
  `<head><style data-x>${pageStyle}</style><script>${pageScript}</script>`,
  `<script type="module" src="/_astro/shell.js">${otherScript}</script></head><body>…</body>`,
].join('');

describe("an on-demand page's Content-Security-Policy", () => {
  it("keeps the hashes of the page's own inline styles and scripts and drops the rest of the build's", () => {
    const trimmed = withOwnHashes(policy, page);
    expect(trimmed).toContain(`style-src 'self' ${hashOf(pageStyle)};`);
    expect(trimmed).toContain(`script-src 'self' ${hashOf(pageScript)};`);
    expect(trimmed).not.toContain(hashOf(otherStyle));
    // A script with a source is allowed by 'self', not by the hash of what stands between its tags.
    expect(trimmed).not.toContain(hashOf(otherScript));
  });

  it('leaves every other directive as it was', () => {
    const trimmed = withOwnHashes(policy, '<p>no styles, no scripts</p>');
    const others = (text: string) => text.split(';').filter((directive) => !/^(style|script)-src/.test(directive));
    expect(others(trimmed)).toEqual(others(policy));
    expect(trimmed).toContain("script-src 'self';style-src 'self';");
  });
});

describe("a pre-rendered page's <meta> policy", () => {
  it('keeps its own hashes, and the rest of the page as it was', () => {
    const html = `<head><meta http-equiv="content-security-policy" content="${policy}">${page.slice(6)}<p>${hashOf(otherStyle)}</p>`;
    const trimmed = withOwnHashesInMeta(html);
    expect(trimmed).toBe(html.replace(policy, withOwnHashes(policy, html)));
    expect(trimmed).toContain(`style-src 'self' ${hashOf(pageStyle)};`);
    expect(trimmed.match(/sha256-/g)).toHaveLength(3); // the page's script and style, the paragraph's text
  });
});

describe("a pre-rendered page's <meta> policy stands first in its head", () => {
  it('so that it covers the inline scripts Astro writes before it', () => {
    const meta = `<meta http-equiv="content-security-policy" content="${policy}">`;
    const html = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><script>${pageScript}</script>${meta}<style>${pageStyle}</style></head><body></body></html>`;
    expect(withPolicyFirst(html)).toBe(
      `<!DOCTYPE html><html lang="de"><head>${meta}<meta charset="utf-8"><script>${pageScript}</script><style>${pageStyle}</style></head><body></body></html>`,
    );
    expect(withPolicyFirst('<head><title>ohne Policy</title></head>')).toBe('<head><title>ohne Policy</title></head>');
  });
});

describe('JSON in a script element', () => {
  it('cannot end the element or open a comment, and reads as the same value', () => {
    const title = 'Hotel</script><script>alert(document.domain)</script><!-- "Zimmer" & Frühstück 😀\u2028\u2029';
    const written = inlineJson({ name: title });
    expect(written).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(written)).toEqual({ name: title });
  });
});
