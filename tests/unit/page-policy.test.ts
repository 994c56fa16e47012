import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withOwnStyleHashes, withOwnStyleHashesInMeta } from '../../src/server/http/security-headers.ts';

const hashOf = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
const pageStyle = '.gallery{display:grid}';
const otherStyle = '.admin{color:red}';
const policy = [
  "default-src 'self'",
  `script-src 'self' ${hashOf('console.log(1)')}`,
  `style-src 'self' ${hashOf(pageStyle)} ${hashOf(otherStyle)}`,
  "frame-ancestors 'none'",
].join(';');

describe("an on-demand page's Content-Security-Policy", () => {
  it("keeps the hashes of the page's own inline styles and drops the rest of the build's", () => {
    const trimmed = withOwnStyleHashes(policy, `<head><style data-x>${pageStyle}</style></head><body>…</body>`);
    expect(trimmed).toContain(`style-src 'self' ${hashOf(pageStyle)}`);
    expect(trimmed).not.toContain(hashOf(otherStyle));
  });

  it('leaves every other directive as it was, script hashes included', () => {
    const trimmed = withOwnStyleHashes(policy, '<p>no styles</p>');
    expect(trimmed.split(';').filter((directive) => !directive.startsWith('style-src'))).toEqual(
      policy.split(';').filter((directive) => !directive.startsWith('style-src')),
    );
    expect(trimmed).toContain("style-src 'self'");
  });
});

describe("a pre-rendered page's <meta> policy", () => {
  it('keeps its own style hashes, and the rest of the page as it was', () => {
    const page = `<head><meta http-equiv="content-security-policy" content="${policy}"><style>${pageStyle}</style></head><body><p>${hashOf(otherStyle)}</p></body>`;
    const trimmed = withOwnStyleHashesInMeta(page);
    expect(trimmed).toBe(page.replace(policy, withOwnStyleHashes(policy, page)));
    expect(trimmed).toContain(`style-src 'self' ${hashOf(pageStyle)};`);
    expect(trimmed.match(/sha256-/g)).toHaveLength(3); // the script's, the page's style, the paragraph's text
  });
});
