/** content/models.yaml: the five website models, one source for /modelle, /aboutus/modelle and the landing pages. */
import { z } from 'astro/zod';
import { euros } from './common.ts';

export const modelSchema = z.object({
  /** Model number 1 to 5, also the order on the page. */
  number: z.number().int().min(1).max(5),
  name: z.string(),
  description: z.string().min(40),
  /** Technology family: content-management system, modern stack or individual development. */
  kind: z.enum(['cms', 'modern', 'custom']),
  /** Which of the landing pages' two offers the model serves: information page or interactive site. */
  offer: z.enum(['information', 'interactive']),
  price: euros,
  /** "fixed" shows the price, "upTo" shows "bis zu {price}". */
  priceType: z.enum(['fixed', 'upTo']),
  /** Limits of the package; omit a limit that does not apply. */
  limits: z.object({
    photos: z.number().int().positive().optional(),
    services: z.number().int().positive().optional(),
    pages: z.number().int().positive().optional(),
    productCards: z.number().int().positive().optional(),
  }),
  features: z.array(z.string()).min(2),
  /**
   * The agency's recommendation, shown as 'Unsere Empfehlung'; at most one model carries it. An
   * opinion the agency states, not a claim about what customers chose (§ 5 UWG).
   */
  recommended: z.boolean().default(false),
});

export type Model = z.infer<typeof modelSchema>;

/** The file holds one document, `models:` with the list (an editor's form holds a document, never a bare list). */
export const modelsFileSchema = z.object({ models: z.array(modelSchema) });
