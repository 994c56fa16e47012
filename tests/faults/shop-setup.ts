/**
 * The shop the fault test's load meets, made through the load balancer as people make it: the
 * editor's category with two photos and four articles (tests/support/realistic-shop.ts), and
 * customers who register, confirm their address from the mail, log in and give their billing
 * address, each from an address of their own.
 */
import { parseEml } from '../support/eml.ts';
import { linkIn } from '../support/outbox.ts';
import {
  createCategory,
  logIn,
  REALISTIC_BILLING_ADDRESS,
  REALISTIC_CATEGORIES,
  REALISTIC_CUSTOMER,
  type Send,
} from '../support/realistic-shop.ts';
import { type Delivery, deliveredTo } from '../support/smtp-capture.ts';
import type { Person, ShopToBrowse } from './customers.ts';

export const PASSWORD = 'Sommer-2026!A';

/** Requests below /api through the load balancer, from `ip`. */
const sender =
  (baseUrl: string, ip: string): Send =>
  (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', ip);
    return fetch(`${baseUrl}/api${path}`, { ...init, headers });
  };

async function ok(response: Promise<Response>, what: string): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return answer;
}

/** The mail to `address` once it has arrived (asked every 100 ms, at most `limitMs`). */
async function mailTo(deliveries: Delivery[], address: string, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const [delivery] = deliveredTo(deliveries, address);
    if (delivery) return parseEml(delivery.raw.replace(/\r\n/g, '\n'));
    if (Date.now() > until) throw new Error(`no mail to ${address} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function editorsShop(
  baseUrl: string,
  adminEmail: string,
): Promise<{ editor: Person; shop: ShopToBrowse }> {
  const ip = '198.51.100.200';
  const send = sender(baseUrl, ip);
  const token = await logIn(send, adminEmail, PASSWORD);
  const category = await createCategory(send, token, REALISTIC_CATEGORIES.twoPhotos);
  const imageUrl = category.images[0]?.url;
  if (!imageUrl) throw new Error('the category has no photo');
  return {
    editor: { ip, token },
    shop: { categoryId: category.id, articleIds: category.articles.map((article) => article.id), imageUrl },
  };
}

export async function customers(baseUrl: string, deliveries: Delivery[], count: number): Promise<Person[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const ip = `198.51.100.${index + 1}`;
      const send = sender(baseUrl, ip);
      const userEmail = `kundin${index + 1}.fehlertest@example.de`;
      const registration = { ...REALISTIC_CUSTOMER, userEmail, password: PASSWORD };
      const json = (method: string, body: unknown, token?: string): RequestInit => ({
        method,
        headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      await ok(send('/auth/register', json('POST', registration)), `registration of ${userEmail}`);
      const code = new URL(linkIn(await mailTo(deliveries, userEmail), '/auth/confirm')).searchParams.get('code');
      await ok(send(`/auth/confirm?code=${code}`), `confirmation of ${userEmail}`);
      const token = await logIn(send, userEmail, PASSWORD);
      await ok(send('/users/me/billing-address', json('PUT', REALISTIC_BILLING_ADDRESS, token)), 'billing address');
      return { ip, token };
    }),
  );
}
