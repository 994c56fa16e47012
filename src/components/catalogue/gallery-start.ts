import { afterFirstPaint } from '../shell/after-first-paint.ts';

/**
 * Starts each category gallery with two or more photos when it first comes into view and its
 * first photo is shown, loading Swiper only then: a visitor who never scrolls to it, or reads on
 * a slow phone, does not wait for its code, and the first photo does not share the line with it.
 */
export function startGalleriesInView(): void {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const gallery = entry.target as HTMLElement;
      void firstPhotoShown(gallery)
        .then(() => import('./gallery.ts'))
        .then(({ startGallery }) => startGallery(gallery));
    }
  });
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) observer.observe(gallery);
}

/**
 * Resolves once the page's first paint and the gallery's first photo are on the screen (or the
 * photo failed: the slider starts anyway): loaded, then painted in the next frame, so neither
 * Swiper's code nor the other slides' photos are fetched before the page's largest paint, which
 * this photo usually is.
 */
async function firstPhotoShown(gallery: HTMLElement): Promise<void> {
  await new Promise<void>((resolve) => afterFirstPaint(resolve));
  const first = gallery.querySelector('img');
  if (first && !first.complete) {
    await new Promise<void>((resolve) => {
      first.addEventListener('load', () => resolve(), { once: true });
      first.addEventListener('error', () => resolve(), { once: true });
    });
  }
  // The frame after the load paints the photo, and is on the screen by the frame after it.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))));
}
