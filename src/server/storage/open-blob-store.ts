/** The store the settings choose: a folder on this machine, or the bucket (storage/blob-store.ts). */
import type { Settings } from '../settings.ts';
import type { BlobStore } from './blob-store.ts';
import { diskBlobStore } from './disk-blob-store.ts';
import { s3BlobStore } from './s3-blob-store.ts';

/** Opens the configured store; an unreachable bucket stops the start instead of the first upload. */
export async function openBlobStore(settings: Pick<Settings, 'uploadDir' | 's3'>): Promise<BlobStore> {
  if (!settings.s3) return diskBlobStore(settings.uploadDir);
  const store = s3BlobStore(settings.s3);
  await store.checkBucket();
  return store;
}
