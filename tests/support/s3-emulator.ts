/**
 * A local S3 emulator (s3rver) on a free loopback port with one empty bucket, and the settings
 * that point the product at it, as a deployment's S3_* variables would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Emulator {
  /** S3_ENDPOINT, S3_BUCKET, … for this emulator's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Emulator(): Promise<S3Emulator> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hwds-s3-'));
  const bucket = 'hwds-uploads';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'eu-central-1',
      // s3rver checks signatures against these fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
