/**
 * Uploaded images: accepted only when the bytes are a real JPEG or PNG (never by name or
 * Content-Type), decoded and re-encoded with sharp (metadata dropped, EXIF rotation applied,
 * pixel count limited, large images scaled down), stored under a random server-made name
 * (docs/product.md#h6-uploaded-images).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side after re-encoding: plenty for a gallery, small for the visitor. */
const MAX_SIDE = 2400;

/** Why the store refused the bytes it was given. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  readonly reason: 'tooLarge' | 'unsupported';
  constructor(reason: 'tooLarge' | 'unsupported') {
    super(reason === 'tooLarge' ? 'image larger than 5 MB' : 'not a decodable JPEG or PNG');
    this.reason = reason;
  }
}

const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
  png: { extension: 'png', contentType: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
} as const;

type Format = keyof typeof FORMATS;

/** Image file names this module makes, and the only ones it serves. */
export const IMAGE_FILE_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

export interface StoredImage {
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

function sniff(data: Uint8Array): Format | undefined {
  return (Object.keys(FORMATS) as Format[]).find((format) =>
    FORMATS[format].signature.every((byte, index) => data[index] === byte),
  );
}

export interface ImageStore {
  save(data: Uint8Array): Promise<StoredImage>;
  remove(fileName: string): Promise<void>;
  read(fileName: string): Promise<{ data: Buffer; contentType: string } | undefined>;
}

export function imageStore(uploadDir: string): ImageStore {
  mkdirSync(uploadDir, { recursive: true });
  return {
    async save(data) {
      if (data.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError('tooLarge');
      const format = sniff(data);
      if (!format) throw new ImageRejectedError('unsupported');
      let output: { data: Buffer; info: OutputInfo };
      try {
        const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
        const encoded =
          format === 'jpeg' ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 });
        output = await encoded.toBuffer({ resolveWithObject: true });
      } catch {
        // Looks like JPEG/PNG at the start but does not decode: a broken or disguised file.
        throw new ImageRejectedError('unsupported');
      }
      const { extension, contentType } = FORMATS[format];
      const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(uploadDir, fileName), output.data, { flag: 'wx' });
      return {
        fileName,
        contentType,
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.byteLength,
      };
    },
    async remove(fileName) {
      if (IMAGE_FILE_NAME.test(fileName)) await rm(path.join(uploadDir, fileName), { force: true });
    },
    async read(fileName) {
      if (!IMAGE_FILE_NAME.test(fileName)) return undefined;
      try {
        const data = await readFile(path.join(uploadDir, fileName));
        return { data, contentType: fileName.endsWith('.png') ? FORMATS.png.contentType : FORMATS.jpeg.contentType };
      } catch {
        return undefined;
      }
    },
  };
}
