/**
 * Prices from one source (docs/product.md#d38-content-editor): the seeded articles take the prices
 * of the content the site serves, so the cart charges what the page says; bookings keep the prices
 * they were placed with.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import type { PricingData } from '../../src/content-schemas/pricing.ts';
import { PAYMENT_CATEGORY_ID } from '../../src/lib/catalogue.ts';
import { followContentPrices } from '../../src/server/db/content-prices.ts';
import type { ArticleView } from '../../src/server/features/catalogue/catalogue.views.ts';
import { inDays, setUpApiWithStaff } from './support/test-api.ts';

const ctx = setUpApiWithStaff();
let contentDir: string;

beforeAll(() => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'hwds-prices-'));
  cpSync('content', contentDir, { recursive: true });
});

afterAll(() => {
  rmSync(contentDir, { recursive: true, force: true });
});

const edit = (file: string, from: string, to: string) => {
  const target = path.join(contentDir, file);
  const text = readFileSync(target, 'utf8');
  expect(text).toContain(from);
  writeFileSync(target, text.replace(from, to));
};

async function articlesOf(categoryId: number): Promise<ArticleView[]> {
  return (await (await ctx.api.request('GET', `/articles?departamentId=${categoryId}`)).json()) as ArticleView[];
}

describe('the seeded catalogue follows the published content', () => {
  it('charges a model’s new price in the cart, while a placed booking keeps the old one', async () => {
    const [model] = await articlesOf(PAYMENT_CATEGORY_ID);
    expect(model?.price).toBe(1200);
    const book = () =>
      ctx.api.request('POST', `/cart/article/${model?.id}`, {
        token: ctx.customer.token,
        body: { entryDate: inDays(30), departureDate: inDays(30) },
      });
    expect((await book()).status).toBe(201);
    const placed = await ctx.api.placeBooking(ctx.customer.token);
    expect(placed.totalPrice).toBe(1200);

    edit('models.yaml', 'price: 1200', 'price: 1349.9');
    expect(await followContentPrices(ctx.api.db, contentDir)).toBe(1);

    expect((await articlesOf(PAYMENT_CATEGORY_ID))[0]?.price).toBe(1349.9);
    const cart = (await (await ctx.api.request('GET', '/cart', { token: ctx.customer.token })).json()) as {
      totalPriceArticles: number;
    };
    expect(cart.totalPriceArticles).toBe(1349.9);
    const bookings = (await (await ctx.api.request('GET', '/booking/get', { token: ctx.customer.token })).json()) as {
      id: number;
      totalPrice: number;
    }[];
    expect(bookings.find((booking) => booking.id === placed.id)?.totalPrice).toBe(1200);
  });

  it('moves maintenance and print prices too, and changes nothing when nothing changed', async () => {
    const file = path.join(contentDir, 'pricing.yaml');
    const pricing = parseYaml(readFileSync(file, 'utf8')) as PricingData;
    const [tier] = pricing.maintenance.tiers;
    const [print] = pricing.print.items;
    if (!tier || !print) throw new Error('pricing.yaml has no tier or print item');
    expect([tier.from, print.name, print.from]).toEqual([30, 'Leinwanddruck', 30]);
    tier.from = 35;
    print.from = 32.5;
    writeFileSync(file, stringifyYaml(pricing));
    expect(await followContentPrices(ctx.api.db, contentDir)).toBe(2);
    expect(await followContentPrices(ctx.api.db, contentDir)).toBe(0);
    const categories = (await (await ctx.api.request('GET', '/departaments')).json()) as {
      number: string;
      articles: { number: string; price: number }[];
    }[];
    const article = (category: string, number: string) =>
      categories.find((item) => item.number === category)?.articles.find((item) => item.number === number);
    expect(article('13', 'W1')?.price).toBe(35);
    expect(article('14', 'D1')?.price).toBe(32.5);
  });
});
