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

/** Resolves once the gallery's first photo has loaded (or failed: the slider starts anyway). */
function firstPhotoShown(gallery: HTMLElement): Promise<void> {
  const first = gallery.querySelector('img');
  if (!first || first.complete) return Promise.resolve();
  return new Promise((resolve) => {
    first.addEventListener('load', () => resolve(), { once: true });
    first.addEventListener('error', () => resolve(), { once: true });
  });
}
