/** content/site.yaml: product name, company data (Impressum), contact, prices' VAT note, social links. */
import { z } from 'astro/zod';
import { webAddress } from './common.ts';

export const siteSchema = z.object({
  /** Short product name shown in the header and the splash screen. */
  name: z.string().min(2),
  /** Subtitle of the agency shown under the name. */
  subtitle: z.string().min(5),
  company: z
    .object({
      /** Legal name for the Impressum. */
      legalName: z.string(),
      /** Person responsible (owner or managing director). */
      representative: z.string(),
      legalForm: z.string(),
      street: z.string(),
      postalCode: z.string().regex(/^\d{5}$/, 'Postleitzahl mit fünf Ziffern'),
      city: z.string(),
      country: z.string(),
      /** The country as ISO 3166-1 code, for e-invoices. */
      countryCode: z
        .string()
        .regex(/^[A-Z]{2}$/, 'Ländercode mit zwei Großbuchstaben, zum Beispiel DE')
        .default('DE'),
      email: z.email(),
      phone: z.string(),
      /** Umsatzsteuer-Identifikationsnummer; omit for small businesses (§ 19 UStG). */
      vatId: z.string().optional(),
      /** Steuernummer from the tax office: on invoices when there is no vatId (§ 14 Abs. 4 Nr. 2 UStG). */
      taxNumber: z.string().optional(),
      /** Person responsible for content per § 18 Abs. 2 MStV. */
      contentResponsible: z.string(),
    })
    .refine((company) => company.vatId || company.taxNumber, {
      message: 'Rechnungen brauchen die USt-IdNr. (vatId) oder die Steuernummer (taxNumber)',
      path: ['taxNumber'],
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
  social: z.array(z.object({ name: z.string(), url: webAddress })).length(4, 'Genau vier soziale Netzwerke angeben'),
  /** Image shown for a category without images (path below public/). */
  defaultImage: z.string().startsWith('/'),
});

export type SiteData = z.infer<typeof siteSchema>;
