/** Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …), shared by every API replica. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../settings.ts';
import { type BlobStore, StorageUnavailableError } from './blob-store.ts';

/**
 * A bucket that does not answer costs a request at most this long, not the SDK's unlimited wait
 * (docs/product.md#operations): connecting, and the whole exchange.
 */
const CONNECT_LIMIT_MS = 2_000;
const REQUEST_LIMIT_MS = 10_000;

/**
 * What the service or the way to it says when it cannot serve now (no answer, a 5xx): the store
 * is unavailable. A 4xx (no such bucket, access denied) is a fault of the settings and stays one.
 */
function unavailable(error: unknown): unknown {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (status !== undefined && status < 500) return error;
  return new StorageUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
}

export function s3BlobStore(settings: S3Settings): BlobStore {
  const Bucket = settings.bucket;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 demands them: several S3-compatible services refuse the SDK's
    // newer default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_LIMIT_MS,
      requestTimeout: REQUEST_LIMIT_MS,
      throwOnRequestTimeout: true,
    },
  });
  const send = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason =
          error instanceof S3ServiceException
            ? `HTTP ${error.$metadata.httpStatusCode} ${error.name}`
            : error instanceof Error
              ? error.message
              : String(error);
        throw new Error(`The S3 bucket "${Bucket}" at ${settings.endpoint} is not usable: ${reason}.`, {
          cause: error,
        });
      }
    },
    put: (Key, data, ContentType) =>
      send(async () => {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType }));
      }),
    putFile: (Key, file, ContentType) =>
      send(async () => {
        // A single PUT takes up to 5 GB; its length known beforehand, the body streams from the file.
        const { size } = await stat(file);
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size, ContentType }),
        );
      }),
    open: (Key) =>
      send(async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key }));
          if (!(object.Body instanceof Readable)) return undefined;
          return { stream: object.Body, bytes: object.ContentLength ?? 0 };
        } catch (error) {
          if (error instanceof NoSuchKey) return undefined;
          throw error;
        }
      }),
    get: (Key) =>
      send(async () => {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket, Key }));
          return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
        } catch (error) {
          if (error instanceof NoSuchKey) return undefined;
          throw error;
        }
      }),
    list: (Prefix) =>
      send(async () => {
        const keys: string[] = [];
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
          for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        }
        return keys;
      }),
    // One request per key: DeleteObjects needs a checksum that not every S3-compatible service takes.
    delete: (keys) =>
      send(async () => {
        await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
      }),
  };
}
