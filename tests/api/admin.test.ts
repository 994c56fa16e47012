/**
 * Staff's API (docs/product.md#d7-admin-guard, #d23-admin-editing-and-orders): editing categories
 * and articles, the booking overview, and the guard on every admin route.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../src/lib/catalogue.ts';
import { bookings, paymentAttempts } from '../../src/server/db/schema.ts';
import type { AdminBookingPage } from '../../src/server/features/admin/admin.views.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import type { ArticleView, CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import { answer, type ErrorBody, inDays, setUpApiWithStaff, type TestUser } from './support/test-api.ts';

const ctx = setUpApiWithStaff();

async function newCategory(number: string) {
  const created = await answer<CategoryView>(
    ctx.api.request('POST', '/departaments', {
      token: ctx.admin.token,
      body: { number, type: 'Bearbeitbar', description: 'Eine Kategorie zum Bearbeiten.' },
    }),
  );
  expect(created.status).toBe(201);
  return created.body;
}

const patch = (path: string, body: unknown, token = ctx.admin.token) =>
  answer<CategoryView & ArticleView & ErrorBody>(ctx.api.request('PATCH', path, { token, body }));

/** A booking of `user` for one article, placed as the product places it: by starting a payment. */
async function placeBooking(user: TestUser, articleId: number): Promise<BookingView> {
  await ctx.api.request('DELETE', '/cart/clear', { token: user.token });
  await ctx.api.request('POST', `/cart/article/${articleId}`, {
    token: user.token,
    body: { entryDate: inDays(3), departureDate: inDays(4) },
  });
  return ctx.api.placeBooking(user.token);
}

const overview = (query = '', token = ctx.admin.token) =>
  answer<AdminBookingPage & ErrorBody>(ctx.api.request('GET', `/admin/bookings${query}`, { token }));

describe('editing a category', () => {
  it('changes only the fields sent and answers the whole category', async () => {
    const category = await newCategory('E-1');
    const changed = await patch(`/departaments/${category.id}`, { type: 'Neuer Typ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: category.id,
      number: 'E-1',
      type: 'Neuer Typ',
      description: category.description,
    });
  });

  it.each([
    [{}, '', CATALOGUE_MESSAGES.nothingToChange],
    [{ type: '  ' }, 'type', CATALOGUE_MESSAGES.categoryTypeRequired],
    [{ description: 'x'.repeat(2001) }, 'description', CATALOGUE_MESSAGES.tooLong(2000)],
    [{ number: 7 }, 'number', CATALOGUE_MESSAGES.categoryNumberRequired],
  ])('refuses %j like at creation (400)', async (body, fieldName, message) => {
    const category = await newCategory(`E-V${Math.random().toString(36).slice(2, 8)}`);
    const { status, body: error } = await patch(`/departaments/${category.id}`, body);
    expect(status).toBe(400);
    expect(error.message).toBe(message);
    expect(error.errors).toContainEqual({ fieldName, message });
  });

  it('answers 409 for a number another category has, 404 for an unknown one', async () => {
    const category = await newCategory('E-2');
    expect((await patch(`/departaments/${category.id}`, { number: '12' })).status).toBe(409);
    expect((await patch('/departaments/999999', { type: 'X' })).status).toBe(404);
  });
});

