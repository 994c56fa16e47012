/**
 * Content collections: everything an editor may change lives in the top-level `content/` folder
 * (see content/README.md). The schemas live in src/content-schemas/, one per collection; a wrong
 * field fails the build with the file and the field named.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { parseYaml } from './content-schemas/common.ts';
import { industryFamilySchema } from './content-schemas/industries.ts';
import { landingSchema } from './content-schemas/landing.ts';
import { modelSchema } from './content-schemas/models.ts';
import { pageSchema } from './content-schemas/pages.ts';
import { pricingSchema } from './content-schemas/pricing.ts';
import { siteSchema } from './content-schemas/site.ts';
import { loadSettings } from './server/settings.ts';

/** CONTENT_DIR: a publish builds from the editors' folder, the project's `content/` unless set. */
const { contentDir } = loadSettings();
const inContent = (name: string) => `${contentDir}/${name}`;

/** A YAML file holding one document becomes one entry with the id "main". */
const singleDocument = (text: string) => ({ main: parseYaml(text) as Record<string, unknown> });

/**
 * A YAML file holding one document with its list under `key` (an editor's form holds a document,
 * never a bare list). Without that list the collection is empty: Astro would not show an error
 * thrown here, and the pages that read the collection say what is missing (site-data.ts).
 */
const listIn = (key: string) => (text: string) => {
  const list = (parseYaml(text) as Record<string, unknown> | null)?.[key];
  return (Array.isArray(list) ? list : []) as Record<string, unknown>[];
};

export const collections = {
  site: defineCollection({ loader: file(inContent('site.yaml'), { parser: singleDocument }), schema: siteSchema }),
  landing: defineCollection({ loader: glob({ pattern: '*.md', base: inContent('landing') }), schema: landingSchema }),
  models: defineCollection({
    loader: file(inContent('models.yaml'), { parser: listIn('models') }),
    schema: modelSchema,
  }),
  industries: defineCollection({
    loader: file(inContent('industries.yaml'), {
      // A group has no key in the file, only its place: "gruppe-2" is the second, as the editor lists them.
      parser: (text) => listIn('families')(text).map((family, index) => ({ ...family, id: `gruppe-${index + 1}` })),
    }),
    schema: industryFamilySchema,
  }),
  pricing: defineCollection({
    loader: file(inContent('pricing.yaml'), { parser: singleDocument }),
    schema: pricingSchema,
  }),
  pages: defineCollection({ loader: glob({ pattern: '*.md', base: inContent('pages') }), schema: pageSchema }),
};
