/**
 * A category gallery (CategoryGallery.astro) as a slider: Swiper's core with its a11y module.
 * Loaded by gallery-start.ts when a gallery of two or more photos comes into view. Arrows, keys
 * and the slideshow without Swiper's modules for them (2.4 KB of a phone's first screen,
 * docs/product.md#h11-speed): the arrows are the page's own labelled buttons and the slider never
 * ends (loop, or rewind for two), so a click, a key or the timer only has to move it.
 */
import Swiper from 'swiper';
import { A11y } from 'swiper/modules';
import { GALLERY_TEXTS as t } from './gallery-texts.ts';

const AUTOPLAY_MS = 3000;
const TRANSITION_MS = 450;

export function startGallery(gallery: HTMLElement): void {
  const frame = gallery.querySelector<HTMLElement>('.swiper');
  const previous = gallery.querySelector<HTMLButtonElement>('[data-gallery-previous]');
  const next = gallery.querySelector<HTMLButtonElement>('[data-gallery-next]');
  const play = gallery.querySelector<HTMLButtonElement>('[data-gallery-play]');
  if (!frame || !previous || !next || !play) return;
  const slides = frame.querySelectorAll('.swiper-slide').length;
  // The photos beside the first, lazy while the frame hid them, load now (CategoryGallery.astro).
  for (const image of frame.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = 'eager';
  const swiper = new Swiper(frame, {
    modules: [A11y],
    speed: TRANSITION_MS,
    // Loop mode needs three slides; two simply wrap around.
    loop: slides > 2,
    rewind: slides === 2,
    a11y: {
      slideLabelMessage: t.slideLabel,
      itemRoleDescriptionMessage: t.slide,
      containerRoleDescriptionMessage: t.carousel,
      containerMessage: gallery.dataset.label ?? null,
    },
  });

  previous.addEventListener('click', () => swiper.slidePrev());
  next.addEventListener('click', () => swiper.slideNext());
  // The arrow keys move it while it is on the screen, unless the visitor is typing in a field.
  document.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    const typing =
      event.target instanceof Element && event.target.closest('input, select, textarea, [contenteditable]');
    const { top, bottom } = frame.getBoundingClientRect();
    if (!step || typing || event.altKey || event.ctrlKey || event.metaKey || bottom <= 0 || top >= innerHeight) return;
    event.preventDefault();
    if (step < 0) swiper.slidePrev();
    else swiper.slideNext();
  });

  // Plays every 3 s, counted from each move (the visitor's own too) and again from its end. While
  // it plays, the slides are no live region, so a screen reader does not read out each turn.
  let playing = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  let turn: ReturnType<typeof setTimeout> | undefined;
  const scheduleTurn = () => {
    clearTimeout(turn);
    if (playing) turn = setTimeout(() => swiper.slideNext(), AUTOPLAY_MS);
  };
  const showPlaying = () => {
    play.textContent = playing ? t.pause : t.play;
    swiper.wrapperEl.setAttribute('aria-live', playing ? 'off' : 'polite');
    scheduleTurn();
  };
  swiper.on('slideChange slideChangeTransitionEnd', scheduleTurn);
  showPlaying();
  play.addEventListener('click', () => {
    playing = !playing;
    showPlaying();
  });
  gallery.dataset.ready = '';
}
