/**
 * The terms and the withdrawal notice (content/pages/agb.md, widerrufsbelehrung.md) as plain
 * paragraphs for the confirmation mail: the contract terms on a durable medium (§ 312f BGB), the same
 * text the pages show (the served content's), with the agency's data filled in and links written out in full.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fillCompanyFields } from '../lib/company-fields.ts';
import { type Company, servedContentDir } from './content-files.ts';

export interface LegalText {
  title: string;
  paragraphs: string[];
}

const PAGES = [
  { file: 'agb.md', title: 'Allgemeine Geschäftsbedingungen' },
  { file: 'widerrufsbelehrung.md', title: 'Widerrufsbelehrung und Muster-Widerrufsformular' },
];

/**
 * One Markdown block as text: no emphasis or escapes (the editor escapes `*` and `{`, so the
 * company fields are filled after), headings as their words, list items with a dash, links with
 * their address.
 */
function plain(block: string, siteUrl: string): string {
  return block
    .replace(/^#+\s*/gm, '')
    .replace(/^[*-]\s+/gm, '- ')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(
      /\[([^\]]+)\]\(([^)]+)\)/g,
      (_, label: string, href: string) => `${label} (${href.startsWith('/') ? `${siteUrl}${href}` : href})`,
    )
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .trim();
}

export function legalTexts(company: Company, siteUrl: string): LegalText[] {
  return PAGES.map(({ file, title }) => {
    const source = readFileSync(path.join(servedContentDir(), 'pages', file), 'utf8');
    const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
    const paragraphs = body
      .split(/\n\s*\n/)
      .map((block) => fillCompanyFields(plain(block, siteUrl), company))
      .filter(Boolean);
    return { title, paragraphs };
  });
}
