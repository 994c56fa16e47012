/**
 * One schema (docs/product.md#d38-content-editor): every content file the editor opens reads, through
 * Keystatic's own reader and our editor config, as the same data the build's schemas read from the
 * file. A field the editor does not know would be dropped at its first save; a field it reads
 * differently would be written back changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createReader } from '@keystatic/core/reader';
import type { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { landingSchema } from '../../src/content-schemas/landing.ts';
import { modelsFileSchema } from '../../src/content-schemas/models.ts';
import { pageSchema } from '../../src/content-schemas/pages.ts';
import { pricingSchema } from '../../src/content-schemas/pricing.ts';
import { siteSchema } from '../../src/content-schemas/site.ts';
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

  it.each(['aboutus', 'agb'] as const)('page %s', async (slug) => {
    const entry = await reader.singletons[slug].read();
    expectSameData(pageSchema, entry, frontMatter(path.join('content/pages', `${slug}.md`)));
    await expect(entry?.body()).resolves.toHaveProperty('node');
  });

  it.each([
    ['models', modelsFileSchema],
    ['pricing', pricingSchema],
    ['site', siteSchema],
  ] as const)('%s.yaml', async (name, schema) => {
    const entry = await reader.singletons[name].read();
    expectSameData(schema, entry, parseYaml(readFileSync(`content/${name}.yaml`, 'utf8')));
  });
});
