/**
 * A category gallery (CategoryGallery.astro) as a slider: Swiper's core with only the modules it
 * uses. Loaded by gallery-start.ts when a gallery of two or more photos comes into view.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation } from 'swiper/modules';
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
  const swiper = new Swiper(frame, {
    modules: [A11y, Autoplay, Keyboard, Navigation],
    speed: TRANSITION_MS,
    // Loop mode needs three slides; two simply wrap around.
    loop: slides > 2,
    rewind: slides === 2,
    keyboard: { enabled: true, onlyInViewport: true },
    navigation: { prevEl: previous, nextEl: next },
    a11y: {
      prevSlideMessage: t.previous,
      nextSlideMessage: t.next,
      slideLabelMessage: t.slideLabel,
      itemRoleDescriptionMessage: t.slide,
      containerRoleDescriptionMessage: t.carousel,
      containerMessage: gallery.dataset.label ?? null,
    },
    autoplay: { delay: AUTOPLAY_MS, disableOnInteraction: false },
  });

  let playing = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  const showPlaying = () => {
    play.textContent = playing ? t.pause : t.play;
  };
  if (!playing) swiper.autoplay.stop();
  showPlaying();
  play.addEventListener('click', () => {
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    playing = !playing;
    showPlaying();
  });
  gallery.dataset.ready = '';
}
