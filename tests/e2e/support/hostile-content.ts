/**
 * Content as someone who can write `content/` (an editor's stolen session, a careless import) would
 * publish it to attack visitors: every text field of every collection ends a script element, opens
 * an HTML comment, quotes and holds an emoji (docs/product.md#h10-delivery-and-caching). The build's
 * own schemas say which fields are free text and how long each may be, so the build accepts it;
 * addresses, patterns and choices stay as they were.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { parse, stringify } from 'yaml';
import { industriesFileSchema } from '../../../src/content-schemas/industries.ts';
import { landingSchema } from '../../../src/content-schemas/landing.ts';
import { modelsFileSchema } from '../../../src/content-schemas/models.ts';
import { pageSchema } from '../../../src/content-schemas/pages.ts';
import { pricingSchema } from '../../../src/content-schemas/pricing.ts';
import { siteSchema } from '../../../src/content-schemas/site.ts';

export const HOSTILE_TEXT = '</script><script>alert(document.domain)</script><!-- "Zimmer" 😀';
/** For fields of at most 40 characters. */
const SHORT_HOSTILE_TEXT = '</script><!-- "Zimmer" 😀';

/** Characters as the schemas count them: an emoji is one. */
const lengthOf = (text: string) => [...text].length;

/** Hostile text within a field's length rules. */
function hostile(field: z.ZodString): string {
  const text = (field.maxLength ?? Infinity) >= lengthOf(HOSTILE_TEXT) ? HOSTILE_TEXT : SHORT_HOSTILE_TEXT;
  return text + '.'.repeat(Math.max(0, (field.minLength ?? 0) - lengthOf(text)));
}

/** `value` with every free text that `schema` describes made hostile. */
function hostileValue(schema: z.ZodType, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (schema instanceof z.ZodString) return schema.format === null ? hostile(schema) : value;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return hostileValue(schema.unwrap() as z.ZodType, value);
  if (schema instanceof z.ZodPipe) return hostileValue(schema.in as z.ZodType, value);
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.map((item) => hostileValue(schema.element as z.ZodType, item)) : value;
  }
  if (schema instanceof z.ZodObject && typeof value === 'object') {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, shape[key] ? hostileValue(shape[key], item) : item]),
    );
  }
  return value;
}

function rewriteYaml(file: string, schema: z.ZodType) {
  writeFileSync(file, stringify(hostileValue(schema, parse(readFileSync(file, 'utf8')))));
}

/** A Markdown file: hostile front matter, and a paragraph of hostile text after its body. */
function rewriteMarkdown(file: string, schema: z.ZodType) {
  const [, frontMatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(file, 'utf8')) ?? [];
  const data = stringify(hostileValue(schema, parse(frontMatter)));
  writeFileSync(file, `---\n${data}---\n${body}\nText: ${HOSTILE_TEXT}\n`);
}

/** Makes every collection of `contentDir` hostile: the site, the models, the prices, the industries, a landing page and every page. */
export function writeHostileContent(contentDir: string, landingPage = 'hotel'): void {
  const at = (file: string) => path.join(contentDir, file);
  rewriteYaml(at('site.yaml'), siteSchema);
  rewriteYaml(at('models.yaml'), modelsFileSchema);
  rewriteYaml(at('pricing.yaml'), pricingSchema);
  rewriteYaml(at('industries.yaml'), industriesFileSchema);
  rewriteMarkdown(at(`landing/${landingPage}.md`), landingSchema);
  for (const page of ['aboutus', 'agb', 'privacypolicy', 'widerrufsbelehrung', 'barrierefreiheit']) {
    rewriteMarkdown(at(`pages/${page}.md`), pageSchema);
  }
}
