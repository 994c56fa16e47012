/**
 * A local S3 emulator (s3rver) on a free loopback port with one empty bucket, and the settings
 * that point the product at it, as a deployment's S3_* variables would. It can be taken away for a
 * while (the bucket's service down) and brought back on the same port with the same files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Emulator {
  /** S3_ENDPOINT, S3_BUCKET, … for this emulator's bucket. */
  env: Record<string, string>;
  /** Stops answering: connections to the bucket are refused until `resume`. */
  pause(): Promise<void>;
  /** Answers again, with every file it had. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Emulator(): Promise<S3Emulator> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hwds-s3-'));
  const bucket = 'hwds-uploads';
  const run = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    return { server, port: (await server.run()).port };
  };
  let running: Awaited<ReturnType<typeof run>> | undefined = await run(0);
  const { port } = running;
  const pause = async () => {
    await running?.server.close();
    running = undefined;
  };
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
    pause,
    resume: async () => {
      running ??= await run(port);
    },
    close: async () => {
      await pause();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
