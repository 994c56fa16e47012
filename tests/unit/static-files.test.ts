/**
 * The static layer and the project's builds (docs/product.md#operations): a file's length and
 * bytes always come from the same version of it, and a build becomes `dist` only when complete,
 * while the folder a server serves stays as it was. (The whole product rebuilt under load is
 * tests/api/operations.test.ts.)
 */
import { existsSync, mkdirSync, mkdtempSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBuildInUse, servedBuild, switchDist } from '../../src/server/builds.ts';
import { staticFiles } from '../../src/server/http/static-files.ts';

const page = (words: number) => `<!doctype html><title>Shop</title>${'<p>Schön, übersichtlich.</p>'.repeat(words)}`;

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hwds-static-'));
  mkdirSync(path.join(dir, '_astro'));
  mkdirSync(path.join(dir, 'beispiele'));
  writeFileSync(path.join(dir, 'index.html'), page(1));
  writeFileSync(path.join(dir, 'shop.html'), page(200));
  writeFileSync(path.join(dir, 'shop.html.br'), brotliCompressSync(page(200)));
  writeFileSync(path.join(dir, 'beispiele/hotel.html'), page(2));
  writeFileSync(path.join(dir, '_astro/shell.js'), 'console.log(1)');
  writeFileSync(path.join(dir, '.secret'), 'nein');
  const serve = await staticFiles(dir, (res) => res.setHeader('Cache-Control', 'public, max-age=0'));
  server = createServer((req, res) =>
    serve(req, res, () => {
      res.writeHead(404);
      res.end('weiter');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The answer as the bytes that came, with the length the headers announced. */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${urlPath}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the static layer', () => {
  it('serves a page by its path, the brotli copy to a browser that takes it, with type and caching', async () => {
    const plain = await get('/shop');
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(page(200));
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=0');
    const compressed = await get('/shop', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(compressed.body).toString()).toBe(page(200));
    expect((await get('/')).body.toString()).toBe(page(1));
    expect((await get('/beispiele/hotel')).body.toString()).toBe(page(2));
    expect((await get('/_astro/shell.js')).headers['content-type']).toBe('text/javascript');
  });

  it('answers a repeated request by its ETag with 304, and HEAD without a body', async () => {
    const first = await get('/shop');
    expect((await get('/shop', { 'If-None-Match': String(first.headers.etag) })).status).toBe(304);
    const head = await get('/shop', {}, 'HEAD');
    expect({ status: head.status, length: head.headers['content-length'], body: head.body.length }).toEqual({
      status: 200,
      length: String(Buffer.byteLength(page(200))),
      body: 0,
    });
  });

  it('leaves other paths, hidden files and other methods to the next handler', async () => {
    for (const [urlPath, method] of [
      ['/gibt-es-nicht', 'GET'],
      ['/.secret', 'GET'],
      ['/shop', 'POST'],
      ['/%E0%A4%A', 'GET'],
    ] as const) {
      const answer = await get(urlPath, {}, method);
      expect({ urlPath, status: answer.status, body: answer.body.toString() }).toEqual({
        urlPath,
        status: 404,
        body: 'weiter',
      });
    }
  });

  it('sends a file replaced after the start whole: its own length with its own bytes', async () => {
    const longer = page(400);
    const next = path.join(dir, 'shop.html.br.next');
    writeFileSync(next, brotliCompressSync(longer));
    renameSync(next, path.join(dir, 'shop.html.br'));
    const replaced = await get('/shop', { 'Accept-Encoding': 'br' });
    expect(Number(replaced.headers['content-length'])).toBe(replaced.body.length);
    expect(brotliDecompressSync(replaced.body).toString()).toBe(longer);
    // Written over in place too (as `astro build` into the served folder did).
    writeFileSync(path.join(dir, 'shop.html.br'), brotliCompressSync(page(3)));
    const rewritten = await get('/shop', { 'Accept-Encoding': 'br' });
    expect(Number(rewritten.headers['content-length'])).toBe(rewritten.body.length);
    expect(brotliDecompressSync(rewritten.body).toString()).toBe(page(3));
  });
});

describe('the project’s builds', () => {
  const project = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hwds-builds-'));
    const build = (name: string) => {
      const buildDir = path.join(root, '.builds', name);
      mkdirSync(path.join(buildDir, 'client'), { recursive: true });
      writeFileSync(path.join(buildDir, 'client/index.html'), name);
      return buildDir;
    };
    return { root, build };
  };

  it('switch dist in one step, keep the build a running server serves and remove the others', async () => {
    const { root, build } = project();
    // A checkout from before: dist is a folder, which the first switch moves aside.
    mkdirSync(path.join(root, 'dist/client'), { recursive: true });
    await switchDist(root, build('2026-05-01T10-00-00-000Z'));
    expect(readlinkSync(path.join(root, 'dist'))).toBe('.builds/2026-05-01T10-00-00-000Z');
    const served = servedBuild(root); // this process serves it from now on
    expect(path.basename(served)).toBe('2026-05-01T10-00-00-000Z');

    await switchDist(root, build('2026-05-02T10-00-00-000Z'));
    const third = build('2026-05-03T10-00-00-000Z');
    await switchDist(root, third);
    expect(readlinkSync(path.join(root, 'dist'))).toBe('.builds/2026-05-03T10-00-00-000Z');
    expect(existsSync(path.join(served, 'client/index.html'))).toBe(true);
    expect(existsSync(path.join(root, '.builds/2026-05-02T10-00-00-000Z'))).toBe(false);
  });

  it('keep a build under way that a process names, and forget what ended processes named', async () => {
    const { root, build } = project();
    const underWay = build('2026-05-01T10-00-00-000Z');
    markBuildInUse(root, underWay);
    writeFileSync(path.join(root, '.builds/in-use/999999999'), '2026-05-02T10-00-00-000Z');
    build('2026-05-02T10-00-00-000Z');
    await switchDist(root, build('2026-05-03T10-00-00-000Z'));
    expect(existsSync(underWay)).toBe(true);
    expect(existsSync(path.join(root, '.builds/2026-05-02T10-00-00-000Z'))).toBe(false);
    expect(existsSync(path.join(root, '.builds/in-use/999999999'))).toBe(false);
  });
});
