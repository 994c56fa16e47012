import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import type { ImageView } from '../../src/server/features/images/images.views.ts';
import { answer, setUpApiWithStaff } from './support/test-api.ts';

const picture = (format: 'png' | 'jpeg', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 18, g: 53, b: 91 } } })
    .withExif({ IFD0: { Copyright: 'Geheime Kamera GmbH', Artist: 'Max Mustermann' } })
    [format]()
    .toBuffer();

function form(data: Uint8Array | string, fileName: string, type: string, field = 'file'): FormData {
  const body = new FormData();
  body.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), fileName);
  return body;
}

// The same behaviour whichever blob store holds the files: a folder, or an S3 bucket (emulated).
describe.each(['disk', 's3'] as const)('images in %s storage', (storage) => {
  const ctx = setUpApiWithStaff({ storage });

  const upload = (owner: string, body: FormData, token = ctx.admin.token) =>
    answer<ImageView & { message?: string; statusCode?: number }>(
      ctx.api.request('POST', `/images/upload/${owner}`, { token, rawBody: body }),
    );

  describe('image upload', () => {
    it('accepts a PNG for a category (201), re-encoded without metadata, served with nosniff and long caching', async () => {
      const { status, body } = await upload('departament/13', form(await picture('png'), 'logo.png', 'image/png'));
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.any(Number),
        url: expect.stringMatching(/^\/api\/images\/file\/[a-f0-9]{32}\.png$/),
        width: 64,
        height: 48,
        variants: [{ width: 64, url: body.url.replace('.png', '-64.webp') }],
      });

      const served = await ctx.api.request('GET', body.url.replace('/api', ''));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 64, height: 48 });
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes('Geheime Kamera')).toBe(false);

      const category = await answer<CategoryView>(ctx.api.request('GET', '/departaments/13'));
      expect(category.body.imageUrls).toEqual([body.url]);
      expect(category.body.images).toEqual([body]);
    });

    it('accepts a JPEG for an article, whatever name and type the browser claims', async () => {
      const { status, body } = await upload(
        'article/1',
        form(await picture('jpeg'), 'photo.gif', 'application/octet-stream'),
      );
      expect(status).toBe(201);
      expect(body.url).toMatch(/\.jpg$/);
      const served = await ctx.api.request('GET', body.url.replace('/api', ''));
      const bytes = Buffer.from(await served.arrayBuffer());
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
      expect(bytes.includes('Mustermann')).toBe(false);
      const articles = await answer<{ id: number; imageUrls: string[] }[]>(
        ctx.api.request('GET', '/articles?departamentId=12'),
      );
      expect(articles.body.find((a) => a.id === 1)?.imageUrls).toContain(body.url);
    });

    it('scales very large images down to at most 2400 pixels a side', async () => {
      const { body } = await upload(
        'departament/14',
        form(await picture('jpeg', 4000, 1000), 'panorama.jpg', 'image/jpeg'),
      );
      const bytes = Buffer.from(await (await ctx.api.request('GET', body.url.replace('/api', ''))).arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 2400, height: 600 });
    });

    it.each([
      [
        'an SVG',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'bild.svg',
        'image/svg+xml',
      ],
      ['an SVG named .png', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'bild.png', 'image/png'],
      ['a GIF', 'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'bild.gif', 'image/gif'],
      ['a GIF named .png', 'GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'bild.png', 'image/png'],
      ['a text file named .png', 'Das ist kein Bild.', 'bild.png', 'image/png'],
      ['a PNG signature followed by garbage', '\u0089PNG\r\n\u001a\nkaputt', 'bild.png', 'image/png'],
    ])('refuses %s with 415 and stores nothing', async (_label, content, fileName, type) => {
      const before = (await ctx.api.storedFiles()).length;
      const data = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
      const { status, body } = await upload('departament/13', form(data, fileName, type));
      expect(status).toBe(415);
      expect(body).toEqual({ message: 'Nur JPEG- oder PNG-Bilder sind erlaubt.', statusCode: 415 });
      expect((await ctx.api.storedFiles()).length).toBe(before);
    });

    it('refuses a 6 MB file with 413', async () => {
      const big = Buffer.alloc(6 * 1024 * 1024, 0);
      Buffer.from([0xff, 0xd8, 0xff]).copy(big);
      const { status, body } = await upload('departament/13', form(big, 'gross.jpg', 'image/jpeg'));
      expect(status).toBe(413);
      expect(body).toEqual({ message: 'Das Bild ist größer als 5 MB.', statusCode: 413 });
    });

    it('asks for the file when the field is missing or named differently', async () => {
      const { status, body } = await upload(
        'departament/13',
        form(await picture('png'), 'a.png', 'image/png', 'image'),
      );
      expect(status).toBe(400);
      expect(body.message).toBe('Bitte wählen Sie eine Bilddatei aus (Feld "file").');
      expect((await upload('departament/13', new FormData())).status).toBe(400);
    });

    it('refuses an unknown owner (404), customers (403) and anonymous callers (401)', async () => {
      const png = await picture('png');
      expect((await upload('departament/99999', form(png, 'a.png', 'image/png'))).status).toBe(404);
      expect((await upload('article/99999', form(png, 'a.png', 'image/png'))).status).toBe(404);
      expect((await upload('departament/13', form(png, 'a.png', 'image/png'), ctx.customer.token)).status).toBe(403);
      expect(
        (await ctx.api.request('POST', '/images/upload/departament/13', { rawBody: form(png, 'a.png', 'image/png') }))
          .status,
      ).toBe(401);
    });

    it('serves no file that is not an upload', async () => {
      for (const name of ['..%2F..%2Fpackage.json', 'jwt-secret', 'abc.svg', `${'a'.repeat(32)}.png`]) {
        expect((await ctx.api.request('GET', `/images/file/${name}`)).status, name).toBe(404);
      }
    });
  });

  describe('image delete', () => {
    it('deletes its own image (not "image 1"): row and file go, others stay', async () => {
      const png = await picture('png');
      const first = await upload('departament/14', form(png, 'a.png', 'image/png'));
      const second = await upload('departament/14', form(png, 'b.png', 'image/png'));
      const secondFile = path.basename(second.body.url);
      expect(await ctx.api.storedFiles()).toContain(secondFile);

      expect((await ctx.api.request('DELETE', `/images/${second.body.id}`, { token: ctx.customer.token })).status).toBe(
        403,
      );
      expect((await ctx.api.request('DELETE', `/images/${second.body.id}`, { token: ctx.admin.token })).status).toBe(
        204,
      );
      expect(await ctx.api.storedFiles()).not.toContain(secondFile);
      expect((await ctx.api.request('GET', second.body.url.replace('/api', ''))).status).toBe(404);
      expect((await ctx.api.request('GET', first.body.url.replace('/api', ''))).status).toBe(200);
      expect((await ctx.api.request('DELETE', `/images/${second.body.id}`, { token: ctx.admin.token })).status).toBe(
        404,
      );
    });

    it('deleting a category removes the files of its images and of its articles’ images', async () => {
      const created = await answer<{ id: number }>(
        ctx.api.request('POST', '/departaments', {
          token: ctx.admin.token,
          body: { number: 'IMG', type: 'Bilder', description: 'Test' },
        }),
      );
      const article = await ctx.api.createArticle(ctx.admin.token, {
        number: 'I1',
        type: 'Bild',
        price: 1,
        departamentId: created.body.id,
      });
      const png = await picture('png');
      const own = await upload(`departament/${created.body.id}`, form(png, 'a.png', 'image/png'));
      const ofArticle = await upload(`article/${article.id}`, form(png, 'b.png', 'image/png'));
      await ctx.api.request('DELETE', `/departaments/${created.body.id}`, { token: ctx.admin.token });
      const stored = await ctx.api.storedFiles();
      for (const url of [own.body.url, ofArticle.body.url]) expect(stored).not.toContain(path.basename(url));
    });
  });

  describe('responsive variants', () => {
    const served = async (url: string) => {
      const response = await ctx.api.request('GET', url.replace('/api', ''));
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: await response.arrayBuffer(),
      };
    };

    it('makes WebP copies 480, 720, 960 and 1600 px wide of a large upload, each answered with 200', async () => {
      const { status, body } = await upload(
        'departament/14',
        form(await picture('jpeg', 2000, 1250), 'gross.jpg', 'image/jpeg'),
      );
      expect(status).toBe(201);
      expect(body.variants.map((variant) => variant.width)).toEqual([480, 720, 960, 1600]);
      for (const variant of body.variants) {
        const response = await served(variant.url);
        expect(response, variant.url).toMatchObject({ status: 200, type: 'image/webp' });
        const metadata = await sharp(Buffer.from(response.bytes)).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: variant.width, height: (variant.width * 1250) / 2000 });
      }
    });

    it('makes a missing variant on its first request (uploads from before variants existed)', async () => {
      const { body } = await upload('departament/14', form(await picture('png', 1000, 500), 'alt.png', 'image/png'));
      expect(body.variants.map((variant) => variant.width)).toEqual([480, 720, 960, 1000]);
      const [narrowest] = body.variants;
      const file = path.basename(narrowest?.url ?? '');
      await ctx.api.removeStoredFile(file);
      expect(await ctx.api.storedFiles()).not.toContain(file);
      expect(await served(narrowest?.url ?? '')).toMatchObject({ status: 200, type: 'image/webp' });
      expect(await ctx.api.storedFiles()).toContain(file);
    });

    it('refuses widths it does not make and names it does not know (404)', async () => {
      const { body } = await upload('departament/14', form(await picture('png', 800, 400), 'klein.png', 'image/png'));
      const base = path.basename(body.url, '.png');
      for (const name of [`${base}-1600.webp`, `${base}-123.webp`, `${base}-480.png`, `${'0'.repeat(32)}-480.webp`]) {
        expect((await ctx.api.request('GET', `/images/file/${name}`)).status, name).toBe(404);
      }
    });

    it('deletes the variants with their image', async () => {
      const { body } = await upload('departament/14', form(await picture('jpeg', 1200, 800), 'weg.jpg', 'image/jpeg'));
      expect((await ctx.api.request('DELETE', `/images/${body.id}`, { token: ctx.admin.token })).status).toBe(204);
      const stored = await ctx.api.storedFiles();
      for (const url of [body.url, ...body.variants.map((variant) => variant.url)]) {
        expect(stored, url).not.toContain(path.basename(url));
      }
    });
  });
});
