/**
 * Pre-compression of the built site (docs/product.md#h10-delivery-and-caching): every text file
 * of `dist/client` worth compressing gets a `.br` (brotli, best quality) and a `.gz` copy beside
 * it at build time, which the server sends to browsers that accept them, so no page or script is
 * compressed on each request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the encoding costs. */
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let bytes = 0;
  let brotliBytes = 0;
  let compressed = 0;
  for (const file of files) {
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [brotli, gzipped] = await Promise.all([
      toBrotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
    compressed += 1;
    bytes += content.length;
    brotliBytes += brotli.length;
  }
  return { files: compressed, bytes, brotliBytes };
}
