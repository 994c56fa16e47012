/** content/landing/*.md: one industry landing page per file; the file name is the URL path. */
import { z } from 'astro/zod';
import { webAddress } from './common.ts';

/** The login prompts a landing page may show to anonymous visitors in place of its order section. */
const GATE_MESSAGES = [
  'Bitte registrieren Sie sich',
  'Bitte registrieren Sie sich, um fortzufahren.',
  'Bitte registrieren Sie sich, um diese Seite zu sehen.',
  'Bitte melden Sie sich an, um fortzufahren.',
  'Bitte melden Sie sich an, um diese Seite zu sehen.',
] as const;

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
  /** External example site the visitor can look at before ordering. */
  exampleSiteUrl: webAddress,
  /** Address for the order e-mail and questions (mailto link). */
  contactEmail: z.email(),
  /** Message shown to anonymous visitors in place of the order section; null: no gate. */
  gate: z.enum(GATE_MESSAGES).nullable(),
  /** Benefits for this business type, each one sentence. */
  benefits: z.array(z.string().min(20).max(300)).min(3).max(6),
  /** What the two offers mean for this business type. */
  offers: z.object({
    /** Information page without registration. */
    information: z.string().min(40).max(400),
    /** Interactive site with orders, calendar and online payment. */
    interactive: z.string().min(40).max(400),
  }),
  /** What the customer sends with the order e-mail (photos, menus, product texts, ...). */
  orderMaterials: z.string().min(20).max(300),
});
