import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingSchema } from '../../src/content-schemas/pricing.ts';
import { CART_ENTRY_MESSAGES } from '../../src/lib/cart.ts';
import { CATALOGUE_MESSAGES } from '../../src/lib/catalogue.ts';
import { addDays, addYears, formatGermanDate, lastDayOfTerm } from '../../src/lib/dates.ts';
import { multiplyCents } from '../../src/lib/money.ts';
import { QUANTITY_MESSAGES, type Unit } from '../../src/lib/units.ts';
import { readContentFile, yearlyDiscountPercent } from '../../src/server/content-files.ts';
import { articles } from '../../src/server/db/schema.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import type { CartEntryView, CartView } from '../../src/server/features/cart/cart.views.ts';
import type { ArticleView, CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import { remindRenewals } from '../../src/server/features/maintenance/renewal-reminders.ts';
import {
  addToCart as addArticles,
  BOOKING_HISTORY_LENGTH,
  createBookingHistory,
  createRealisticCatalogue,
  FULL_CART_ENTRIES,
  fullCartArticles,
  payCartByCard,
  REALISTIC_CUSTOMER,
} from '../support/realistic-shop.ts';
import { answer, createTestApi, type ErrorBody, inDays, type TestApi, type TestUser } from './support/test-api.ts';

let api: TestApi;
let admin: TestUser;

const dates = (entry = 7, departure = 9) => ({ entryDate: inDays(entry), departureDate: inDays(departure) });

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.admin();
});

afterAll(async () => {
  await api.close();
});

const addToCart = (token: string, articleId: number, body: unknown = dates()) =>
  answer<CartEntryView & ErrorBody>(api.request('POST', `/cart/article/${articleId}`, { token, body }));
const cartOf = (token: string) => answer<CartView>(api.request('GET', '/cart', { token }));

