/**
 * The pages of content/pages (about us and the legal texts).
 */
import { fields, singleton } from '@keystatic/core';
import { bodyOptions, longText, text } from './fields.ts';

/**
 * The body of a page of content/pages (about us and the legal texts): the landing pages' marks,
 * plus tables (the privacy policy lists what is stored in the browser) and inline code (the names
 * of those entries). Written as Markdown, not Markdoc: Keystatic's Markdoc writer turns a table
 * into Markdoc's own `{% table %}` and writes the statutory form's "(*)" without its escape, which
 * the pages' Markdown would show as text and as italics; its Markdown writer writes what the build
 * reads, escaping `*` and also `{`, so a company field reads `\{\{Anbieter}}` in the file
 * (docs/product.md#d38-content-editor).
 */
export const pageBodyOptions = { ...bodyOptions, table: true, code: true } as const;

const pageBody = fields.mdx({
  label: 'Text der Seite',
  description:
    'Abschnitte mit Überschriften (Ebene 2 und 3). Firmendaten als Platzhalter: {{Anbieter}}, {{Firma}} oder {{Ort}} (siehe content/README.md).',
  extension: 'md',
  options: pageBodyOptions,
});

/** A page of content/pages. */
export const page = (label: string, file: string) =>
  singleton({
    label,
    path: `pages/${file}`,
    format: { contentField: 'body' },
    schema: {
      title: text('Titel', 1, undefined, 'Die Hauptüberschrift der Seite.'),
      description: longText('Beschreibung für Suchmaschinen', 70, 170, '70 bis 170 Zeichen.'),
      updated: fields.date({
        label: 'Stand',
        description: 'Datum der letzten inhaltlichen Änderung; steht auf den rechtlichen Seiten als „Stand“.',
      }),
      body: pageBody,
    },
  });
