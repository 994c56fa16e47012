/**
 * The README and docs/ are the product's front door and its manuals: every link between them, to
 * a file of the project or to a heading, leads somewhere (a moved section is found here, not by a
 * reader).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const DOCUMENTS = [
  'README.md',
  'content/README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** A Markdown file without its fenced code blocks and code spans, where a link is only text. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** The anchors of a Markdown file as GitHub makes them: each heading's slug, numbered when repeated. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)];
  return new Set(headings.map(([, text]) => slugger.slug((text ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'))));
}

/** Each link of `file` that does not lead anywhere, with why. */
function brokenLinks(file: string): string[] {
  const links = [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target ?? '');
  return links
    .filter((target) => !/^(https?|mailto):/.test(target))
    .flatMap((target) => {
      const [filePart = '', anchor] = target.split('#');
      const linked = filePart ? path.join(path.dirname(file), decodeURI(filePart)) : file;
      if (!existsSync(linked)) return [`${file}: ${target} (no such file)`];
      if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) {
        return [`${file}: ${target} (no such heading)`];
      }
      return [];
    });
}

describe('the documentation', () => {
  it('is a README that is a front door: at most 150 lines, linking each manual', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    for (const manual of ['product', 'operations', 'content-editing', 'api', 'payments', 'development']) {
      expect(readme).toContain(`](docs/${manual}.md)`);
    }
  });

  it('links only to files and headings that exist', () => {
    expect(DOCUMENTS).toContain('docs/operations.md');
    expect(DOCUMENTS.flatMap(brokenLinks)).toEqual([]);
  });

  it('finds a link to a heading or a file that is not there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hwds-doc-links-'));
    const file = path.join(dir, 'guide.md');
    writeFileSync(
      file,
      '# Über uns\n\n[da](#über-uns) [weg](#backups) [fehlt](missing.md) [code](`x`) `[kein](link.md)`\n',
    );
    expect(brokenLinks(file)).toEqual([`${file}: #backups (no such heading)`, `${file}: missing.md (no such file)`]);
    expect(anchorsOf('docs/product.md')).toContain('d38-content-editor');
  });
});
