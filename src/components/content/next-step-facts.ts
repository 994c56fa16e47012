/** What the next steps after an order need from the content files (docs/product.md#d36-next-steps). */
import type { NextStepFacts } from '../../lib/next-steps.ts';
import { getPricing, getSiteData } from './site-data.ts';

export async function nextStepFacts(): Promise<NextStepFacts> {
  const [{ print }, site] = await Promise.all([getPricing(), getSiteData()]);
  const { fileFormats, resolution, bleedMm, delivery, shipping } = print;
  return { agencyEmail: site.company.email, print: { fileFormats, resolution, bleedMm, delivery, shipping } };
}
