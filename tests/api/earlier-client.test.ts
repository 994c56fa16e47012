/**
 * The earlier front end of the product, replayed against this API: the calls it makes, with the
 * ids and headers it sends (docs/product.md#rest-api), must do what it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../src/server/features/cart/cart.views.ts';
import {
  answer,
  createTestApi,
  type ErrorBody,
  inDays,
  SITE_URL,
  type TestApi,
  type TestUser,
} from './support/test-api.ts';

let api: TestApi;
let customer: TestUser;

beforeAll(async () => {
  api = await createTestApi();
  customer = await api.user();
});

afterAll(() => api.close());

const book = (articleId: number, entry: number, departure: number) =>
  api.request('POST', `/cart/article/${articleId}`, {
    token: customer.token,
    body: { entryDate: inDays(entry), departureDate: inDays(departure) },
  });
const cart = async () => (await answer<CartView>(api.request('GET', '/cart', { token: customer.token }))).body;

describe('the earlier client against this API', () => {
  it('removes the entry of the article it names (cartItem.article.id), not the entry with that id', async () => {
    // The first entry of this fresh database (id 1) is of article 3: an id that collides with article 1.
    await book(3, 5, 6);
    await book(1, 5, 6);
    const [entryOfThree, entryOfOne] = (await cart()).articles;
    expect(entryOfThree).toMatchObject({ id: 1, article: { id: 3 } });
    expect(entryOfOne?.article.id).toBe(1);

    const removed = await api.request('DELETE', '/cart/remove_article/1', { token: customer.token });
    expect(removed.status).toBe(204);
    expect((await cart()).articles.map((entry) => entry.id)).toEqual([entryOfThree?.id]);
  });

  it('removes the earliest of several entries of the same article, and 404 when there is none', async () => {
    await api.request('DELETE', '/cart/clear', { token: customer.token });
    await book(2, 10, 11);
    await book(2, 3, 4);
    const [earliest, later] = (await cart()).articles;
    expect((await api.request('DELETE', '/cart/remove_article/2', { token: customer.token })).status).toBe(204);
    expect((await cart()).articles.map((entry) => entry.id)).toEqual([later?.id]);
    expect(earliest?.id).toBeLessThan(later?.id ?? 0);
    await api.request('DELETE', '/cart/remove_article/2', { token: customer.token });
    expect(await answer(api.request('DELETE', '/cart/remove_article/2', { token: customer.token }))).toEqual({
      status: 404,
      body: { message: 'Dieser Artikel ist nicht in Ihrem Warenkorb.', statusCode: 404 },
    });
  });

  it('never removes another customer’s entry of that article', async () => {
    const other = await api.user();
    await api.request('POST', '/cart/article/4', {
      token: other.token,
      body: { entryDate: inDays(2), departureDate: inDays(3) },
    });
    await api.request('DELETE', '/cart/clear', { token: customer.token });
    expect((await api.request('DELETE', '/cart/remove_article/4', { token: customer.token })).status).toBe(404);
    expect((await answer<CartView>(api.request('GET', '/cart', { token: other.token }))).body.countArticles).toBe(1);
  });

  it('reads a useful German `message` from a validation error, not only from `errors`', async () => {
    const { status, body } = await answer<ErrorBody>(
      api.request('POST', '/cart/article/1', { token: customer.token, body: { entryDate: '', departureDate: '' } }),
    );
    expect(status).toBe(400);
    expect(body.message).toBe('Bitte wählen Sie ein Startdatum.');
    expect(body.errors?.[0]).toEqual({ fieldName: 'entryDate', message: 'Bitte wählen Sie ein Startdatum.' });
  });

  it('may send its own custom header from the site’s origin, but not from another origin', async () => {
    const preflight = (origin: string) =>
      api.request('OPTIONS', '/cart/article/1', {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,x-requested-with,x-app-client',
        },
      });
    const own = await preflight(SITE_URL);
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(own.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-requested-with', 'x-app-client']),
    );
    const foreign = await preflight('https://andere-seite.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('charges an entry its article’s price once, whatever its dates', async () => {
    await api.request('DELETE', '/cart/clear', { token: customer.token });
    await book(1, 1, 14);
    expect((await cart()).totalPriceArticles).toBe(1200);
    expect((await answer(api.request('GET', '/cart/total_price', { token: customer.token }))).body).toBe(1200);
  });
});
