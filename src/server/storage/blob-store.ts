/**
 * Where uploaded files live: a folder on this machine (the default) or an S3-compatible bucket
 * that every API replica shares (docs/product.md#d18-category-pages). Keys are flat file names
 * made by the server; the image store keeps its image logic once, on top of this interface.
 */
import type { Readable } from 'node:stream';
import { Semaphore } from 'async-mutex';

export interface BlobStore {
  /** Stores `data` under `key`, replacing what was there; a reader never sees half of it. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such key. */
  get(key: string): Promise<Buffer | undefined>;
  /** The keys starting with `prefix` ('' for all), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Removes the keys; missing ones are no error. */
  delete(keys: string[]): Promise<void>;
  /** Throws while the store cannot be used (docs/product.md#operations: readiness). */
  check(): Promise<void>;
  /**
   * Stores the file at `file` on this machine under `key`, streamed: a customer's 200 MB print
   * file is never held in memory (docs/product.md#d36-next-steps).
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The stored bytes as a stream with their length, or undefined when there is no such key. */
  open(key: string): Promise<StoredBlob | undefined>;
}

export interface StoredBlob {
  stream: Readable;
  bytes: number;
}

/**
 * The store cannot be reached now (the bucket's service down, the network): the request may be
 * tried again later, and the API answers 503 (docs/product.md#operations).
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

export interface PausableBlobStore extends BlobStore {
  /** Runs `work` while no put or delete is under way; those that come meanwhile wait for it. */
  whileWritesPaused<T>(work: () => Promise<T>): Promise<T>;
}

/** Writers share the semaphore; a pause takes all of it. More concurrent writes than this queue up. */
const WRITE_SLOTS = 1000;

/** A store whose writes can be held back, so a backup sees the files and the database at one moment. */
export function pausableWrites(store: BlobStore): PausableBlobStore {
  const slots = new Semaphore(WRITE_SLOTS);
  return {
    put: (key, data, contentType) => slots.runExclusive(() => store.put(key, data, contentType)),
    get: (key) => store.get(key),
    list: (prefix) => store.list(prefix),
    delete: (keys) => slots.runExclusive(() => store.delete(keys)),
    check: () => store.check(),
    putFile: (key, file, contentType) => slots.runExclusive(() => store.putFile(key, file, contentType)),
    open: (key) => store.open(key),
    whileWritesPaused: (work) => slots.runExclusive(work, WRITE_SLOTS),
  };
}
