/**
 * The drawing a category shows until it has an uploaded image (docs/product.md#d28-visual-identity):
 * websites, maintenance or print by the words in its type, else the site's default image.
 * Runs in the browser (home page cards) and on the server (category page gallery).
 */
const ILLUSTRATIONS: [RegExp, string][] = [
  [/wartung|pflege/i, '/images/kategorie-wartung.svg'],
  [/druck|design/i, '/images/kategorie-druck.svg'],
  [/web|shop/i, '/images/kategorie-website.svg'],
];

export function categoryIllustration(type: string, defaultImage: string): string {
  return ILLUSTRATIONS.find(([words]) => words.test(type))?.[1] ?? defaultImage;
}
