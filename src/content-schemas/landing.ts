/** content/landing/*.md: one industry landing page per file; the file name is the URL path. */
import { z } from 'astro/zod';
import { euros, webAddress } from './common.ts';

/**
 * The login prompts a landing page may show to anonymous visitors in place of its order section.
 * The page itself is public, so a prompt names what needs the login: ordering (docs/product.md#d24-german-ui).
 */
export const GATE_MESSAGES = [
  'Bitte melden Sie sich an oder registrieren Sie sich, um zu bestellen.',
  'Bitte registrieren Sie sich, um zu bestellen.',
  'Bitte melden Sie sich an, um zu bestellen.',
] as const;

/** The gate's value for no gate: a word an editor can pick (the editor's choices are words, never null). */
export const NO_GATE = 'kein Hinweis';

/** The looks of the example sites, one per family of industries. */
export const EXAMPLE_THEMES = [
  'handwerk',
  'genuss',
  'wohlfuehlen',
  'gesundheit',
  'beratung',
  'gastgeber',
  'kreativ',
] as const;

/** One service, product, room or offer of a fictional business. */
const exampleItem = z.object({
  name: z.string().min(3).max(70),
  description: z.string().min(10).max(200).optional(),
  /** Price in euros; omit where a price list would be unusual (fees set by law, free offers). */
  price: euros.optional(),
  /** true: "ab {price}". */
  priceFrom: z.boolean().default(false),
  /** What the price is for, e.g. "pro Nacht", "pro Monat", "je 45 Minuten". */
  priceUnit: z.string().min(3).max(30).optional(),
});

/**
 * The demo at /beispiele/{file name} (docs/product.md#d25-example-sites): a fictional business of
 * this industry, shown as its own website would show it.
 */
const exampleSchema = z.object({
  /** Fictional business name, e.g. "Hotel Seeblick". */
  name: z.string().min(3).max(50),
  /** Look of the demo, by family of industries. */
  theme: z.enum(EXAMPLE_THEMES),
  /** Fictional address, e.g. "Uferweg 12 · Musterstadt". */
  address: z.string().min(10).max(60),
  /** One sentence under the name. */
  claim: z.string().min(20).max(140),
  /** Two or three sentences about the business. */
  intro: z.string().min(80).max(450),
  offer: z.object({
    /** Heading, e.g. "Unsere Zimmer", "Leistungen und Preise". */
    title: z.string().min(5).max(40),
    items: z.array(exampleItem).min(3).max(6),
    /** A sentence under the list, e.g. about VAT or what the prices include. */
    note: z.string().min(10).max(200).optional(),
  }),
  hours: z.object({
    /** Heading; "Öffnungszeiten" unless set (e.g. "Sprechzeiten"). */
    title: z.string().min(5).max(40).default('Öffnungszeiten'),
    rows: z
      .array(z.object({ days: z.string().min(3).max(50), hours: z.string().min(3).max(60) }))
      .min(1)
      .max(7),
    note: z.string().min(10).max(200).optional(),
  }),
  /** The booking or contact block; its form is a demo and sends nothing. */
  contact: z.object({
    title: z.string().min(5).max(50),
    text: z.string().min(20).max(200),
    /** Label of a date field (e.g. "Wunschtermin", "Anreise"); omit for a plain message form. */
    dateLabel: z.string().min(4).max(40).optional(),
    button: z.string().min(5).max(30),
  }),
});

export type ExampleSite = z.infer<typeof exampleSchema>;

export const landingSchema = z.object({
  /** Main heading (h1) and page title. */
  title: z.string().min(10).max(70),
  /** Business type as shown in the grid of landing pages on the home page, e.g. "Bäckerei". */
  businessType: z.string().min(3).max(40),
  /** Meta description for search engines, 70 to 170 characters. */
  description: z.string().min(70).max(170),
  /** Position in the grid on the home page (1 = first); unique. */
  order: z.number().int().positive(),
  /** Items included in the package price. */
  scope: z.object({
    count: z.number().int().positive(),
    /** Plural noun of what is counted, e.g. "Produkte", "Zimmer", "Gerichte". */
    unit: z.string().min(3),
    /** Optional extra sentence, e.g. about larger CMS shops. */
    note: z.string().min(10).optional(),
  }),
  /**
   * A real website to show as the example, if there is one; without it 'Beispielseite ansehen'
   * leads to the demo built from `example` (docs/product.md#d25-example-sites).
   */
  exampleSiteUrl: webAddress.optional(),
  example: exampleSchema,
  /** Address for the order e-mail and questions (mailto link). */
  contactEmail: z.email(),
  /** Message shown to anonymous visitors in place of the order section; NO_GATE: none (null to the pages). */
  gate: z.enum([...GATE_MESSAGES, NO_GATE]).transform((gate) => (gate === NO_GATE ? null : gate)),
  /** Benefits for this business type, each one sentence. */
  benefits: z.array(z.string().min(20).max(300)).min(3).max(6),
  /** What the two offers mean for this business type. */
  offers: z.object({
    /** Information page without registration. */
    information: z.string().min(40).max(400),
    /** Interactive site with orders, calendar and online payment. */
    interactive: z.string().min(40).max(400),
  }),
  /**
   * What the customer sends with the order e-mail (photos, menus, product texts, ...), in the dative
   * case: the page writes "mit der Bestellnummer, dem gewählten Modell, dem Namen Ihrer Website und
   * {orderMaterials}.", e.g. "Fotos Ihrer Zimmer, Ihren Stornobedingungen sowie Ihrem Logo".
   */
  orderMaterials: z.string().min(20).max(300),
});
