import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { pausableWrites } from '../../src/server/storage/blob-store.ts';
import { diskBlobStore } from '../../src/server/storage/disk-blob-store.ts';

const folder = () => mkdtempSync(path.join(tmpdir(), 'hwds-blobs-'));
const bytes = new Uint8Array([1, 2, 3]);
/** Lets every promise that can settle now settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the disk blob store', () => {
  it('stores, lists by prefix, reads and deletes; a missing key reads as undefined', async () => {
    const store = diskBlobStore(folder());
    await store.put('abc.png', bytes, 'image/png');
    await store.put('abc-480.webp', bytes, 'image/webp');
    await store.put('xyz.png', bytes, 'image/png');
    expect((await store.list('abc')).sort()).toEqual(['abc-480.webp', 'abc.png']);
    expect(await store.get('abc.png')).toEqual(Buffer.from(bytes));
    await store.delete(['abc.png', 'nie-da-gewesen.png']);
    expect(await store.get('abc.png')).toBeUndefined();
    expect((await store.list('')).sort()).toEqual(['abc-480.webp', 'xyz.png']);
  });

  it('stores a file of this machine and opens it as a stream with its length', async () => {
    const dir = folder();
    const store = diskBlobStore(dir);
    const source = path.join(folder(), 'druckdatei.pdf');
    writeFileSync(source, 'x'.repeat(70_000));
    await store.putFile('material-abc', source, 'application/pdf');
    const opened = await store.open('material-abc');
    if (!opened) throw new Error('not stored');
    expect(opened.bytes).toBe(70_000);
    expect((await buffer(opened.stream)).toString()).toBe('x'.repeat(70_000));
    expect(await store.open('material-fehlt')).toBeUndefined();
    await expect(store.putFile('material-x', path.join(dir, 'fehlt.pdf'), 'application/pdf')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['material-abc']);
  });

  it('never lists half-written files and refuses names that leave its folder', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, '.abc.png.1234.tmp'), bytes);
    const store = diskBlobStore(dir);
    expect(await store.list('')).toEqual([]);
    await expect(store.put('../ausserhalb.png', bytes, 'image/png')).rejects.toThrow('Not a blob name');
    await expect(store.get('.abc.png.1234.tmp')).rejects.toThrow('Not a blob name');
    expect(existsSync(path.join(dir, '..', 'ausserhalb.png'))).toBe(false);
  });
});

describe('pausable writes (what keeps a backup consistent)', () => {
  it('holds puts and deletes back while paused, and lets them through afterwards', async () => {
    const store = pausableWrites(diskBlobStore(folder()));
    await store.put('alt.png', bytes, 'image/png');
    let resume = () => {};
    const pause = store.whileWritesPaused(() => new Promise<void>((resolve) => (resume = resolve)));
    const put = store.put('neu.png', bytes, 'image/png');
    const removal = store.delete(['alt.png']);
    await settle();
    expect((await store.list('')).sort()).toEqual(['alt.png']);
    resume();
    await Promise.all([pause, put, removal]);
    expect(await store.list('')).toEqual(['neu.png']);
  });

  it('pauses only once the writes under way have finished', async () => {
    let finishWrite = () => {};
    const inner = diskBlobStore(folder());
    const store = pausableWrites({
      ...inner,
      put: (key, data, type) =>
        new Promise<void>((resolve) => (finishWrite = resolve)).then(() => inner.put(key, data, type)),
    });
    const write = store.put('langsam.png', bytes, 'image/png');
    await settle();
    const seen = store.whileWritesPaused(() => inner.list(''));
    await settle();
    finishWrite();
    await write;
    expect(await seen).toEqual(['langsam.png']);
  });
});
