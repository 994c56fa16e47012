/**
 * A page whose HTML arrives in two parts (a slow line, a busy server, the browser's parser taking a
 * break) is first painted whole: nothing shown moves when the rest arrives
 * (docs/product.md#h11-speed). Before, the header's brand was painted without its subtitle at
 * 375 px and then moved 7 px up (CLS 0.0003, now and then in responsive.spec.ts), the links at
 * 1280 px slid left as their neighbours came, a landing page's motif landed above the heading and
 * the cookie banner grew upwards. Here each page comes through a line that stops at such a place
 * for half a second: no layout shift, and the brand keeps the box of the first frame.
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

type WithBoxes = Window & { brandBoxes?: string[] };

/** Notes the header brand's box in every frame until the page has loaded (each change once). */
async function recordBrandBoxes(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const boxes: string[] = [];
    (window as WithBoxes).brandBoxes = boxes;
    const look = () => {
      const brand = document.querySelector('.site-header .brand')?.getBoundingClientRect();
      const box = brand && `${brand.x},${brand.y} ${brand.width}×${brand.height}`;
      if (box && boxes.at(-1) !== box) boxes.push(box);
      if (document.readyState !== 'complete') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () => page.evaluate(() => (window as WithBoxes).brandBoxes ?? []);
}

interface Pause {
  title: string;
  width: number;
  path: (shop: RealShop) => string;
  /** Where the line stops: the body's first occurrence of this markup. */
  stopBefore: string;
  as?: 'customer';
}

const PAUSES: Pause[] = [
  { title: 'the brand without its subtitle', width: 375, path: () => '/', stopBefore: '<span class="brand__subtitle"' },
  {
    title: 'the brand without the menu button',
    width: 320,
    path: () => '/',
    stopBefore: '<button class="menu-toggle"',
  },
  { title: 'half of the header links', width: 1280, path: () => '/', stopBefore: '<a href="/aboutus"' },
  {
    title: 'a logged-in header without its account links',
    width: 1280,
    path: (shop) => `/departaments/${shop.catalogue.fivePhotos.id}`,
    stopBefore: '<ul class="site-nav__account"',
    as: 'customer',
  },
  {
    title: 'the brand without its subtitle, logged in, while the session is checked',
    width: 375,
    path: (shop) => `/departaments/${shop.catalogue.fivePhotos.id}`,
    stopBefore: '<span class="brand__subtitle"',
    as: 'customer',
  },
  { title: 'a landing page without its motif', width: 375, path: () => '/lieferung', stopBefore: 'class="hero__art' },
];

for (const pause of PAUSES) {
  test(`${pause.title} at ${pause.width} px is never painted`, async ({ page, baseURL, realShop }) => {
    if (pause.as) await signIn(page, realShop.customer.accessToken);
    const line = await pausingLine(baseURL as string, pause.stopBefore);
    try {
      const layoutShifts = await recordLayoutShifts(page);
      const brandBoxes = await recordBrandBoxes(page);
      await page.setViewportSize({ width: pause.width, height: 800 });
      await page.goto(`${line.origin}${pause.path(realShop)}`);
      await expect(page.locator('html')).toHaveAttribute('data-shell', 'ready');
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts(), `layout shifts: ${await layoutShiftSources(page)}`).toBe(0);
      expect(await brandBoxes(), 'the brand in each frame').toHaveLength(1);
    } finally {
      line.close();
    }
  });
}

test.describe('a first visit', () => {
  test.use({ freshVisitor: true });

  test('the cookie banner without its buttons at 375 px is never painted', async ({ page, baseURL }) => {
    const line = await pausingLine(baseURL as string, '<div class="cookie-banner__actions"');
    try {
      const layoutShifts = await recordLayoutShifts(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${line.origin}/login`);
      await expect(page.getByRole('region', { name: 'Cookies und Datenschutz' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts(), `layout shifts: ${await layoutShiftSources(page)}`).toBe(0);
    } finally {
      line.close();
    }
  });
});
