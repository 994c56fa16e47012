/**
 * The largest photo staff may upload (docs/product.md#h6-uploaded-images). The server refuses a
 * larger one; the browser says so before sending it, since on a slow line the server's 413 may
 * never reach a browser still busy sending the rest.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Said by the API and by the browser when a photo is larger. */
export const IMAGE_TOO_LARGE = 'Das Bild ist größer als 5 MB.';

/** Said by the browser when a chosen file is no JPEG or PNG. */
export const IMAGE_WRONG_TYPE = 'Nur JPEG- oder PNG-Bilder sind erlaubt.';

/** How the upload fields name what they take. */
export const PHOTO_RULE = 'JPEG oder PNG, höchstens 5 MB';

/** `srcset` of an image's WebP variants ("url 480w, url 960w"), on the server's pages and in the browser. */
export const srcsetOf = (variants: readonly { width: number; url: string }[]): string =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
