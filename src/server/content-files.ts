/**
 * The editors' content files (content/*.yaml) as the server reads them: through the same schemas
 * as the pages' content collections, so the catalogue seed and the e-mails use the same data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'astro/zod';
import { parseYaml } from '../content-schemas/common.ts';
import { type Model, modelsFileSchema } from '../content-schemas/models.ts';
import { type PricingData, pricingSchema } from '../content-schemas/pricing.ts';
import { type SiteData, siteSchema } from '../content-schemas/site.ts';
import type { PrintFileRules } from '../lib/next-steps.ts';
import { loadSettings } from './settings.ts';

export function readContentFile<T extends z.ZodType>(
  file: string,
  schema: T,
  contentDir = loadSettings().contentDir,
): z.output<T> {
  const text = readFileSync(path.join(contentDir, file), 'utf8');
  return schema.parse(parseYaml(text));
}

/** What the API needs of content/site.yaml: the agency's name, address and contact, and how its prices are taxed. */
export const companyOf = (site: SiteData) => ({ ...site.company, vat: site.vat });
export type Company = ReturnType<typeof companyOf>;

/**
 * The content the site serves now: the content folder of the release being served, set by the
 * site's server at its start and after each publish or restore (docs/product.md#d38-content-editor).
 * On globalThis, as the process's API (runtime.ts): the pages rendered on request run from the
 * build's bundle, which has copies of these modules, and must read what the server's own copy was
 * told. Unset (tests, the API alone, the build): the content folder of the settings.
 */
export interface ServedContent {
  dir: string;
  site: SiteData;
  pricing: PricingData;
  models: Model[];
}

const SERVED_CONTENT = Symbol.for('hwds.servedContent');
type WithServedContent = typeof globalThis & { [SERVED_CONTENT]?: ServedContent };

export const servedContent = (): ServedContent | undefined => (globalThis as WithServedContent)[SERVED_CONTENT];

/** Serves the content of `dir` from now on: its files read and checked once. */
export function serveContent(dir: string): ServedContent {
  const served = {
    dir,
    site: readContentFile('site.yaml', siteSchema, dir),
    pricing: readContentFile('pricing.yaml', pricingSchema, dir),
    models: readContentFile('models.yaml', modelsFileSchema, dir).models,
  };
  (globalThis as WithServedContent)[SERVED_CONTENT] = served;
  return served;
}

/** The served content folder, or the settings' one. */
export const servedContentDir = (): string => servedContent()?.dir ?? loadSettings().contentDir;

let pricingFile: PricingData | undefined;
/** The served content's pricing rules; with nothing served, the settings' file, read once. */
function pricing(): PricingData {
  const served = servedContent();
  if (served) return served.pricing;
  pricingFile ??= readContentFile('pricing.yaml', pricingSchema);
  return pricingFile;
}

/**
 * The discount of a 12-month maintenance term, as /preise promises it (content/pricing.yaml of
 * the served content): the cart prices a yearly term with it (docs/product.md#d35-maintenance-terms).
 */
export const yearlyDiscountPercent = (): number => pricing().maintenance.yearlyDiscountPercent;

/** How print files must be sent, as /preise says (docs/product.md#d36-next-steps). */
export const printFileRules = (): PrintFileRules => pricing().print;

let modelsFile: Model[] | undefined;
/** The website models with their limits (content/models.yaml of the served content), which a website order's materials keep to. */
export function websiteModels(): Model[] {
  const served = servedContent();
  if (served) return served.models;
  modelsFile ??= readContentFile('models.yaml', modelsFileSchema).models;
  return modelsFile;
}
