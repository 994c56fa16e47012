import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CATALOGUE_MESSAGES, PAYMENT_CATEGORY_ID } from '../../src/lib/catalogue.ts';
import { articles, categories } from '../../src/server/db/schema.ts';
import { seedCatalogue } from '../../src/server/db/seed.ts';
import type { ArticleView, CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import { createRealisticCatalogue, REALISTIC_CATEGORIES } from '../support/realistic-shop.ts';
import { answer, type ErrorBody, setUpApiWithStaff } from './support/test-api.ts';

const ctx = setUpApiWithStaff();

describe('the seeded catalogue', () => {
  it('has the website models in category 12 at the prices of content/models.yaml', async () => {
    const { models } = parseYaml(readFileSync('content/models.yaml', 'utf8')) as {
      models: { number: number; name: string; price: number }[];
    };
    const { status, body } = await answer<CategoryView>(ctx.api.request('GET', `/departaments/${PAYMENT_CATEGORY_ID}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 12, number: '12', type: 'Websites für kleine Unternehmen', imageUrls: [] });
    expect(body.articles.map(({ number, type, price }) => ({ number, type, price }))).toEqual(
      models.map((model) => ({ number: String(model.number), type: model.name, price: model.price })),
    );
    expect(body.articles.map((article) => article.price)).toEqual([1200, 2500, 3500, 5000, 10000]);
  });

  it('has a maintenance and a print category priced from content/pricing.yaml', async () => {
    const pricing = parseYaml(readFileSync('content/pricing.yaml', 'utf8')) as {
      maintenance: { tiers: { from: number }[] };
      print: { items: { name: string; from: number }[] };
    };
    const { body } = await answer<CategoryView[]>(ctx.api.request('GET', '/departaments'));
    expect(body.map((d) => d.id)).toEqual([12, 13, 14]);
    const [, maintenance, print] = body;
    expect(maintenance?.type).toBe('Website-Wartung');
    expect(maintenance?.articles.map((a) => a.price)).toEqual(pricing.maintenance.tiers.map((tier) => tier.from));
    expect(maintenance?.articles[0]?.type).toBe('Wartung Minimal (30–60 € monatlich)');
    expect(print?.type).toBe('Großformatdruck und Design');
    expect(print?.articles.map((a) => [a.type, a.price])).toEqual(
      pricing.print.items.map((item) => [item.name, item.from]),
    );
    // What each sells, for the customer's next steps (docs/product.md#d36-next-steps).
    expect(body.map((category) => [...new Set(category.articles.map((a) => a.kind))])).toEqual([
      ['website'],
      ['maintenance'],
      ['print'],
    ]);
  });

  it('is created once: seeding again changes nothing', async () => {
    const before = await ctx.api.db.select({ n: count() }).from(articles);
    await seedCatalogue(ctx.api.db);
    expect(await ctx.api.db.select({ n: count() }).from(articles)).toEqual(before);
  });

  it('is not seeded again after the admins deleted a seeded category', async () => {
    const created = await answer<CategoryView>(
      ctx.api.request('POST', '/departaments', {
        token: ctx.admin.token,
        body: { number: 'TMP', type: 'Temporär', description: 'Nur für den Test' },
      }),
    );
    expect(
      (await ctx.api.request('DELETE', `/departaments/${created.body.id}`, { token: ctx.admin.token })).status,
    ).toBe(204);
    const total = await ctx.api.db.select({ n: count() }).from(categories);
    await seedCatalogue(ctx.api.db);
    expect(await ctx.api.db.select({ n: count() }).from(categories)).toEqual(total);
  });
});

describe('reading categories and articles (public)', () => {
  it('answers the list and a detail without a token', async () => {
    expect((await ctx.api.request('GET', '/departaments')).status).toBe(200);
    expect((await ctx.api.request('GET', '/departaments/13')).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect(await answer(ctx.api.request('GET', '/departaments/999999'))).toEqual({
      status: 404,
      body: { message: 'Kategorie nicht gefunden.', statusCode: 404 },
    });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await ctx.api.request('GET', `/departaments/${id}`)).status, id).toBe(400);
    }
  });

  it('lists articles, all or of one category', async () => {
    const all = await answer<ArticleView[]>(ctx.api.request('GET', '/articles'));
    const ofTwelve = await answer<ArticleView[]>(ctx.api.request('GET', '/articles?departamentId=12'));
    expect(all.body.length).toBeGreaterThan(ofTwelve.body.length);
    expect(ofTwelve.body).toHaveLength(5);
    expect(ofTwelve.body.every((a) => a.departamentId === 12)).toBe(true);
    expect(ofTwelve.body[0]).toEqual({
      id: expect.any(Number),
      number: '1',
      type: expect.any(String),
      price: 1200,
      unit: 'flat',
      kind: 'website',
      departamentId: 12,
      imageUrls: [],
      images: [],
    });
    expect((await answer<ArticleView[]>(ctx.api.request('GET', '/articles?departamentId=999'))).body).toEqual([]);
    expect((await ctx.api.request('GET', '/articles?departamentId=zwölf')).status).toBe(400);
  });
});

describe('the catalogue as staff fill it', () => {
  it('keeps long German names, long descriptions, a dozen articles and photos of every shape as they were made', async () => {
    const made = await createRealisticCatalogue(ctx.api.send, ctx.admin.token);
    const list = (await answer<CategoryView[]>(ctx.api.request('GET', '/departaments'))).body;
    for (const [key, spec] of Object.entries(REALISTIC_CATEGORIES) as [
      keyof typeof made,
      (typeof REALISTIC_CATEGORIES)[keyof typeof made],
    ][]) {
      const read = list.find((category) => category.id === made[key].id);
      expect(read, key).toMatchObject({ type: spec.type, description: spec.description });
      expect(read?.articles.map((article) => [article.type, article.price])).toEqual(
        spec.articles.map((article) => [article.type, article.price]),
      );
      expect(read?.images).toHaveLength(spec.photos.length);
    }
    const fivePhotos = list.find((category) => category.id === made.fivePhotos.id);
    // The roll-up (680 × 1600) keeps its shape, and no copy is wider than the upload.
    const rollup = fivePhotos?.images[1];
    expect(rollup).toMatchObject({ width: 680, height: 1600 });
    expect(rollup?.variants.map((variant) => variant.width)).toEqual([480, 680]);
    expect(fivePhotos?.articles[0]?.images[0]).toMatchObject({ width: 680, height: 1600 });
  });
});

describe('the catalogue a server keeps between reads', () => {
  it('serves every change at once, also one made in the database behind the API’s back', async () => {
    const read = async () =>
      (await answer<CategoryView>(ctx.api.request('GET', `/departaments/${PAYMENT_CATEGORY_ID}`))).body;
    const before = await read();
    expect(await read()).toEqual(before);

    await ctx.api.db
      .update(categories)
      .set({ description: 'Direkt in der Datenbank geändert.' })
      .where(eq(categories.id, PAYMENT_CATEGORY_ID));
    expect((await read()).description).toBe('Direkt in der Datenbank geändert.');
    const [first] = before.articles;
    await ctx.api.db
      .update(articles)
      .set({ priceCents: 123_456 })
      .where(eq(articles.id, Number(first?.id)));
    expect((await read()).articles[0]?.price).toBe(1234.56);
    const listed = await answer<ArticleView[]>(
      ctx.api.request('GET', `/articles?departamentId=${PAYMENT_CATEGORY_ID}`),
    );
    expect(listed.body[0]?.price).toBe(1234.56);

    await ctx.api.db
      .update(categories)
      .set({ description: before.description })
      .where(eq(categories.id, PAYMENT_CATEGORY_ID));
    await ctx.api.db
      .update(articles)
      .set({ priceCents: Math.round(Number(first?.price) * 100) })
      .where(eq(articles.id, Number(first?.id)));
    expect(await read()).toEqual(before);
  });

  it('serves a change made in a transaction once it commits, and none that rolled back', async () => {
    const read = async () =>
      (await answer<CategoryView>(ctx.api.request('GET', `/departaments/${PAYMENT_CATEGORY_ID}`))).body;
    const before = await read();
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      ctx.api.db.transaction(async (tx) => {
        await tx
          .update(categories)
          .set({ description: 'Nie gespeichert.' })
          .where(eq(categories.id, PAYMENT_CATEGORY_ID));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await read()).toEqual(before);

    await ctx.api.db.transaction(async (tx) => {
      await tx
        .update(categories)
        .set({ description: 'In einer Transaktion.' })
        .where(eq(categories.id, PAYMENT_CATEGORY_ID));
      await tx
        .update(categories)
        .set({ description: before.description })
        .where(eq(categories.id, PAYMENT_CATEGORY_ID));
      await tx
        .update(categories)
        .set({ description: 'Zweimal geändert.' })
        .where(eq(categories.id, PAYMENT_CATEGORY_ID));
    });
    expect((await read()).description).toBe('Zweimal geändert.');
    await ctx.api.db
      .update(categories)
      .set({ description: before.description })
      .where(eq(categories.id, PAYMENT_CATEGORY_ID));
    expect(await read()).toEqual(before);
  });
});

describe('managing categories (ROLE_ADMIN)', () => {
  const category = { number: 'K-100', type: 'Fotografie', description: 'Produktfotos für Ihren Shop.' };

  it('refuses anonymous callers (401) and customers (403), changing nothing', async () => {
    expect((await ctx.api.request('POST', '/departaments', { body: category })).status).toBe(401);
    const forbidden = await answer(
      ctx.api.request('POST', '/departaments', { token: ctx.customer.token, body: category }),
    );
    expect(forbidden).toEqual({
      status: 403,
      body: { message: 'Dafür fehlt Ihnen die Berechtigung.', statusCode: 403 },
    });
    expect((await ctx.api.request('DELETE', '/departaments/12', { token: ctx.customer.token })).status).toBe(403);
    expect((await ctx.api.request('GET', '/departaments/12')).status).toBe(200);
  });

  it('creates one (201) that then appears in the list, and deletes it (204)', async () => {
    const created = await answer<CategoryView>(
      ctx.api.request('POST', '/departaments', { token: ctx.admin.token, body: category }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...category, id: expect.any(Number), imageUrls: [], articles: [] });
    const list = await answer<CategoryView[]>(ctx.api.request('GET', '/departaments'));
    expect(list.body.map((d) => d.id)).toContain(created.body.id);

    expect(
      (await ctx.api.request('DELETE', `/departaments/${created.body.id}`, { token: ctx.admin.token })).status,
    ).toBe(204);
    expect((await ctx.api.request('GET', `/departaments/${created.body.id}`)).status).toBe(404);
    expect(
      (await ctx.api.request('DELETE', `/departaments/${created.body.id}`, { token: ctx.admin.token })).status,
    ).toBe(404);
  });

  it.each([
    ['number', CATALOGUE_MESSAGES.categoryNumberRequired],
    ['type', CATALOGUE_MESSAGES.categoryTypeRequired],
    ['description', CATALOGUE_MESSAGES.categoryDescriptionRequired],
  ])('requires %s ("%s")', async (field, message) => {
    for (const value of [undefined, '', '   ', 42]) {
      const body = { ...category, number: `N-${Math.random()}`.slice(0, 12), [field]: value };
      const result = await answer<ErrorBody>(
        ctx.api.request('POST', '/departaments', { token: ctx.admin.token, body }),
      );
      expect(result.status).toBe(400);
      expect(result.body.errors).toContainEqual({ fieldName: field, message });
    }
  });

  it('refuses a number that exists (409)', async () => {
    const result = await answer(
      ctx.api.request('POST', '/departaments', { token: ctx.admin.token, body: { ...category, number: '12' } }),
    );
    expect(result).toEqual({
      status: 409,
      body: { message: 'Eine Kategorie mit dieser Nummer gibt es bereits.', statusCode: 409 },
    });
  });

  it('never takes the id from the client', async () => {
    const created = await answer<CategoryView>(
      ctx.api.request('POST', '/departaments', {
        token: ctx.admin.token,
        body: { ...category, number: 'K-ID', id: 12 },
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(12);
  });

  it('deleting a category deletes its articles', async () => {
    const created = await answer<CategoryView>(
      ctx.api.request('POST', '/departaments', { token: ctx.admin.token, body: { ...category, number: 'K-DEL' } }),
    );
    const article = await ctx.api.createArticle(ctx.admin.token, {
      number: 'A1',
      type: 'Paket',
      price: 10,
      departamentId: created.body.id,
    });
    await ctx.api.request('DELETE', `/departaments/${created.body.id}`, { token: ctx.admin.token });
    const left = await answer<ArticleView[]>(ctx.api.request('GET', '/articles'));
    expect(left.body.map((a) => a.id)).not.toContain(article.id);
  });
});

describe('managing articles (ROLE_ADMIN)', () => {
  const article = { number: 'A-7', type: 'Landingpage', price: 499.9, departamentId: 13 };

  it('creates one (201) and answers its id; the price is kept to the cent', async () => {
    const created = await answer<ArticleView>(
      ctx.api.request('POST', '/articles', { token: ctx.admin.token, body: article }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), ...article, imageUrls: [] });
    const detail = await answer<CategoryView>(ctx.api.request('GET', '/departaments/13'));
    expect(detail.body.articles.find((a) => a.id === created.body.id)?.price).toBe(499.9);
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    expect((await ctx.api.request('POST', '/articles', { token: ctx.customer.token, body: article })).status).toBe(403);
    expect((await ctx.api.request('POST', '/articles', { body: article })).status).toBe(401);
    expect((await ctx.api.request('DELETE', '/articles/1', { token: ctx.customer.token })).status).toBe(403);
  });

  it.each([
    ['number', '', CATALOGUE_MESSAGES.articleNumberRequired],
    ['type', undefined, CATALOGUE_MESSAGES.articleTypeRequired],
    ['price', undefined, CATALOGUE_MESSAGES.priceRequired],
    ['price', '12', CATALOGUE_MESSAGES.priceRequired],
    ['price', -1, CATALOGUE_MESSAGES.priceInvalid],
    ['price', 10.005, CATALOGUE_MESSAGES.priceInvalid],
    ['price', 1e9, CATALOGUE_MESSAGES.priceInvalid],
    ['departamentId', undefined, CATALOGUE_MESSAGES.categoryRequired],
    ['departamentId', 1.5, CATALOGUE_MESSAGES.categoryRequired],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const result = await answer<ErrorBody>(
      ctx.api.request('POST', '/articles', {
        token: ctx.admin.token,
        body: { ...article, number: 'X', [field]: value },
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual({ fieldName: field, message });
  });

  it('refuses an unknown category (404) and a number used in the category (409)', async () => {
    expect(
      (
        await ctx.api.request('POST', '/articles', {
          token: ctx.admin.token,
          body: { ...article, departamentId: 99999 },
        })
      ).status,
    ).toBe(404);
    const duplicate = await answer(
      ctx.api.request('POST', '/articles', {
        token: ctx.admin.token,
        body: { ...article, number: '1', departamentId: 12 },
      }),
    );
    expect(duplicate).toEqual({
      status: 409,
      body: { message: 'In dieser Kategorie gibt es bereits einen Artikel mit dieser Nummer.', statusCode: 409 },
    });
    // The same number in another category is fine.
    expect(
      (
        await ctx.api.request('POST', '/articles', {
          token: ctx.admin.token,
          body: { ...article, number: '1', departamentId: 14 },
        })
      ).status,
    ).toBe(201);
  });

  it('gives every article its kind: chosen, or by default maintenance by the month, websites in 12, else print', async () => {
    const create = (body: object) =>
      answer<ArticleView & ErrorBody>(
        ctx.api.request('POST', '/articles', { token: ctx.admin.token, body: { ...article, ...body } }),
      );
    expect((await create({ number: 'K-1', unit: 'hour', kind: 'service' })).body.kind).toBe('service');
    expect((await create({ number: 'K-2', unit: 'month' })).body.kind).toBe('maintenance');
    expect((await create({ number: 'K-3', departamentId: 12 })).body.kind).toBe('website');
    expect((await create({ number: 'K-4', unit: 'sqm', departamentId: 14 })).body.kind).toBe('print');
    expect((await create({ number: 'K-5', unit: 'flat', kind: 'maintenance' })).body.errors).toEqual([
      { fieldName: 'kind', message: CATALOGUE_MESSAGES.maintenanceByMonth },
    ]);
    expect((await create({ number: 'K-6', unit: 'month', kind: 'print' })).body.errors).toEqual([
      { fieldName: 'unit', message: CATALOGUE_MESSAGES.monthIsMaintenance },
    ]);
    expect((await create({ number: 'K-7', kind: 'beratung' })).body.errors).toEqual([
      { fieldName: 'kind', message: CATALOGUE_MESSAGES.kindUnknown },
    ]);
  });

  it('a unit changed to or from the month takes the kind it needs; a kind that does not fit is 400', async () => {
    const created = await answer<ArticleView>(
      ctx.api.request('POST', '/articles', {
        token: ctx.admin.token,
        body: { ...article, number: 'K-U', unit: 'hour', kind: 'service' },
      }),
    );
    const change = (body: object) =>
      answer<ArticleView & ErrorBody>(
        ctx.api.request('PATCH', `/articles/${created.body.id}`, { token: ctx.admin.token, body }),
      );
    expect((await change({ price: 120 })).body.kind).toBe('service');
    expect((await change({ unit: 'month' })).body.kind).toBe('maintenance');
    expect((await change({ unit: 'piece' })).body.kind).toBe('print');
    expect((await change({ kind: 'maintenance' })).status).toBe(400);
    expect((await change({ unit: 'hour', kind: 'service' })).body).toMatchObject({ unit: 'hour', kind: 'service' });
  });

  it('deletes one (204); deleting it again is 404', async () => {
    const created = await answer<ArticleView>(
      ctx.api.request('POST', '/articles', { token: ctx.admin.token, body: { ...article, number: 'A-DEL' } }),
    );
    expect((await ctx.api.request('DELETE', `/articles/${created.body.id}`, { token: ctx.admin.token })).status).toBe(
      204,
    );
    expect((await ctx.api.request('DELETE', `/articles/${created.body.id}`, { token: ctx.admin.token })).status).toBe(
      404,
    );
  });
});

describe('bad input anywhere', () => {
  it('answers malformed JSON with 400 and changes nothing', async () => {
    const before = await ctx.api.db.select({ n: count() }).from(categories);
    const result = await answer(
      ctx.api.request('POST', '/departaments', {
        token: ctx.admin.token,
        rawBody: '{"number": "X",',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(result).toEqual({
      status: 400,
      body: { message: 'Der Anfragekörper ist kein gültiges JSON.', statusCode: 400 },
    });
    expect(await ctx.api.db.select({ n: count() }).from(categories)).toEqual(before);
  });

  it.each([['[]'], ['"text"'], ['42'], ['null']])(
    'answers a JSON body %s that is not an object with 400',
    async (rawBody) => {
      const result = await answer<ErrorBody>(
        ctx.api.request('POST', '/departaments', {
          token: ctx.admin.token,
          rawBody,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      expect(result.status).toBe(400);
    },
  );

  it('answers a huge body with 413', async () => {
    const description = 'x'.repeat(200 * 1024);
    const result = await answer(
      ctx.api.request('POST', '/departaments', {
        token: ctx.admin.token,
        body: { number: 'BIG', type: 'Groß', description },
      }),
    );
    expect(result).toEqual({ status: 413, body: { message: 'Die Anfrage ist zu groß.', statusCode: 413 } });
  });

  it('answers an unknown path with 404 JSON', async () => {
    expect(await answer(ctx.api.request('GET', '/gibt-es-nicht'))).toEqual({
      status: 404,
      body: { message: 'Nicht gefunden.', statusCode: 404 },
    });
  });

  it('GET /health answers 200 when the database is reachable', async () => {
    expect(await answer(ctx.api.request('GET', '/health'))).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok' },
    });
  });

  it('sends no-store and nosniff on answers for one user, a short public cache and an ETag on catalogue reads', async () => {
    const privateAnswer = await ctx.api.request('GET', '/cart', { token: ctx.customer.token });
    expect(privateAnswer.headers.get('cache-control')).toBe('no-store');
    expect(privateAnswer.headers.get('x-content-type-options')).toBe('nosniff');
    for (const path of ['/departaments', '/departaments/12', '/articles?departamentId=12']) {
      const publicAnswer = await ctx.api.request('GET', path);
      // Browsers never show a stale copy (staff see a change at once); a CDN may, briefly.
      expect(publicAnswer.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      expect(publicAnswer.headers.get('cdn-cache-control')).toBe('max-age=60, stale-while-revalidate=300');
      const etag = publicAnswer.headers.get('etag');
      expect(etag).toMatch(/^"[\w+/=-]+"$/);
      const unchanged = await ctx.api.request('GET', path, { headers: { 'If-None-Match': String(etag) } });
      expect(unchanged.status).toBe(304);
    }
  });
});

describe('browsers on another origin', () => {
  const preflight = (origin: string) =>
    ctx.api.request('OPTIONS', '/cart', {
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-hwds-client',
      },
    });

  it('may call the API from the site’s own origin (SITE_URL)', async () => {
    const response = await preflight('http://localhost:4321');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  });

  it('lets that origin read a refused token’s Bearer challenge, which tells an ended session from a wrong password', async () => {
    const response = await ctx.api.request('GET', '/cart', { headers: { Origin: 'http://localhost:4321' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/www-authenticate/i);
  });

  it('may not from any other origin', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
