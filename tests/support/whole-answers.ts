/**
 * A GET as a browser makes it, checked for what a browser needs to finish loading: the bytes the
 * `Content-Length` announced, all of them, and a body its `Content-Encoding` decodes. A body shorter
 * than announced leaves a browser waiting (docs/product.md#operations): here it runs into a limit.
 */
import { type Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface WholeAnswer {
  status: number;
  /** Decoded, when it arrived whole and decodes. */
  text?: string;
  /** What went wrong, for a person to read: a short body, one that does not decode, no answer in time. */
  fault?: string;
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (body) => body,
};

export function getWhole(
  url: string,
  options: { acceptEncoding?: string; agent?: Agent; limitMs?: number } = {},
): Promise<WholeAnswer> {
  return new Promise((resolve) => {
    const req = request(url, {
      agent: options.agent,
      headers: options.acceptEncoding ? { 'Accept-Encoding': options.acceptEncoding } : {},
      timeout: options.limitMs ?? 15_000,
    });
    req.on('timeout', () => req.destroy(new Error(`no whole answer within ${options.limitMs ?? 15_000} ms`)));
    req.on('error', (error) => resolve({ status: 0, fault: error.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => resolve({ status: res.statusCode ?? 0, fault: error.message }));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const body = Buffer.concat(chunks);
        const announced = res.headers['content-length'];
        if (announced !== undefined && Number(announced) !== body.length) {
          return resolve({ status, fault: `Content-Length ${announced} with ${body.length} bytes` });
        }
        const encoding = res.headers['content-encoding'] ?? 'identity';
        const decode = decoders[encoding];
        if (!decode) return resolve({ status, fault: `unknown Content-Encoding ${encoding}` });
        try {
          resolve({ status, text: decode(body).toString('utf8') });
        } catch (error) {
          resolve({ status, fault: `${encoding} body does not decode: ${(error as Error).message}` });
        }
      });
    });
    req.end();
  });
}
