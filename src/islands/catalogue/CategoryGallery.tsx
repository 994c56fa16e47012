/**
 * The category page's gallery: Swiper with arrows, keyboard and its a11y module, endless, 450 ms
 * per slide. It plays every 3 s unless the visitor asked for reduced motion, and a button pauses
 * and resumes it. The first image is in the server's markup at its final size, so nothing shifts
 * when Swiper takes over.
 */
import { useEffect, useRef, useState } from 'react';
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation } from 'swiper/modules';
import 'swiper/css';
import './gallery.css';
import { GALLERY_TEXTS as t } from './texts.ts';

export interface GalleryImage {
  src: string;
  /** WebP variants, "url 480w, …"; absent for the default illustration. */
  srcset?: string;
  width: number;
  height: number;
  alt: string;
}

interface Props {
  images: GalleryImage[];
  /** Names the gallery for screen readers, e.g. "Bilder: Website-Wartung". */
  label: string;
}

const SIZES = '(min-width: 72rem) 70rem, calc(100vw - 2rem)';
const AUTOPLAY_MS = 3000;
const TRANSITION_MS = 450;

export default function CategoryGallery({ images, label }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [playing, setPlaying] = useState(false);
  const several = images.length > 1;

  useEffect(() => {
    if (!several || !root.current) return;
    const instance = new Swiper(root.current, {
      modules: [A11y, Autoplay, Keyboard, Navigation],
      speed: TRANSITION_MS,
      // Loop mode needs three slides; two simply wrap around.
      loop: images.length > 2,
      rewind: images.length === 2,
      keyboard: { enabled: true, onlyInViewport: true },
      navigation: { prevEl: previous.current, nextEl: next.current },
      a11y: {
        prevSlideMessage: t.previous,
        nextSlideMessage: t.next,
        slideLabelMessage: t.slideLabel,
        itemRoleDescriptionMessage: t.slide,
        containerRoleDescriptionMessage: t.carousel,
        containerMessage: label,
      },
      autoplay: { delay: AUTOPLAY_MS, disableOnInteraction: false },
    });
    swiper.current = instance;
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) instance.autoplay.stop();
    else setPlaying(true);
    return () => {
      instance.destroy(true, false);
      swiper.current = null;
    };
  }, [several, images.length, label]);

  const togglePlaying = () => {
    const autoplay = swiper.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.stop();
    else autoplay.start();
    setPlaying(!playing);
  };

  return (
    <div className="gallery">
      <div className="swiper gallery__frame" ref={root}>
        <div className="swiper-wrapper">
          {images.map((image, index) => (
            <div className="swiper-slide" key={image.src}>
              <img
                className="gallery__image"
                src={image.src}
                srcSet={image.srcset}
                sizes={image.srcset ? SIZES : undefined}
                width={image.width}
                height={image.height}
                alt={image.alt}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding="async"
              />
            </div>
          ))}
        </div>
      </div>
      {several && (
        <div className="gallery__controls">
          <button type="button" className="gallery__arrow" ref={previous} aria-label={t.previous}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
          <button type="button" className="button button--secondary gallery__play" onClick={togglePlaying}>
            {playing ? t.pause : t.play}
          </button>
          <button type="button" className="gallery__arrow" ref={next} aria-label={t.next}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
