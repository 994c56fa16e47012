/**
 * `npm run example-photos -- [--base http://localhost:4321]`
 * Photographs the example sites (/beispiele/{industry}) of a running site in Debian's Chromium and
 * writes them to content/photos/ as JPEGs: the photos a fresh installation's categories start with
 * (docs/product.md#d18-category-pages). Run it after the example sites changed visibly; the
 * files are content, committed like the texts.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { SEED_PHOTOS } from '../server/features/images/seed-photos.ts';

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://localhost:4321' } } });
const photosDir = path.resolve(import.meta.dirname, '../../content/photos');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const photo of SEED_PHOTOS) {
    const page = await browser.newPage({ viewport: photo.viewport, deviceScaleFactor: 2, locale: 'de-DE' });
    await page.goto(new URL(photo.page, values.base).href, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    // The photo shows the design, not the note that it is one.
    await page.locator('.example-banner').evaluate((banner) => banner.remove());
    const png = await page.screenshot({ animations: 'disabled' });
    // At most 1600 px either way: the widest copy a page asks for (docs/product.md#h6-uploaded-images).
    const jpeg = await sharp(png)
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    await writeFile(path.join(photosDir, photo.file), jpeg);
    console.log(`${photo.file}: ${photo.page}, ${Math.round(jpeg.length / 1024)} KB`);
    await page.close();
  }
} finally {
  await browser.close();
}