describe('cart', () => {
  it('needs a logged-in user for every call', async () => {
    for (const [method, url] of [
      ['GET', '/cart'],
      ['GET', '/cart/total_price'],
      ['POST', '/cart/article/1'],
      ['DELETE', '/cart/remove_article/1'],
      ['DELETE', '/cart/clear'],
      ['POST', '/booking/confirm'],
      ['GET', '/booking/get'],
    ] as const) {
      const body = method === 'GET' ? undefined : dates();
      expect((await api.request(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
  });

  it('starts empty', async () => {
    const user = await api.user();
    expect(await cartOf(user.token)).toEqual({
      status: 200,
      body: { id: user.id, articles: [], countArticles: 0, totalPriceArticles: 0 },
    });
    expect(await answer(api.request('GET', '/cart/total_price', { token: user.token }))).toEqual({
      status: 200,
      body: 0,
    });
  });

  it('adds dated articles (201) priced from the database, whatever price the client sends', async () => {
    const user = await api.user();
    const added = await addToCart(user.token, 1, { ...dates(), price: 1, totalPrice: 1 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      ...dates(),
      article: {
        id: 1,
        number: '1',
        type: expect.any(String),
        price: 1200,
        unit: 'flat',
        departamentId: 12,
        departament: { number: '12', type: 'Websites für kleine Unternehmen' },
      },
      quantity: 1,
      linePrice: 1200,
      discount: 0,
    });
    await addToCart(user.token, 2, dates(10, 12));

    const cart = await cartOf(user.token);
    expect(cart.body.countArticles).toBe(2);
    expect(cart.body.totalPriceArticles).toBe(3700);
    expect(cart.body.articles.map((entry) => entry.article.id)).toEqual([1, 2]);
    expect(await answer(api.request('GET', '/cart/total_price', { token: user.token }))).toEqual({
      status: 200,
      body: 3700,
    });
  });

  it('follows price changes of the article until the order is placed', async () => {
    const user = await api.user();
    const article = await api.createArticle(admin.token, {
      number: 'P1',
      type: 'Preistest',
      price: 100,
      departamentId: 14,
    });
    await addToCart(user.token, article.id);
    await api.db.update(articles).set({ priceCents: 12_345 }).where(eq(articles.id, article.id));
    expect((await cartOf(user.token)).body.totalPriceArticles).toBe(123.45);
  });

  it.each([
    [
      'no dates',
      {},
      [
        ['entryDate', CART_ENTRY_MESSAGES.entryDateRequired],
        ['departureDate', CART_ENTRY_MESSAGES.departureDateRequired],
      ],
    ],
    [
      'empty dates',
      { entryDate: '', departureDate: '' },
      [
        ['entryDate', CART_ENTRY_MESSAGES.entryDateRequired],
        ['departureDate', CART_ENTRY_MESSAGES.departureDateRequired],
      ],
    ],
    [
      'no real date',
      { entryDate: '2027-02-30', departureDate: 'morgen' },
      [
        ['entryDate', CART_ENTRY_MESSAGES.entryDateRequired],
        ['departureDate', CART_ENTRY_MESSAGES.departureDateRequired],
      ],
    ],
    [
      'a start in the past',
      { entryDate: inDays(-1), departureDate: inDays(3) },
      [['entryDate', CART_ENTRY_MESSAGES.entryDateInPast]],
    ],
    [
      'an end before the start',
      { entryDate: inDays(5), departureDate: inDays(4) },
      [['departureDate', CART_ENTRY_MESSAGES.departureBeforeEntry]],
    ],
    [
      'a start more than two years ahead',
      { entryDate: addYears(inDays(1), 2), departureDate: addYears(inDays(2), 2) },
      [['entryDate', CART_ENTRY_MESSAGES.entryDateTooFar]],
    ],
    [
      'a stay longer than a year',
      { entryDate: inDays(1), departureDate: addYears(inDays(2), 1) },
      [['departureDate', CART_ENTRY_MESSAGES.departureTooFar]],
    ],
  ])('refuses %s with German messages and adds nothing', async (_label, body, expected) => {
    const user = await api.user();
    const result = await addToCart(user.token, 1, body);
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual(expected.map(([fieldName, message]) => ({ fieldName, message })));
    expect((await cartOf(user.token)).body.countArticles).toBe(0);
  });

  it('accepts today as the start and a one-day appointment', async () => {
    const user = await api.user();
    expect((await addToCart(user.token, 1, { entryDate: inDays(0), departureDate: inDays(0) })).status).toBe(201);
  });

  it('refuses the same article with the same dates twice (400), but not other dates', async () => {
    const user = await api.user();
    await addToCart(user.token, 3);
    const again = await addToCart(user.token, 3);
    expect(again).toEqual({
      status: 400,
      body: { message: 'Dieser Artikel ist mit diesen Daten bereits in Ihrem Warenkorb.', statusCode: 400 },
    });
    expect((await addToCart(user.token, 3, dates(20, 21))).status).toBe(201);
  });

  it('lets many customers book the same article with the same dates', async () => {
    const [a, b] = [await api.user(), await api.user()];
    expect((await addToCart(a.token, 4)).status).toBe(201);
    expect((await addToCart(b.token, 4)).status).toBe(201);
  });

  it('answers 404 for an unknown article and 400 for a malformed id', async () => {
    const user = await api.user();
    expect((await addToCart(user.token, 999_999)).body).toEqual({
      message: 'Artikel nicht gefunden.',
      statusCode: 404,
    });
    expect((await api.request('POST', '/cart/article/eins', { token: user.token, body: dates() })).status).toBe(400);
  });

  it('removes one own entry by its id (204); a second time it is 404', async () => {
    const user = await api.user();
    const first = await addToCart(user.token, 1);
    await addToCart(user.token, 2);
    expect((await api.request('DELETE', `/cart/entries/${first.body.id}`, { token: user.token })).status).toBe(204);
    expect((await cartOf(user.token)).body.articles.map((entry) => entry.article.id)).toEqual([2]);
    expect((await api.request('DELETE', `/cart/entries/${first.body.id}`, { token: user.token })).status).toBe(404);
  });

  it('never shows or removes another user’s entries (404, entry unchanged)', async () => {
    const [owner, intruder] = [await api.user(), await api.user()];
    const entry = await addToCart(owner.token, 5);
    const attempt = await answer(api.request('DELETE', `/cart/entries/${entry.body.id}`, { token: intruder.token }));
    expect(attempt).toEqual({
      status: 404,
      body: { message: 'Dieser Eintrag ist nicht in Ihrem Warenkorb.', statusCode: 404 },
    });
    expect((await cartOf(owner.token)).body.countArticles).toBe(1);
    expect((await cartOf(intruder.token)).body.countArticles).toBe(0);
    await api.request('DELETE', '/cart/clear', { token: intruder.token });
    expect((await cartOf(owner.token)).body.countArticles).toBe(1);
  });

  it('clears the own cart (204)', async () => {
    const user = await api.user();
    await addToCart(user.token, 1);
    await addToCart(user.token, 2);
    expect((await api.request('DELETE', '/cart/clear', { token: user.token })).status).toBe(204);
    expect((await cartOf(user.token)).body).toMatchObject({ articles: [], countArticles: 0, totalPriceArticles: 0 });
  });

  it('holds at most 50 entries', async () => {
    const user = await api.user();
    for (let day = 0; day < 50; day++) expect((await addToCart(user.token, 1, dates(day, day))).status).toBe(201);
    const full = await addToCart(user.token, 1, dates(60, 60));
    expect(full.status).toBe(400);
    expect(full.body.message).toMatch(/^Ihr Warenkorb ist voll/);
  });
});

describe('bookings', () => {
  it('confirm with an empty cart creates nothing and answers the (empty) list', async () => {
    const user = await api.user();
    expect(await answer(api.request('POST', '/booking/confirm', { token: user.token }))).toEqual({
      status: 200,
      body: [],
    });
  });

  it('starting a payment turns the cart into one booking with prices frozen; the cart stays until it is paid', async () => {
    const user = await api.user();
    await addToCart(user.token, 1, dates(3, 4));
    await addToCart(user.token, 5, dates(8, 30));
    const placed = await api.placeBooking(user.token);
    expect(placed).toEqual({
      id: expect.any(Number),
      bookingNumber: expect.stringMatching(/^HWDS-[A-HJ-NP-Z2-9]{8}$/),
      status: 'pending_payment',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      entryDate: inDays(3),
      departureDate: inDays(30),
      totalPrice: 11_200,
      paymentMethod: null,
      paidAt: null,
      withdrawnAt: null,
      cancelledAt: null,
      invoiceNumber: null,
      creditNoteNumber: null,
      // Materials are asked for once it is paid (docs/product.md#d36-next-steps).
      progress: null,
      items: [
        expect.objectContaining({
          articleId: 1,
          number: '1',
          price: 1200,
          entryDate: inDays(3),
          departureDate: inDays(4),
        }),
        expect.objectContaining({
          articleId: 5,
          number: '5',
          price: 10_000,
          entryDate: inDays(8),
          departureDate: inDays(30),
        }),
      ],
    });
    expect((await cartOf(user.token)).body.countArticles).toBe(2);

    // Later price changes do not touch the order.
    await api.db.update(articles).set({ priceCents: 1 }).where(eq(articles.id, 1));
    const later = await answer<BookingView[]>(api.request('GET', '/booking/get', { token: user.token }));
    expect(later.body[0]?.totalPrice).toBe(11_200);
    await api.db.update(articles).set({ priceCents: 120_000 }).where(eq(articles.id, 1));
  });

  it('confirm (the confirmation page’s call) lists the bookings and never orders or empties the cart', async () => {
    const user = await api.user();
    await addToCart(user.token, 2);
    const placed = await api.placeBooking(user.token);
    await addToCart(user.token, 3);
    for (let call = 0; call < 2; call++) {
      const listed = await answer<BookingView[]>(api.request('POST', '/booking/confirm', { token: user.token }));
      expect(listed.body.map((booking) => booking.id)).toEqual([placed.id]);
    }
    expect((await cartOf(user.token)).body.countArticles).toBe(2);
  });

  it('lists the newest booking first, and only the caller’s', async () => {
    const [a, b] = [await api.user(), await api.user()];
    await addToCart(a.token, 1);
    const first = await api.placeBooking(a.token);
    await api.request('DELETE', '/cart/clear', { token: a.token });
    await addToCart(a.token, 2);
    const second = await api.placeBooking(a.token);
    const list = (await answer<BookingView[]>(api.request('GET', '/booking/get', { token: a.token }))).body;
    expect(list.map((booking) => booking.id)).toEqual([second.id, first.id]);
    expect((await answer(api.request('GET', '/booking/get', { token: b.token }))).body).toEqual([]);
  });

  it('keeps an order when its article is deleted later', async () => {
    const user = await api.user();
    const article = await api.createArticle(admin.token, {
      number: 'GONE',
      type: 'Wird gelöscht',
      price: 42,
      departamentId: 14,
    });
    await addToCart(user.token, article.id);
    await api.placeBooking(user.token);
    await api.request('DELETE', `/articles/${article.id}`, { token: admin.token });
    const [booking] = (await answer<BookingView[]>(api.request('GET', '/booking/get', { token: user.token }))).body;
    expect(booking?.totalPrice).toBe(42);
    expect(booking?.items[0]).toMatchObject({ articleId: null, number: 'GONE', type: 'Wird gelöscht', price: 42 });
  });
});

describe('units and quantities (docs/product.md#d34-units-and-quantities)', () => {
  /** The seeded article of a category whose unit is `unit`: websites, maintenance, print as /preise lists them. */
  async function seeded(unit: Unit): Promise<ArticleView> {
    const list = (await answer<CategoryView[]>(api.request('GET', '/departaments'))).body;
    const found = list.flatMap((category) => category.articles).find((article) => article.unit === unit);
    if (!found) throw new Error(`no seeded article sold ${unit}`);
    return found;
  }

  it('sells websites flat, maintenance by the month and print as /preise says', async () => {
    const list = (await answer<CategoryView[]>(api.request('GET', '/departaments'))).body;
    const unitsOf = (id: number) => new Set(list.find((category) => category.id === id)?.articles.map((a) => a.unit));
    expect(unitsOf(12)).toEqual(new Set(['flat']));
    expect(unitsOf(13)).toEqual(new Set(['month']));
    const print = readContentFile('pricing.yaml', pricingSchema).print.items;
    // Other tests add articles to the print category; the seeded ones are D1, D2, …
    const printArticles = (list.find((category) => category.number === '14')?.articles ?? []).filter((article) =>
      /^D\d+$/.test(article.number),
    );
    expect(printArticles.map((article) => [article.type, article.price, article.unit])).toEqual(
      print.map((item) => [item.name, item.from, item.unit]),
    );
  });

  it('prices price × quantity in cents, a year of maintenance with its discount, and an order keeps it all', async () => {
    const user = await api.user();
    const maintenance = await seeded('month');
    const print = await seeded('sqm');
    const halfYear = await addToCart(user.token, maintenance.id, { entryDate: inDays(20) });
    expect(halfYear.body).toMatchObject({ quantity: 6, linePrice: maintenance.price * 6, discount: 0 });
    expect(halfYear.body.departureDate).toBe(lastDayOfTerm(inDays(20), 6));
    const year = await addToCart(user.token, maintenance.id, {
      entryDate: inDays(30),
      departureDate: inDays(31),
      quantity: 12,
    });
    const full = maintenance.price * 12;
    const discount = Math.round(full * yearlyDiscountPercent()) / 100;
    expect(year.body).toMatchObject({ quantity: 12, discount, linePrice: full - discount });
    expect(year.body.departureDate).toBe(lastDayOfTerm(inDays(30), 12));
    const sqm = await addToCart(user.token, print.id, { ...dates(), quantity: 2.25 });
    expect(sqm.body).toMatchObject({ quantity: 2.25, linePrice: multiplyCents(print.price * 100, 225) / 100 });

    const changed = await answer<CartEntryView & ErrorBody>(
      api.request('PATCH', `/cart/entries/${sqm.body.id}`, { token: user.token, body: { quantity: 3.5 } }),
    );
    expect(changed).toMatchObject({ status: 200, body: { quantity: 3.5, linePrice: print.price * 3.5 } });
    const shorter = await answer<CartEntryView>(
      api.request('PATCH', `/cart/entries/${year.body.id}`, { token: user.token, body: { quantity: 6 } }),
    );
    expect(shorter.body).toMatchObject({ discount: 0, departureDate: lastDayOfTerm(inDays(30), 6) });
    const other = await api.user();
    expect(
      (await api.request('PATCH', `/cart/entries/${sqm.body.id}`, { token: other.token, body: { quantity: 2 } }))
        .status,
    ).toBe(404);

    const cart = (await cartOf(user.token)).body;
    const lines = cart.articles.map((entry) => Math.round(entry.linePrice * 100));
    expect(Math.round(cart.totalPriceArticles * 100)).toBe(lines.reduce((sum, line) => sum + line, 0));
    const order = await payCartByCard(api.send, user.token);
    expect(Math.round(order.totalPrice * 100)).toBe(Math.round(cart.totalPriceArticles * 100));
    expect(
      order.items.map(({ unit, quantity, price, linePrice, departureDate }) => ({
        unit,
        quantity,
        price,
        linePrice,
        departureDate,
      })),
    ).toEqual(
      cart.articles.map(({ article, quantity, linePrice, departureDate }) => ({
        unit: article.unit,
        quantity,
        price: article.price,
        linePrice,
        departureDate,
      })),
    );
    await api.request('PATCH', `/articles/${print.id}`, { token: admin.token, body: { price: print.price + 1 } });
    const [kept] = (await answer<BookingView[]>(api.request('GET', '/booking/get', { token: user.token }))).body;
    expect(kept?.items.find((item) => item.unit === 'sqm')).toMatchObject({ quantity: 3.5, price: print.price });
    await api.request('PATCH', `/articles/${print.id}`, { token: admin.token, body: { price: print.price } });
  });

  it('reminds of a maintenance term’s end 30 days before, exactly once under concurrent runs', async () => {
    const user = await api.user();
    const maintenance = await seeded('month');
    await addToCart(user.token, maintenance.id, { entryDate: inDays(40), quantity: 12 });
    const order = await payCartByCard(api.send, user.token);
    const lastDay = order.items[0]?.departureDate ?? '';
    expect(order.items[0]).toMatchObject({ unit: 'month', quantity: 12, departureDate: lastDayOfTerm(inDays(40), 12) });

    expect(await remindRenewals(api.deps, addDays(lastDay, -31))).toBe(0);
    const runs = await Promise.all(Array.from({ length: 8 }, () => remindRenewals(api.deps, addDays(lastDay, -30))));
    expect(runs.reduce((sum, claimed) => sum + claimed, 0)).toBeGreaterThanOrEqual(1);
    const subject = `Ihre Wartung endet am ${formatGermanDate(lastDay)}`;
    const mail = await api.lastMailTo(user.userEmail, subject);
    expect(mail.text).toContain(order.bookingNumber);
    expect(mail.text).toContain(`/departaments/${maintenance.departamentId}`);
    expect(await remindRenewals(api.deps, addDays(lastDay, -29))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second mail would be out by now
    expect(api.mails().filter((sent) => sent.to.includes(user.userEmail) && sent.subject === subject)).toHaveLength(1);
  });

  const q = QUANTITY_MESSAGES;
  it.each([
    ['flat', 1.5, q.wholeNumber],
    ['flat', 0, q.notPositive],
    ['flat', -2, q.notPositive],
    ['flat', 1001, q.tooLarge],
    ['flat', '2', q.notANumber],
    ['flat', null, q.notANumber],
    ['month', 3, q.term],
    ['month', 24, q.term],
    ['piece', 2.5, q.wholeNumber],
    ['sqm', 2.255, q.decimals],
    ['sqm', 0.5, q.sqmBelowOne],
    ['hour', 0.75, q.hourBelowOne],
    ['hour', 1e9, q.tooLarge],
  ] as const)(
    'refuses %s × %s with a German message, when booking and when changing',
    async (unit, quantity, message) => {
      const user = await api.user();
      const article = await seeded(unit);
      const refused = await addToCart(user.token, article.id, { ...dates(), quantity });
      expect(refused).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: expect.stringContaining(message) },
      });
      const entry = await addToCart(user.token, article.id, dates());
      const change = await answer<ErrorBody>(
        api.request('PATCH', `/cart/entries/${entry.body.id}`, { token: user.token, body: { quantity } }),
      );
      expect(change).toMatchObject({ status: 400, body: { message: expect.stringContaining(message) } });
      expect((await cartOf(user.token)).body.articles.map((e) => e.quantity)).toEqual([entry.body.quantity]);
    },
  );

  it('lets staff set the unit, and fits the carts to it', async () => {
    const user = await api.user();
    const article = await api.createArticle(admin.token, {
      number: 'U1',
      type: 'Einheitentest',
      price: 40,
      departamentId: 14,
    });
    expect(article.unit).toBe('flat');
    await addToCart(user.token, article.id, { ...dates(), quantity: 3 });
    const refused = await answer<ErrorBody>(
      api.request('PATCH', `/articles/${article.id}`, { token: admin.token, body: { unit: 'kg' } }),
    );
    expect(refused).toMatchObject({ status: 400, body: { message: CATALOGUE_MESSAGES.unitUnknown } });
    const changed = await answer<ArticleView>(
      api.request('PATCH', `/articles/${article.id}`, { token: admin.token, body: { unit: 'month' } }),
    );
    expect(changed.body.unit).toBe('month');
    const [entry] = (await cartOf(user.token)).body.articles;
    expect(entry).toMatchObject({ quantity: 6, linePrice: 240, departureDate: lastDayOfTerm(dates().entryDate, 6) });
    await api.request('DELETE', `/articles/${article.id}`, { token: admin.token });
  });
});

describe('a customer as customers are', () => {
  it('with twenty paid bookings and a full cart sees every order, newest first, and a cart that adds up', async () => {
    const catalogue = await createRealisticCatalogue(api.send, admin.token);
    const customer = await api.user(REALISTIC_CUSTOMER);
    const orders = await createBookingHistory(api.send, customer.token, [
      ...catalogue.fivePhotos.articles,
      ...catalogue.twoPhotos.articles,
    ]);
    const cartArticles = fullCartArticles(catalogue);
    await addArticles(api.send, customer.token, cartArticles);

    const list = (await answer<BookingView[]>(api.request('GET', '/booking/get', { token: customer.token }))).body;
    expect(list).toHaveLength(BOOKING_HISTORY_LENGTH);
    expect(list.map((booking) => booking.id)).toEqual(orders.map((order) => order.id).reverse());
    expect(new Set(list.map((booking) => booking.status))).toEqual(new Set(['paid']));
    for (const booking of list) {
      const itemsTotal = booking.items.reduce((sum, item) => sum + Math.round(item.linePrice * 100), 0);
      expect(Math.round(booking.totalPrice * 100)).toBe(itemsTotal);
    }

    const cart = (await cartOf(customer.token)).body;
    expect(cart.articles).toHaveLength(FULL_CART_ENTRIES);
    const expectedCents = cart.articles.reduce((sum, entry) => sum + Math.round(entry.linePrice * 100), 0);
    expect(Math.round(cart.totalPriceArticles * 100)).toBe(expectedCents);
    expect(cart.articles.map((entry) => entry.quantity)).toEqual(cartArticles.map(() => 1));
    expect(cart.articles.map((entry) => entry.article.type)).toEqual(cartArticles.map((article) => article.type));
  });
});