describe('editing an article', () => {
  it('applies a new price to carts at once and never to placed bookings', async () => {
    const category = await newCategory('E-3');
    const article = await ctx.api.createArticle(ctx.admin.token, {
      number: 'P',
      type: 'Preis-Test',
      price: 100,
      departamentId: category.id,
    });
    const buyer = await ctx.api.user();
    const placed = await placeBooking(buyer, article.id);
    await ctx.api.request('POST', `/cart/article/${article.id}`, {
      token: buyer.token,
      body: { entryDate: inDays(8), departureDate: inDays(8) },
    });

    const changed = await patch(`/articles/${article.id}`, { price: 149.9, type: 'Neuer Name' });
    expect(changed).toMatchObject({
      status: 200,
      body: { id: article.id, price: 149.9, type: 'Neuer Name', number: 'P' },
    });
    // Both entries in the cart (the ordered one stays there until it is paid) cost the new price.
    expect((await answer(ctx.api.request('GET', '/cart/total_price', { token: buyer.token }))).body).toBe(299.8);
    const [booking] = (await answer<BookingView[]>(ctx.api.request('GET', '/booking/get', { token: buyer.token })))
      .body;
    expect(booking).toMatchObject({ id: placed.id, totalPrice: 100 });
    expect(booking?.items[0]).toMatchObject({ price: 100, type: 'Preis-Test' });
  });

  it('validates like creation, and answers 409 for a number taken in its category', async () => {
    const category = await newCategory('E-4');
    const first = await ctx.api.createArticle(ctx.admin.token, {
      number: 'A',
      type: 'Eins',
      price: 1,
      departamentId: category.id,
    });
    await ctx.api.createArticle(ctx.admin.token, { number: 'B', type: 'Zwei', price: 2, departamentId: category.id });
    expect((await patch(`/articles/${first.id}`, { price: -1 })).body.message).toBe(CATALOGUE_MESSAGES.priceInvalid);
    expect((await patch(`/articles/${first.id}`, { price: 1.005 })).status).toBe(400);
    expect((await patch(`/articles/${first.id}`, { number: 'B' })).status).toBe(409);
    expect((await patch('/articles/999999', { price: 1 })).status).toBe(404);
  });
});

describe('the admin guard', () => {
  const adminRoutes: [string, string, unknown?][] = [
    ['POST', '/departaments', { number: 'G', type: 'G', description: 'G' }],
    ['PATCH', '/departaments/13', { type: 'G' }],
    ['DELETE', '/departaments/13'],
    ['POST', '/articles', { number: 'G', type: 'G', price: 1, departamentId: 13 }],
    ['PATCH', '/articles/1', { price: 1 }],
    ['DELETE', '/articles/1'],
    ['DELETE', '/images/1'],
    ['GET', '/admin/bookings'],
    ['POST', '/admin/bookings/1/cancel'],
  ];

  it.each(adminRoutes)('refuses %s %s to customers (403) and visitors (401)', async (method, path, body) => {
    expect((await ctx.api.request(method, path, { token: ctx.customer.token, body })).status).toBe(403);
    expect((await ctx.api.request(method, path, { body })).status).toBe(401);
  });

  it.each(['/images/upload/departament/13', '/images/upload/article/1'])(
    'refuses POST %s to customers (403) and visitors (401)',
    async (path) => {
      const upload = () => {
        const form = new FormData();
        form.append('file', new Blob(['x'], { type: 'image/png' }), 'x.png');
        return form;
      };
      expect((await ctx.api.request('POST', path, { token: ctx.customer.token, rawBody: upload() })).status).toBe(403);
      expect((await ctx.api.request('POST', path, { rawBody: upload() })).status).toBe(401);
    },
  );
});

