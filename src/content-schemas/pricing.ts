/** content/pricing.yaml: maintenance tiers and print and design prices for /preise. */
import { z } from 'astro/zod';
import { euros } from './common.ts';

const slug = z.string().regex(/^[a-z-]+$/, 'nur Kleinbuchstaben und Bindestriche');

export const pricingSchema = z.object({
  maintenance: z.object({
    intro: z.string(),
    /** Billing interval note; yearly payment earns the discount below. */
    billing: z.string(),
    yearlyDiscountPercent: z.number().int().min(0).max(100),
    exclusions: z.string(),
    included: z.array(z.string()).min(3),
    extras: z.array(z.string()).min(1),
    tiers: z
      .array(
        z.object({
          id: slug,
          name: z.string(),
          /** Price per month in euros, lower end. */
          from: euros,
          /** Upper end; omit for open-ended prices ("ab 200 €"). */
          to: euros.optional(),
          description: z.string(),
        }),
      )
      .min(1),
  }),
  print: z.object({
    intro: z.string(),
    items: z
      .array(
        z
          .object({
            id: slug,
            name: z.string(),
            /** Starting price in euros: the least an order of this item costs, also its price in the shop. */
            from: euros,
            /** What the price is for; the shop sells it by this unit (docs/product.md#d34-units-and-quantities). */
            unit: z.enum(['flat', 'piece', 'sqm', 'hour']),
            /** Limits such as maximum width or minimum quantity, one phrase each. */
            limits: z.array(z.string()).default([]),
            /** Minimum order value in euros, if any. */
            minimumOrder: euros.optional(),
          })
          // "ab 30 €" with a minimum order of 50 € would promise a price nobody can pay (docs/product.md#d24-german-ui).
          .refine((item) => item.minimumOrder === undefined || item.from >= item.minimumOrder, {
            error: 'Der Preis „from“ darf nicht unter dem Mindestbestellwert „minimumOrder“ liegen',
            path: ['from'],
          }),
      )
      .min(1),
    fileFormats: z.array(z.enum(['jpg', 'png', 'pdf', 'tiff'])).min(1),
    /** Least resolution at final size: up to DIN A3, and above it (docs/product.md#d36-next-steps). */
    resolution: z.object({
      upToA3Dpi: z.number().int().positive(),
      largeFormatDpi: z.number().int().positive(),
    }),
    shipping: z.string(),
    /** Bleed at every edge, in mm (docs/product.md#d36-next-steps). */
    bleedMm: z.number().int().min(0).max(10),
    /** What happens after the print files arrive, up to the delivery. */
    delivery: z.string(),
  }),
});

export type PricingData = z.infer<typeof pricingSchema>;
