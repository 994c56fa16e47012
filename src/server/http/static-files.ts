/**
 * The pre-rendered pages and assets of a build (docs/product.md#h10-delivery-and-caching): `/shop`
 * is `shop.html`, `/` is `index.html`, and a browser that accepts brotli or gzip gets the copy the
 * build made (precompress.ts). Which files exist is read once; a file's length, ETag and bytes are
 * read from one open file on each request, so a file replaced while the server runs is sent whole,
 * old or new, never the new bytes under the old length (docs/product.md#operations).
 */
import type { FileHandle } from 'node:fs/promises';
import { open, readdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { lookup } from 'mrmime';

/** The encodings the build stores beside a file, in the order they are preferred. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The paths of the files under `dir`, as `/` and the path below it; hidden files left out. */
async function filesIn(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
      .filter((name) => !name.split('/').some((part) => part.startsWith('.'))),
  );
}

/** The file a path names: itself, or the page `{path}.html` or `{path}/index.html`. */
const candidates = (pathname: string) =>
  pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`, `${pathname}/index.html`];

const contentType = (name: string) => {
  const type = lookup(name) ?? 'application/octet-stream';
  return type === 'text/html' ? 'text/html; charset=utf-8' : type;
};

/**
 * Serves the files of `dir` to GET and HEAD; anything else, or a path that names no file, goes to
 * `next`. `setHeaders` adds the caching headers of a path.
 */
export async function staticFiles(
  dir: string,
  setHeaders: (res: ServerResponse, pathname: string) => void,
): Promise<StaticFiles> {
  const files = await filesIn(dir);

  const send = async (req: IncomingMessage, res: ServerResponse, name: string, file: FileHandle, encoding?: string) => {
    const stats = await file.stat();
    const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      res.end();
      return;
    }
    // The bytes of the file opened, however long it is now: the length is theirs.
    const body = req.method === 'HEAD' ? undefined : await file.readFile();
    res.writeHead(200, {
      'Content-Type': contentType(name),
      'Content-Length': body?.length ?? stats.size,
      'Last-Modified': stats.mtime.toUTCString(),
      ETag: etag,
      ...(encoding && { 'Content-Encoding': encoding }),
    });
    res.end(body);
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    } catch {
      return next(); // an escape that is no UTF-8 names no file
    }
    const name = candidates(pathname).find((candidate) => files.has(candidate));
    if (!name) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoded = ENCODINGS.filter(
      (encoding) => accepted.includes(encoding.name) && files.has(`${name}${encoding.suffix}`),
    );
    void (async () => {
      // A copy named at start but gone since (a build folder removed under a server) is skipped.
      for (const { name: encoding, suffix } of [...encoded, { name: undefined, suffix: '' }]) {
        const file = await open(path.join(dir, `${name}${suffix}`)).catch(() => undefined);
        if (!file) continue;
        try {
          setHeaders(res, pathname);
          await send(req, res, name, file, encoding);
        } finally {
          await file.close();
        }
        return;
      }
      next();
    })().catch(() => {
      if (!res.headersSent) next();
      else res.destroy();
    });
  };
}
