/**
 * Uploaded images: accepted only when the bytes are a real JPEG or PNG (never by name or
 * Content-Type), decoded and re-encoded with sharp (metadata dropped, EXIF rotation applied,
 * pixel count limited, large images scaled down), stored under a random server-made name
 * (docs/product.md#h6-uploaded-images) in the blob store the settings choose: a folder, or a
 * bucket that replicas share.
 */
import { randomBytes } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../lib/images.ts';
import type { ImageStore } from '../../context.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

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

/** Uploaded originals: the names this module makes, and with their variants the only ones it serves. */
const IMAGE_FILE_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;
const VARIANT_FILE_NAME = /^([a-f0-9]{32})-(\d{1,4})\.webp$/;

/**
 * Widths of the WebP variants made of every image, for `srcset` (never wider than the image). 720
 * serves the common phone (a 380 px column at 1.75 device pixels per CSS pixel needs 665), which
 * would otherwise load the 960 one, a third larger, as its largest paint.
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1600] as const;

export const variantWidths = (imageWidth: number): number[] => [
  ...new Set(VARIANT_WIDTHS.map((width) => Math.min(width, imageWidth))),
];

export const variantFileName = (fileName: string, width: number): string =>
  fileName.replace(/\.(jpg|png)$/, `-${width}.webp`);

/** The type to serve a stored file with, by its extension. */
export const imageContentType = (fileName: string): string =>
  fileName.endsWith('.webp')
    ? 'image/webp'
    : fileName.endsWith('.png')
      ? FORMATS.png.contentType
      : FORMATS.jpeg.contentType;

function sniff(data: Uint8Array): Format | undefined {
  return (Object.keys(FORMATS) as Format[]).find((format) =>
    FORMATS[format].signature.every((byte, index) => data[index] === byte),
  );
}

const encodeVariant = (original: Buffer, width: number) =>
  sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();

export function imageStore(blobs: BlobStore): ImageStore {
  const put = (name: string, data: Buffer) => blobs.put(name, data, imageContentType(name));

  async function readVariant(base: string, width: number): Promise<Buffer | undefined> {
    const name = `${base}-${width}.webp`;
    const stored = await blobs.get(name);
    if (stored) return stored;
    const original = (await blobs.get(`${base}.jpg`)) ?? (await blobs.get(`${base}.png`));
    if (!original) return undefined;
    const { width: originalWidth = 0 } = await sharp(original).metadata();
    if (!variantWidths(originalWidth).includes(width)) return undefined;
    const variant = await encodeVariant(original, width);
    await put(name, variant);
    return variant;
  }

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
      await put(fileName, output.data);
      await Promise.all(
        variantWidths(output.info.width).map(async (width) =>
          put(variantFileName(fileName, width), await encodeVariant(output.data, width)),
        ),
      );
      return {
        fileName,
        contentType,
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.byteLength,
      };
    },
    async remove(fileName) {
      if (!IMAGE_FILE_NAME.test(fileName)) return;
      const base = fileName.slice(0, 32);
      const names = await blobs.list(base);
      await blobs.delete(names.filter((name) => name === fileName || VARIANT_FILE_NAME.exec(name)?.[1] === base));
    },
    async read(fileName) {
      if (IMAGE_FILE_NAME.test(fileName)) {
        const data = await blobs.get(fileName);
        return data && { data, contentType: imageContentType(fileName) };
      }
      const variant = VARIANT_FILE_NAME.exec(fileName);
      if (!variant) return undefined;
      const data = await readVariant(variant[1] as string, Number(variant[2]));
      return data && { data, contentType: imageContentType(fileName) };
    },
  };
}
