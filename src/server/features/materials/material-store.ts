/**
 * Where customers' files go (docs/product.md#d36-next-steps): the blob store every replica shares
 * (disk or S3, streamed in and out), a folder on this machine for parts being received and files
 * being checked, and signed links that let a browser download a file or the order's ZIP straight
 * to disk: a link carries no token, only what it opens, for whom and until when.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { DownloadLinks, LinkTarget, MaterialStore } from '../../context.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Long enough to click; a download once started runs as long as it needs. */
const LINK_LIFETIME_MS = 10 * 60 * 1000;

export function downloadLinks(secret: string, now: () => number = Date.now): DownloadLinks {
  // A key of its own, derived from the server's secret: a link is never a token, nor the other way round.
  const key = createHmac('sha256', secret).update('hwds download link').digest();
  const sign = ({ bookingId, fileId }: LinkTarget, userId: number, expires: number) =>
    createHmac('sha256', key).update(`${bookingId}.${fileId}.${userId}.${expires}`).digest();
  return {
    sign(target, userId) {
      const expires = now() + LINK_LIFETIME_MS;
      return {
        token: `${userId}.${expires}.${sign(target, userId, expires).toString('base64url')}`,
        expiresAt: new Date(expires),
      };
    },
    verify(token, target) {
      const [user, expires, signature, ...rest] = token.split('.');
      if (
        !user ||
        !expires ||
        !signature ||
        rest.length > 0 ||
        !/^\d{1,9}$/.test(user) ||
        !/^\d{1,15}$/.test(expires)
      ) {
        return undefined;
      }
      if (Number(expires) < now()) return undefined;
      const expected = sign(target, Number(user), Number(expires));
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected) ? Number(user) : undefined;
    },
  };
}

export function materialStore(blobs: BlobStore, secret: string, workDir: string): MaterialStore {
  mkdirSync(workDir, { recursive: true, mode: 0o700 });
  return { blobs, workDir, links: downloadLinks(secret) };
}
