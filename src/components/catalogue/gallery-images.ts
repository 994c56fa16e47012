/** The gallery of a category page: the category's images, then its articles', or its illustration. */
import { srcsetOf } from '../../lib/images.ts';
import type { CategoryView } from '../../server/features/catalogue/catalogue.views.ts';
import { categoryIllustration } from './category-illustration.ts';

export interface GalleryImage {
  src: string;
  /** WebP variants, "url 480w, …"; absent for an illustration. */
  srcset?: string;
  width: number;
  height: number;
  alt: string;
}

export function galleryImages(category: CategoryView, defaultImage: string): GalleryImage[] {
  const owned = [
    ...category.images.map((image) => ({ image, alt: category.type })),
    ...category.articles.flatMap((article) => article.images.map((image) => ({ image, alt: article.type }))),
  ];
  if (owned.length === 0) {
    return [{ src: categoryIllustration(category.type, defaultImage), width: 640, height: 400, alt: '' }];
  }
  return owned.map(({ image, alt }, index) => ({
    src: image.url,
    srcset: srcsetOf(image.variants),
    width: image.width,
    height: image.height,
    alt: `${alt} – Bild ${index + 1} von ${owned.length}`,
  }));
}

/** The frame's shape, from the first photo (the one staff put first): every photo is shown whole inside it. */
export type FrameShape = 'wide' | 'standard' | 'tall';

export function frameShape(images: readonly GalleryImage[]): FrameShape {
  const first = images[0];
  const ratio = first ? first.width / first.height : 16 / 9;
  if (ratio >= 1.5) return 'wide';
  return ratio >= 0.95 ? 'standard' : 'tall';
}