describe('the booking overview', () => {
  it('lists every customer’s bookings, newest first, with customer, items, total, status and payment method', async () => {
    const anna = await ctx.api.user({ firstName: 'Annegret', lastName: 'Übersicht' });
    const booking = await placeBooking(anna, 2);
    const { status, body } = await overview();
    expect(status).toBe(200);
    expect(body.bookings[0]).toMatchObject({
      id: booking.id,
      bookingNumber: booking.bookingNumber,
      status: 'pending_payment',
      totalPrice: 2500,
      paymentMethod: null,
      customer: { name: 'Annegret Übersicht', email: anna.userEmail },
      items: [expect.objectContaining({ number: '2', price: 2500 })],
      cancellable: false,
    });
    const times = body.bookings.map((b) => b.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by status, searches booking number, name and e-mail, and pages by 20', async () => {
    const berta = await ctx.api.user({ firstName: 'Berta', lastName: 'Suchbar' });
    const placed: BookingView[] = [];
    for (let n = 0; n < 22; n++) placed.push(await placeBooking(berta, 1 + (n % 5)));
    const [one] = placed;
    if (!one) throw new Error('no booking');
    await ctx.api.db.update(bookings).set({ status: 'paid', paymentMethod: 'paypal' }).where(eq(bookings.id, one.id));

    const byEmail = await overview(`?q=${encodeURIComponent(berta.userEmail)}`);
    expect(byEmail.body).toMatchObject({ total: 22, page: 1, pageSize: 20, pages: 2 });
    expect(byEmail.body.bookings).toHaveLength(20);
    const second = await overview(`?q=${encodeURIComponent(berta.userEmail)}&page=2`);
    expect(second.body.bookings).toHaveLength(2);
    expect([...byEmail.body.bookings, ...second.body.bookings].map((b) => b.id).sort()).toEqual(
      placed.map((b) => b.id).sort(),
    );
    expect((await overview('?q=berta suchbar')).body.total).toBe(22);
    const byNumber = await overview(`?q=${one.bookingNumber.slice(-6).toLowerCase()}`);
    expect(byNumber.body.bookings.map((b) => b.id)).toContain(one.id);
    const paid = await overview(`?status=paid&q=${encodeURIComponent(berta.userEmail)}`);
    expect(paid.body.bookings.map((b) => [b.id, b.status, b.paymentMethod])).toEqual([[one.id, 'paid', 'paypal']]);
  });

  it('refuses malformed filters with a German 400', async () => {
    expect((await overview('?status=bezahlt')).body.message).toBe('Unbekannter Status.');
    expect((await overview('?page=0')).status).toBe(400);
    expect((await overview(`?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('is the same for another admin’s session', async () => {
    const other = await ctx.api.admin();
    expect((await overview('', other.token)).body).toEqual((await overview()).body);
  });

  it('cancels a booking only once its payment window, counted from its newest payment attempt, has passed', async () => {
    const carl = await ctx.api.user();
    const fresh = await placeBooking(carl, 3);
    const cancel = () => ctx.api.request('POST', `/admin/bookings/${fresh.id}/cancel`, { token: ctx.admin.token });
    expect((await cancel()).status).toBe(409);
    const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await ctx.api.db.update(bookings).set({ createdAt: dayAndHourAgo }).where(eq(bookings.id, fresh.id));
    // The customer started paying later than the order was placed: that payment still has its window.
    expect((await overview(`?q=${fresh.bookingNumber}`)).body.bookings[0]?.cancellable).toBe(false);
    expect((await cancel()).status).toBe(409);
    await ctx.api.db
      .update(paymentAttempts)
      .set({ createdAt: dayAndHourAgo })
      .where(eq(paymentAttempts.bookingId, fresh.id));
    const listed = await overview(`?q=${fresh.bookingNumber}`);
    expect(listed.body.bookings[0]?.cancellable).toBe(true);
    const cancelled = await cancel();
    expect(cancelled.status, await cancelled.clone().text()).toBe(204);
    // Its card session is closed at Stripe: nobody can pay a cancelled order.
    const attempts = await ctx.api.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, fresh.id));
    expect(attempts.map((attempt) => attempt.status)).toEqual(['expired']);
    expect((await overview(`?q=${fresh.bookingNumber}`)).body.bookings[0]).toMatchObject({
      status: 'cancelled',
      cancellable: false,
    });
    expect(
      (await ctx.api.request('POST', `/admin/bookings/${fresh.id}/cancel`, { token: ctx.admin.token })).status,
    ).toBe(409);
    expect((await ctx.api.request('POST', '/admin/bookings/999999/cancel', { token: ctx.admin.token })).status).toBe(
      404,
    );
  });
});
