/**
 * Starts each category gallery with two or more photos when it first comes into view, loading
 * Swiper only then: a visitor who never scrolls to it, or reads on a slow phone, does not wait
 * for its code.
 */
export function startGalleriesInView(): void {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      void import('./gallery.ts').then(({ startGallery }) => startGallery(entry.target as HTMLElement));
    }
  });
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) observer.observe(gallery);
}
