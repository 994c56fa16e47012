/**
 * One schema (docs/product.md#d38-content-editor): every content file the editor opens reads, through
 * Keystatic's own reader and our editor config, as the same data the build's schemas read from the
 * file. A field the editor does not know would be dropped at its first save; a field it reads
 * differently would be written back changed. Each page's text, read and written again by the
 * editor's writer (Keystatic's browser code), is the file's text byte for byte: a save without
 * a change changes nothing, and what the editor writes is what the build reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createReader } from '@keystatic/core/reader';
import type { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
// The package's export for Node leaves the editor's reading and writing out: the browser's build has them.
import { fields as browserFields } from '../../node_modules/@keystatic/core/dist/keystatic-core.js';
import { industriesFileSchema } from '../../src/content-schemas/industries.ts';
import { landingSchema } from '../../src/content-schemas/landing.ts';
import { modelsFileSchema } from '../../src/content-schemas/models.ts';
import { pageSchema } from '../../src/content-schemas/pages.ts';
import { pricingSchema } from '../../src/content-schemas/pricing.ts';
import { siteSchema } from '../../src/content-schemas/site.ts';
import { bodyOptions } from '../../src/editor/forms/fields.ts';
import { pageBodyOptions } from '../../src/editor/forms/pages.ts';
import editorConfig from '../../src/editor/keystatic.config.ts';

const reader = createReader(path.resolve('content'), editorConfig);

/** An empty optional field in the form is a field left out of the file. */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== null && field !== '' && typeof field !== 'function')
        .map(([key, field]) => [key, withoutEmpty(field)]),
    );
  }
  return value;
}

function frontMatter(file: string): unknown {
  const [, yaml] = readFileSync(file, 'utf8').split(/^---$/m);
  return parseYaml(yaml ?? '');
}

/** What follows the front matter, as the editor reads it. */
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

const landingBody = browserFields.markdoc({ label: 'Text', extension: 'md', options: bodyOptions });
const pageBody = browserFields.mdx({ label: 'Text', extension: 'md', options: pageBodyOptions });

/** The text as the editor writes it back after opening it; what its toolbar lacks fails the opening. */
function writtenBack(field: typeof landingBody | typeof pageBody, text: string): string {
  const content = new TextEncoder().encode(text);
  const state = field.parse(undefined, { content, other: new Map(), external: new Map(), slug: undefined });
  return new TextDecoder().decode(field.serialize(state, { slug: undefined }).content);
}

const PAGES = ['aboutus', 'agb', 'widerrufsbelehrung', 'privacypolicy', 'barrierefreiheit'] as const;

const slugs = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -3));

function expectSameData<T extends z.ZodType>(schema: T, fromEditor: unknown, fromFile: unknown) {
  expect(schema.parse(withoutEmpty(fromEditor))).toEqual(schema.parse(fromFile));
}

describe('the editor reads every content file as the build does', () => {
  // The body is read as the editor's toolbar allows it: a mark the toolbar lacks fails the page in the editor.
  it.each(slugs('content/landing'))('landing page %s', async (slug) => {
    const entry = await reader.collections.landing.read(slug);
    expectSameData(landingSchema, entry, frontMatter(path.join('content/landing', `${slug}.md`)));
    await expect(entry?.body()).resolves.toHaveProperty('node');
  });

  // Their Markdown reaches the reader as text; the editor's own reading of it is below.
  it.each(PAGES)('page %s', async (slug) => {
    const file = path.join('content/pages', `${slug}.md`);
    const entry = await reader.singletons[slug].read();
    expectSameData(pageSchema, entry, frontMatter(file));
    await expect(entry?.body()).resolves.toBe(bodyOf(file));
  });

  it.each([
    ['industries', industriesFileSchema],
    ['models', modelsFileSchema],
    ['pricing', pricingSchema],
    ['site', siteSchema],
  ] as const)('%s.yaml', async (name, schema) => {
    const entry = await reader.singletons[name].read();
    expectSameData(schema, entry, parseYaml(readFileSync(`content/${name}.yaml`, 'utf8')));
  });
});

describe('the editor writes back every text as it read it', () => {
  it.each(slugs('content/landing'))('landing page %s', (slug) => {
    const text = bodyOf(path.join('content/landing', `${slug}.md`));
    expect(writtenBack(landingBody, text)).toBe(text);
  });

  it.each(PAGES)('page %s', (slug) => {
    const text = bodyOf(path.join('content/pages', `${slug}.md`));
    expect(writtenBack(pageBody, text)).toBe(text);
  });
});
