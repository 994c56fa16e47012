/** `srcset` of an image's WebP variants ("url 480w, url 960w"), on the server's pages and in the browser. */
export const srcsetOf = (variants: readonly { width: number; url: string }[]): string =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
