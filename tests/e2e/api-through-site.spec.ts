/**
 * The API as `npm start` serves it (through Astro at /api), called the way API clients do:
 * without a browser's Origin header, with bearer tokens, multipart uploads and large bodies.
 */
import sharp from 'sharp';
import { confirmedCustomer } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('body-less POSTs work without an Origin header', async ({ request }) => {
  const account = await confirmedCustomer(request);
  const token = account.token;
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.post('/api/booking/confirm', { headers: auth })).status()).toBe(200);
  expect((await request.post('/api/auth/logout', { headers: auth })).status()).toBe(204);
  expect((await request.get('/api/users/me', { headers: auth })).status()).toBe(401);
});

test('an administrator uploads, serves and deletes an image through the site', async ({ request, adminToken }) => {
  const auth = { Authorization: `Bearer ${adminToken}` };
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const upload = await request.post('/api/images/upload/departament/14', {
    headers: auth,
    multipart: { file: { name: 'motiv.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const { id, url } = (await upload.json()) as { id: number; url: string };
  const served = await request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.delete(`/api/images/${id}`, { headers: auth })).status()).toBe(204);
  expect((await request.get(url)).status()).toBe(404);
});

test('too large uploads and unknown paths get the JSON error shape', async ({ request, adminToken }) => {
  const big = Buffer.alloc(6 * 1024 * 1024, 1);
  const tooLarge = await request.post('/api/images/upload/departament/14', {
    headers: { Authorization: `Bearer ${adminToken}` },
    multipart: { file: { name: 'gross.jpg', mimeType: 'image/jpeg', buffer: big } },
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toEqual({ message: 'Das Bild ist größer als 5 MB.', statusCode: 413 });
  const unknown = await request.get('/api/gibt-es-nicht');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Nicht gefunden.', statusCode: 404 });
});
