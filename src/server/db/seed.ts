/**
 * The catalogue a fresh installation needs, created once: the website models (category 12,
 * the payment page), the maintenance tiers and the print prices. Prices come from the same
 * content files as the pages (content/models.yaml, content/pricing.yaml), so they agree.
 * After the first run the catalogue belongs to the admins; re-running changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { modelsFileSchema } from '../../content-schemas/models.ts';
import { pricingSchema } from '../../content-schemas/pricing.ts';
import { PAYMENT_CATEGORY_ID } from '../../lib/catalogue.ts';
import { eurosToCents, formatEuroRange } from '../../lib/money.ts';
import { formatPrintResolution } from '../../lib/next-steps.ts';
import type { ProductKind } from '../../lib/product-kinds.ts';
import type { Unit } from '../../lib/units.ts';
import { readContentFile } from '../content-files.ts';
import { appMeta, articles, categories, type Database } from './schema.ts';

const SEEDED_KEY = 'catalogue_seeded';

/** Any number: replicas starting together on one PostgreSQL seed one after the other. */
const SEED_LOCK_ID = 482_716_002;

export interface SeedCategory {
  id?: number;
  number: string;
  type: string;
  description: string;
  /** What all its articles are: websites, maintenance, print and design. */
  kind: ProductKind;
  articles: { number: string; type: string; price: number; unit: Unit }[];
}

/** Article numbers W1, W2, … in the order of the content file. */
const numbered = (prefix: string, list: { type: string; price: number; unit: Unit }[]) =>
  list.map((article, index) => ({ number: `${prefix}${index + 1}`, ...article }));

/** The seeded catalogue as the content files in `contentDir` describe it. */
export function catalogue(contentDir?: string): SeedCategory[] {
  const { models } = readContentFile('models.yaml', modelsFileSchema, contentDir);
  const pricing = readContentFile('pricing.yaml', pricingSchema, contentDir);
  return [
    {
      id: PAYMENT_CATEGORY_ID,
      number: String(PAYMENT_CATEGORY_ID),
      type: 'Websites für kleine Unternehmen',
      description:
        'Informationsseiten und Online-Shops in fünf festen Modellen. Wählen Sie Ihr Modell, buchen Sie den Starttermin und bezahlen Sie online.',
      kind: 'website',
      articles: models.map((model) => ({
        number: String(model.number),
        type: model.name,
        price: model.price,
        unit: 'flat' as const,
      })),
    },
    {
      number: '13',
      type: 'Website-Wartung',
      description:
        'Monatliche Wartung Ihrer Website ohne Hosting und Domain: Sicherheitsupdates, Backups, Überwachung und Systempflege. Abrechnung halbjährlich oder jährlich.',
      kind: 'maintenance',
      articles: numbered(
        'W',
        pricing.maintenance.tiers.map((tier) => ({
          type: `Wartung ${tier.name} (${formatEuroRange(tier.from, tier.to)} monatlich)`,
          price: tier.from,
          unit: 'month' as const,
        })),
      ),
    },
    {
      number: '14',
      type: 'Großformatdruck und Design',
      description: `Leinwand- und Papierdruck im Großformat, Banner, Visitenkarten, Fotodruck, Plandruck und Logodesign. Druckdaten mit ${formatPrintResolution(pricing.print.resolution)}; den Versand trägt der Kunde.`,
      kind: 'print',
      articles: numbered(
        'D',
        pricing.print.items.map((item) => ({ type: item.name, price: item.from, unit: item.unit })),
      ),
    },
  ];
}

/** Seeds the catalogue unless it was seeded before; true when this call seeded it. */
export async function seedCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (done.length > 0) return false;
    for (const category of catalogue()) {
      const [created] = await tx
        .insert(categories)
        .values({
          id: category.id,
          number: category.number,
          type: category.type,
          description: category.description,
        })
        .returning({ id: categories.id });
      if (!created) throw new Error(`Seeding ${category.type} failed`);
      await tx.insert(articles).values(
        category.articles.map((article) => ({
          categoryId: created.id,
          number: article.number,
          type: article.type,
          priceCents: eurosToCents(article.price),
          unit: article.unit,
          kind: category.kind,
        })),
      );
      if (category.id !== undefined) {
        // An explicit id does not move the sequence: make the next categories follow it.
        await tx.execute(
          sql`select setval(pg_get_serial_sequence('departaments', 'id'), (select max(id) from departaments))`,
        );
      }
    }
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}
