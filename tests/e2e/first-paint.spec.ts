/**
 * A page whose HTML arrives in two parts (a slow line, a busy server, the browser's parser taking a
 * break) is first painted whole: nothing shown moves when the rest arrives
 * (docs/product.md#h11-speed). Before, the header's brand was painted without its subtitle at
 * 375 px and then moved 7 px up (CLS 0.0003, now and then in responsive.spec.ts), the links at
 * 1280 px slid left as their neighbours came, a landing page's motif landed above the heading, the
 * cookie banner grew upwards and an example site's hero card moved up. Here each page comes through
 * a line that stops at such a place for half a second: no layout shift, and what moved before keeps
 * the box of its first frame.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { layoutShiftSources, recordLayoutShifts } from './support/layout-shift.ts';
import type { RealShop } from './support/real-shop.ts';

const PAUSE_MS = 500;
/** What a line between two servers does not pass on (the body is sent again, uncompressed). */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'content-encoding', 'transfer-encoding']);

const forwarded = (headers: IncomingHttpHeaders | Headers): [string, string][] =>
  [...(headers instanceof Headers ? headers : Object.entries(headers))]
    .filter(([name, value]) => !HOP_BY_HOP.has(name) && value !== undefined)
    .map(([name, value]) => [name, String(value)]);

/**
 * A line to the e2e server that sends each page up to the first `stopBefore` in its body, pauses,
 * then sends the rest; everything else passes unchanged. Returns its origin.
 */
async function pausingLine(target: string, stopBefore: string): Promise<{ origin: string; close: () => void }> {
  const pass = async (request: IncomingMessage): Promise<Response> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return fetch(new URL(request.url ?? '/', target), {
      method: request.method,
      headers: [...forwarded(request.headers), ['accept-encoding', 'identity']],
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
  };
  const server = createServer(async (request, response) => {
    const upstream = await pass(request).catch(() => undefined);
    if (!upstream) return void response.writeHead(502).end();
    const body = Buffer.from(await upstream.arrayBuffer());
    response.writeHead(upstream.status, forwarded(upstream.headers).flat());
    const text = body.toString('utf8');
    const stop = upstream.headers.get('content-type')?.startsWith('text/html')
      ? text.indexOf(stopBefore, text.indexOf('<body'))
      : -1;
    if (stop < 0) return void response.end(body);
    const cut = Buffer.byteLength(text.slice(0, stop));
    response.write(body.subarray(0, cut));
    setTimeout(() => response.end(body.subarray(cut)), PAUSE_MS);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

type WithBoxes = Window & { boxes?: string[] };

/** Notes the box of the first element matching `selector` in every frame until the page has loaded (each change once). */
async function recordBoxes(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((watched) => {
    const boxes: string[] = [];
    (window as WithBoxes).boxes = boxes;
    const look = () => {
      const rect = document.querySelector(watched)?.getBoundingClientRect();
      const box = rect && `${rect.x},${rect.y} ${rect.width}×${rect.height}`;
      if (box && boxes.at(-1) !== box) boxes.push(box);
      if (document.readyState !== 'complete') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, selector);
  return () => page.evaluate(() => (window as WithBoxes).boxes ?? []);
}

interface Pause {
  /** What the first paint would have shown. */
  title: string;
  width: number;
  path: (shop: RealShop) => string;
  /** Where the line stops: the body's first occurrence of this markup. */
  stopBefore: string;
  /** What moved when the rest came: it must keep the box of its first frame. */
  watch: string;
  visitor?: 'customer' | 'first visit';
}

const categoryPage = (shop: RealShop) => `/departaments/${shop.catalogue.fivePhotos.id}`;

const PAUSES: Pause[] = [
  {
    title: 'the brand without its subtitle',
    width: 375,
    path: () => '/',
    stopBefore: '<span class="brand__subtitle"',
    watch: '.site-header .brand',
  },
  {
    title: 'the brand, logged in, without its subtitle while the session is checked',
    width: 375,
    path: categoryPage,
    stopBefore: '<span class="brand__subtitle"',
    watch: '.site-header .brand',
    visitor: 'customer',
  },
  {
    title: 'the brand without the menu button',
    width: 320,
    path: () => '/',
    stopBefore: '<button class="menu-toggle"',
    watch: '.site-header .brand',
  },
  {
    title: 'half of the header links',
    width: 1280,
    path: () => '/',
    stopBefore: '<a href="/aboutus"',
    watch: '.site-nav',
  },
  {
    title: 'a logged-in header without its account links',
    width: 1280,
    path: categoryPage,
    stopBefore: '<ul class="site-nav__account"',
    watch: '.site-nav',
    visitor: 'customer',
  },
  {
    title: 'a landing page without the motif above its heading',
    width: 375,
    path: () => '/lieferung',
    stopBefore: 'class="hero__art',
    watch: 'h1',
  },
  {
    title: 'the cookie banner without its buttons',
    width: 375,
    path: () => '/login',
    stopBefore: '<div class="cookie-banner__actions"',
    watch: '.cookie-banner',
    visitor: 'first visit',
  },
  {
    title: 'an example site with half of its hero card',
    width: 1280,
    path: () => '/beispiele/hotel',
    stopBefore: '<span>Familienzimmer</span>',
    watch: '.demo-hero__card',
  },
];

for (const pause of PAUSES) {
  test.describe(() => {
    test.use({ freshVisitor: pause.visitor === 'first visit' });

    test(`${pause.title} at ${pause.width} px is never painted`, async ({ page, baseURL, realShop }) => {
      if (pause.visitor === 'customer') await signIn(page, realShop.customer.accessToken);
      const line = await pausingLine(baseURL as string, pause.stopBefore);
      try {
        const layoutShifts = await recordLayoutShifts(page);
        const boxes = await recordBoxes(page, pause.watch);
        await page.setViewportSize({ width: pause.width, height: 800 });
        await page.goto(`${line.origin}${pause.path(realShop)}`);
        await page.waitForLoadState('networkidle');
        expect(await layoutShifts(), `layout shifts: ${await layoutShiftSources(page)}`).toBe(0);
        expect(await boxes(), `${pause.watch} in each frame`).toHaveLength(1);
      } finally {
        line.close();
      }
    });
  });
}
