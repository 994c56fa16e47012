/** Blobs as files in one folder (UPLOAD_DIR): the default, for a single server. */
import { randomBytes } from 'node:crypto';
import { constants, createReadStream, mkdirSync } from 'node:fs';
import { access, copyFile, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blob-store.ts';

/** Temporary files start with a dot, so listings never include them. */
const isTemporary = (name: string) => name.startsWith('.');

export function diskBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true });
  const file = (key: string) => {
    // Keys are server-made names; anything that could leave the folder is a bug (or a forged backup).
    if (path.basename(key) !== key || isTemporary(key)) throw new Error(`Not a blob name: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };

  const temporaryFor = (key: string) => path.join(dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`);

  return {
    async put(key, data) {
      const target = file(key);
      const temporary = temporaryFor(key);
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async putFile(key, source) {
      const target = file(key);
      const temporary = temporaryFor(key);
      try {
        await copyFile(source, temporary);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key) {
      try {
        const { size } = await stat(file(key));
        return { stream: createReadStream(file(key)), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async list(prefix) {
      return (await readdir(dir)).filter((name) => name.startsWith(prefix) && !isTemporary(name));
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(file(key), { force: true })));
    },
    async check() {
      await access(dir, constants.R_OK | constants.W_OK);
    },
  };
}
