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
import type { BlobStore } from './blob-store.ts';

export function s3BlobStore(settings: S3Settings): BlobStore & { checkBucket(): Promise<void> } {
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
  });

  return {
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason =
          error instanceof S3ServiceException
            ? `HTTP ${error.$metadata.httpStatusCode} ${error.name}`
            : error instanceof Error
              ? error.message
              : String(error);
        throw new Error(`The S3 bucket "${Bucket}" at ${settings.endpoint} is not usable: ${reason}.`);
      }
    },
    async put(Key, data, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType }));
    },
    async putFile(Key, file, ContentType) {
      // A single PUT takes up to 5 GB; its length known beforehand, the body streams from the file.
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: createReadStream(file), ContentLength: size, ContentType }),
      );
    },
    async open(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!(object.Body instanceof Readable)) return undefined;
        return { stream: object.Body, bytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async get(Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async list(Prefix) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys;
    },
    async delete(keys) {
      // One request per key: DeleteObjects needs a checksum that not every S3-compatible service takes.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },
  };
}
