/**
 * Heading ids that begin with a letter (a Sätteri plugin), as HTML's ids for fragment links should:
 * the legal pages' "§ 1 Geltungsbereich" became "-1-geltungsbereich"; it is now
 * "paragraf-1-geltungsbereich". Headings that begin with a letter keep the id Astro gives them.
 */
import type { HastPluginDefinition } from 'satteri';

/** As GitHub's slugger makes it: lower case, letters, digits and hyphens, spaces as hyphens. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

export const headingIds: HastPluginDefinition = {
  name: 'heading-ids-with-letters',
  element: {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    visit(heading, context) {
      const text = context.textContent(heading).trim();
      if (/^\p{L}/u.test(slug(text)) || heading.properties?.id !== undefined) return;
      const words = text.replace(/^§+/, 'Paragraf ');
      const id = slug(words);
      context.setProperty(heading, 'id', /^\p{L}/u.test(id) ? id : `abschnitt-${id}`);
    },
  },
};
