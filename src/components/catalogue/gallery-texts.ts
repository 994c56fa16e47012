/** Every text of the category page's gallery in one place (CategoryGallery.astro, gallery.ts). */
export const GALLERY_TEXTS = {
  previous: 'Vorheriges Bild',
  next: 'Nächstes Bild',
  /** Swiper fills in the numbers. */
  slideLabel: 'Bild {{index}} von {{slidesLength}}',
  pause: 'Diashow anhalten',
  play: 'Diashow abspielen',
  slide: 'Bild',
  carousel: 'Karussell',
} as const;
