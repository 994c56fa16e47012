/**
 * The fault test's steady load: customers who browse, book and pay by card in the sandbox, and
 * an editor who uploads and removes photos, all through the load balancer, each from an address of
 * their own (X-Forwarded-For). Every exchange is recorded with what its answer depends on. A
 * person who gets no answer or a 5xx tries the same step again a moment later, as people do
 * (reload, click again); a step that got its answer is never repeated. Every third card payment
 * a customer leaves after paying, without the return to the shop, so the webhook or the
 * reconciliation has to finish it.
 */
import { inDays, photo } from '../support/realistic-shop.ts';

/** What an answer depends on beyond the server: nothing (a pre-rendered page), the database, or the bucket (and the database). */
export type Needs = 'nothing' | 'database' | 'bucket';

export interface Exchange {
  step: string;
  needs: Needs;
  startedAt: number;
  endedAt: number;
  /** 0: no answer (the connection failed, or none within the limit). */
  status: number;
  retryAfter: boolean;
  error?: string;
}

export interface Person {
  ip: string;
  token: string;
}

export interface ShopToBrowse {
  categoryId: number;
  articleIds: number[];
  imageUrl: string;
}

export interface Load {
  exchanges: Exchange[];
  /** Card payments made in the sandbox, by session id, and which of them the customer left without returning. */
  payments: { sessionId: string; bookingId: number; left: boolean }[];
  /** Lets every person finish the step under way, and the customers their payment, then stops. */
  stop(): Promise<void>;
}

/** A person's pause between two steps. */
const THINK_MS = 250;
/** No answer within this is a hang, counted as no answer. */
const ANSWER_LIMIT_MS = 30_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startLoad(baseUrl: string, shop: ShopToBrowse, customers: Person[], editor: Person): Load {
  const exchanges: Exchange[] = [];
  const payments: Load['payments'] = [];
  let stopping = false;

  async function exchange(person: Person, step: string, needs: Needs, path: string, init: RequestInit = {}) {
    const startedAt = Date.now();
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', person.ip);
    if (person.token) headers.set('Authorization', `Bearer ${person.token}`);
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_LIMIT_MS),
      });
      const text = await response.text();
      const retryAfter = response.headers.has('retry-after');
      exchanges.push({ step, needs, startedAt, endedAt: Date.now(), status: response.status, retryAfter });
      return { status: response.status, text };
    } catch (error) {
      const message =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      exchanges.push({ step, needs, startedAt, endedAt: Date.now(), status: 0, retryAfter: false, error: message });
      return { status: 0, text: '' };
    }
  }

  /** A step repeated while it gets no answer or a 5xx; its answer once `done` accepts one (or a 4xx ends the try). */
  async function persist(
    person: Person,
    step: string,
    needs: Needs,
    path: string,
    init: RequestInit,
    done: (status: number, repeated: boolean) => boolean,
  ) {
    for (let repeated = false; ; repeated = true) {
      const answer = await exchange(person, step, needs, path, init);
      if (done(answer.status, repeated)) return { ok: true, ...answer };
      if (answer.status !== 0 && answer.status < 500) return { ok: false, ...answer };
      await pause(THINK_MS * 2);
    }
  }

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  async function browse(person: Person) {
    const pages: [string, Needs][] = [
      ['/', 'nothing'],
      ['/shop', 'nothing'],
      ['/api/departaments', 'database'],
      [`/departaments/${shop.categoryId}`, 'database'],
      [`/api/departaments/${shop.categoryId}`, 'database'],
      [shop.imageUrl, 'bucket'],
      ['/preise', 'nothing'],
    ];
    for (const [path, needs] of pages) {
      await exchange(person, path.startsWith('/api/images') ? 'image' : path, needs, path, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      await pause(THINK_MS);
    }
  }

  async function bookAndPay(person: Person, round: number) {
    const articleId = shop.articleIds[round % shop.articleIds.length] as number;
    const day = inDays(14 + (round % 300));
    const booked = await persist(
      person,
      'cart',
      'database',
      `/api/cart/article/${articleId}`,
      json({ entryDate: day, departureDate: day }),
      (status) => status === 201 || status === 200,
    );
    if (!booked.ok) return;
    await pause(THINK_MS);
    const started = await persist(
      person,
      'payment start',
      'database',
      '/api/payment/stripe/checkout-session',
      json({ earlyStart: true }),
      (status) => status === 200 || status === 201,
    );
    if (!started.ok) return;
    const { sessionId, bookingId } = JSON.parse(started.text) as { sessionId: string; bookingId: number };
    await pause(THINK_MS);
    // Stripe's page; asked again after no answer, it says the session is paid already (409).
    const paid = await persist(
      person,
      'sandbox payment',
      'database',
      `/api/sandbox/stripe/checkout/${sessionId}`,
      { method: 'POST', body: new URLSearchParams({ action: 'pay' }) },
      (status, repeated) => status === 303 || (repeated && status === 409),
    );
    if (!paid.ok) return;
    const left = round % 3 === 2;
    payments.push({ sessionId, bookingId, left });
    if (left) return;
    await pause(THINK_MS);
    await persist(
      person,
      'payment confirmation',
      'database',
      '/api/payments/confirm-payment',
      json({ bookingId, paymentMethod: 'card', sessionId }),
      (status) => status === 200,
    );
  }

  async function customer(person: Person) {
    for (let round = 0; !stopping; round++) {
      await browse(person);
      if (!stopping) await bookAndPay(person, round);
    }
  }

  /** The editor adds a photo to the category and takes it away again, every two seconds. */
  async function editing(person: Person) {
    for (let round = 0; !stopping; round++) {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(await photo(1000 + (round % 5)))], 'foto.jpg', { type: 'image/jpeg' }));
      const path = `/api/images/upload/departament/${shop.categoryId}`;
      const uploaded = await exchange(person, 'upload', 'bucket', path, { method: 'POST', body: form });
      if (uploaded.status === 201) {
        const { id } = JSON.parse(uploaded.text) as { id: number };
        await persist(person, 'photo removal', 'bucket', `/api/images/${id}`, { method: 'DELETE' }, (s) => s === 204);
      }
      await pause(THINK_MS * 8);
    }
  }

  const running = [...customers.map(customer), editing(editor)];
  return {
    exchanges,
    payments,
    stop: async () => {
      stopping = true;
      await Promise.all(running);
    },
  };
}
