/**
 * Prices from one source (docs/product.md#d38-content-editor): the articles the seed made from the
 * content files (the website models, maintenance tiers and print items) take the prices of the
 * content the site serves, at start and after each publish, so the price a page shows is the
 * price the cart charges. Bookings keep the prices they were placed with (their items hold them).
 */
import { and, eq, ne } from 'drizzle-orm';
import { eurosToCents } from '../../lib/money.ts';
import { log } from '../log.ts';
import { articles, categories, type Database } from './schema.ts';
import { catalogue } from './seed.ts';

/** Sets the seeded articles' prices to those of `contentDir`; returns how many changed. */
export async function followContentPrices(db: Database, contentDir: string): Promise<number> {
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const category of catalogue(contentDir)) {
      const [found] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(category.id === undefined ? eq(categories.number, category.number) : eq(categories.id, category.id));
      if (!found) continue; // removed by staff: nothing to follow
      for (const article of category.articles) {
        const priceCents = eurosToCents(article.price);
        const updated = await tx
          .update(articles)
          .set({ priceCents })
          .where(
            and(
              eq(articles.categoryId, found.id),
              eq(articles.number, article.number),
              ne(articles.priceCents, priceCents),
            ),
          )
          .returning({ id: articles.id });
        changed += updated.length;
      }
    }
  });
  if (changed > 0) log.info({ changed }, 'catalogue prices follow the published content');
  return changed;
}
