/**
 * Content collections: everything an editor may change lives in the top-level `content/` folder.
 * A wrong field fails the build with the file and the field named (see content/README.md).
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { GATE_MESSAGES } from './lib/gate-messages.ts';

/** A price in euros as written by an editor: a number such as 1200 or 49.9, never text. */
const euros = z.number().nonnegative().describe('Preis in Euro als Zahl, z. B. 1200 oder 49.90');

/** Wraps a single YAML document as one entry with the id "main". */
const singleYamlEntry = (text: string) => ({ main: parseYaml(text) as Record<string, unknown> });

const site = defineCollection({
  loader: file('content/site.yaml', { parser: singleYamlEntry }),
  schema: z.object({
    /** Short product name shown in the header and the splash screen. */
    name: z.string().min(2),
    /** Subtitle of the agency shown under the name. */
    subtitle: z.string().min(5),
    company: z.object({
      /** Legal name for the Impressum. */
      legalName: z.string(),
      /** Person responsible (owner or managing director). */
      representative: z.string(),
      legalForm: z.string(),
      street: z.string(),
      postalCode: z.string().regex(/^\d{5}$/, 'Postleitzahl mit fünf Ziffern'),
      city: z.string(),
      country: z.string(),
      email: z.email(),
      phone: z.string(),
      /** Umsatzsteuer-Identifikationsnummer; omit for small businesses (§ 19 UStG). */
      vatId: z.string().optional(),
      /** Person responsible for content per § 18 Abs. 2 MStV. */
      contentResponsible: z.string(),
    }),
    /** How prices are labelled (PAngV): VAT included, or the small-business note of § 19 UStG. */
    vat: z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('included'), ratePercent: z.number().positive() }),
      z.object({ mode: z.literal('smallBusiness') }),
    ]),
    openingHours: z.object({
      /** Human-readable days, e.g. "täglich". */
      label: z.string(),
      opens: z.string().regex(/^\d{2}:\d{2}$/, 'Uhrzeit als HH:MM'),
      closes: z.string().regex(/^\d{2}:\d{2}$/, 'Uhrzeit als HH:MM'),
    }),
    /** Note that advice is free and given by e-mail only. */
    adviceNote: z.string(),
    /** Exactly four social networks linked in the footer. */
    social: z.array(z.object({ name: z.string(), url: z.url() })).length(4, 'Genau vier soziale Netzwerke angeben'),
    /** Image shown for a category without images (path below public/). */
    defaultImage: z.string().startsWith('/'),
  }),
});

const landing = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/landing' }),
  schema: z.object({
    /** Main heading (h1) and page title. */
    title: z.string().min(10).max(70),
    /** Business type as shown in the grid of landing pages on the home page, e.g. "Bäckerei". */
    businessType: z.string().min(3).max(40),
    /** Meta description for search engines, 70 to 170 characters. */
    description: z.string().min(70).max(170),
    /** Position in the grid on the home page (1 = first). */
    order: z.number().int().positive(),
    /** Items included in the package price. */
    scope: z.object({
      count: z.number().int().positive(),
      /** Plural noun of what is counted, e.g. "Produkte", "Zimmer", "Gerichte". */
      unit: z.string(),
      /** Optional extra sentence, e.g. about larger CMS shops. */
      note: z.string().optional(),
    }),
    /** External example site the visitor can look at before ordering. */
    exampleSiteUrl: z.url(),
    /** Address for the order e-mail and questions (mailto link). */
    contactEmail: z.email(),
    /** Message shown to anonymous visitors in place of the order section; null: no gate. */
    gate: z.enum(GATE_MESSAGES).nullable(),
    /** Benefits for this business type, each one sentence. */
    benefits: z.array(z.string().min(20)).min(3).max(6),
    /** What the two offers mean for this business type. */
    offers: z.object({
      /** Information page without registration. */
      information: z.string().min(40),
      /** Interactive site with orders, calendar and online payment. */
      interactive: z.string().min(40),
    }),
    /** What the customer sends with the order e-mail (photos, menus, product texts, ...). */
    orderMaterials: z.string().min(20),
  }),
});

const models = defineCollection({
  loader: file('content/models.yaml'),
  schema: z.object({
    /** Model number 1 to 5, also the order on the page. */
    number: z.number().int().min(1).max(5),
    name: z.string(),
    description: z.string().min(40),
    /** Technology family, for structured data and grouping. */
    kind: z.enum(['cms', 'modern', 'custom']),
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
  }),
});

const priceRange = z.object({
  from: euros,
  /** Omit for open-ended prices ("ab 200 €"). */
  to: euros.optional(),
});

const pricing = defineCollection({
  loader: file('content/pricing.yaml', { parser: singleYamlEntry }),
  schema: z.object({
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
          priceRange.extend({
            id: z.string().regex(/^[a-z-]+$/),
            name: z.string(),
            description: z.string(),
          }),
        )
        .min(1),
    }),
    print: z.object({
      intro: z.string(),
      items: z
        .array(
          z.object({
            id: z.string().regex(/^[a-z-]+$/),
            name: z.string(),
            /** Starting price in euros. */
            from: euros,
            /** Limits such as maximum width or minimum quantity, one phrase each. */
            limits: z.array(z.string()).default([]),
            /** Minimum order value in euros, if any. */
            minimumOrder: euros.optional(),
          }),
        )
        .min(1),
      fileFormats: z.array(z.enum(['jpg', 'png', 'pdf', 'tiff'])).min(1),
      minimumDpi: z.number().int().positive(),
      shipping: z.string(),
    }),
  }),
});

/** Long-form information pages (privacy policy, about us and Impressum). */
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string(),
    description: z.string().min(70).max(170),
    /** Date of the last substantive change, shown on legal pages. */
    updated: z.coerce.date().optional(),
  }),
});

export const collections = { site, landing, models, pricing, pages };
