/**
 * The editors' content files (content/*.yaml) as the server reads them: through the same schemas
 * as the pages' content collections, so the catalogue seed and the e-mails use the same data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'astro/zod';
import { parseYaml } from '../content-schemas/common.ts';
import { type PricingData, pricingSchema } from '../content-schemas/pricing.ts';
import type { SiteData } from '../content-schemas/site.ts';
import type { PrintFileRules } from '../lib/product-kinds.ts';
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

let pricingFile: PricingData | undefined;
const pricing = (): PricingData => (pricingFile ??= readContentFile('pricing.yaml', pricingSchema));

/** Reads content/pricing.yaml of the content being served (at start, and after each publish). */
export function readPricing(contentDir: string): void {
  pricingFile = readContentFile('pricing.yaml', pricingSchema, contentDir);
}

/**
 * The discount of a 12-month maintenance term, as /preise promises it (content/pricing.yaml of
 * the served content): the cart prices a yearly term with it (docs/product.md#d35-maintenance-terms).
 */
export const yearlyDiscountPercent = (): number => pricing().maintenance.yearlyDiscountPercent;

/** How print files must be sent, as /preise says (docs/product.md#d36-next-steps). */
export const printFileRules = (): PrintFileRules => pricing().print;
