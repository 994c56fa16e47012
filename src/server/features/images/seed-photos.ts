/**
 * The photos a fresh installation's categories start with, so that its first visitors see a shop
 * with galleries rather than default drawings (docs/product.md#d18-category-pages): previews of
 * the example sites, kept as content files in content/photos/ (`npm run example-photos` makes
 * them). Added once, by the start that seeded the catalogue; after that, photos are the staff's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { categories } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { projectRoot } from '../../project-root.ts';
import { addImage } from './images.service.ts';

export interface SeedPhoto {
  /** The seeded category's number. */
  category: string;
  file: string;
  /** The example site it shows, and the window it is seen in (a desktop, a phone, a poster). */
  page: string;
  viewport: { width: number; height: number };
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A poster's A-series proportions. */
const POSTER = { width: 566, height: 800 };

export const SEED_PHOTOS: SeedPhoto[] = [
  { category: '12', file: 'website-shop.jpg', page: '/beispiele/shop', viewport: DESKTOP },
  { category: '12', file: 'website-hotel.jpg', page: '/beispiele/hotel', viewport: DESKTOP },
  { category: '12', file: 'website-friseur.jpg', page: '/beispiele/friseurdienstleistungen', viewport: DESKTOP },
  { category: '12', file: 'website-arztpraxis-handy.jpg', page: '/beispiele/artzpraxis', viewport: PHONE },
  { category: '13', file: 'wartung-steuerberater.jpg', page: '/beispiele/steuerberater', viewport: DESKTOP },
  { category: '13', file: 'wartung-pizzeria-handy.jpg', page: '/beispiele/pizzeria', viewport: PHONE },
  { category: '14', file: 'druck-plakat-kuenstler.jpg', page: '/beispiele/kunstler', viewport: POSTER },
  { category: '14', file: 'druck-plakat-baeckerei.jpg', page: '/beispiele/backerei', viewport: POSTER },
];

/** Adds the seed photos to the seeded categories; a photo that cannot be added is logged and left out. */
export async function seedCataloguePhotos(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'publicApiBase'>,
): Promise<void> {
  for (const photo of SEED_PHOTOS) {
    try {
      const [owner] = await deps.db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.number, photo.category));
      if (!owner) continue;
      const data = readFileSync(path.join(projectRoot(), 'content', 'photos', photo.file));
      await addImage(deps, { kind: 'category', id: owner.id }, new Uint8Array(data));
    } catch (error) {
      log.warn({ err: error, file: photo.file }, 'seed photo not added');
    }
  }
}
