/** The gallery of a category page: the category's images, then its articles', or its illustration. */
import type { GalleryImage } from '../../islands/catalogue/CategoryGallery.tsx';
import { srcsetOf } from '../../lib/images.ts';
import type { DepartamentView } from '../../server/features/catalogue/catalogue.service.ts';
import { categoryIllustration } from './category-illustration.ts';

export function galleryImages(departament: DepartamentView, defaultImage: string): GalleryImage[] {
  const owned = [
    ...departament.images.map((image) => ({ image, alt: departament.type })),
    ...departament.articles.flatMap((article) => article.images.map((image) => ({ image, alt: article.type }))),
  ];
  if (owned.length === 0) {
    return [{ src: categoryIllustration(departament.type, defaultImage), width: 640, height: 400, alt: '' }];
  }
  return owned.map(({ image, alt }, index) => ({
    src: image.url,
    srcset: srcsetOf(image.variants),
    width: image.width,
    height: image.height,
    alt: `${alt} – Bild ${index + 1} von ${owned.length}`,
  }));
}
