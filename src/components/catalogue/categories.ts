/**
 * The home page's categories, loaded from the API once the page is painted, so neither the call
 * nor the cards' photos compete with the first screen: the markup holds placeholder cards in a
 * fixed-height row, so replacing them moves nothing. No framework: one fetch, one
 * template. Texts are in the markup (data attributes), not here.
 */
import { srcsetOf } from '../../lib/images.ts';
import type { CategoryView } from '../../server/features/catalogue/catalogue.views.ts';
import { afterFirstPaint } from '../shell/after-first-paint.ts';
import { categoryIllustration } from './category-illustration.ts';

const section = document.querySelector<HTMLElement>('[data-categories]');

function card(template: HTMLTemplateElement, category: CategoryView, defaults: DOMStringMap): Node {
  const item = template.content.cloneNode(true) as DocumentFragment;
  const link = item.querySelector('a') as HTMLAnchorElement;
  link.href = `/departaments/${category.id}`;
  const image = item.querySelector('img') as HTMLImageElement;
  // `images` (with the WebP variants) is this API's; an API of the earlier contract sends only `imageUrls`.
  const first = category.images?.[0];
  image.src = first?.url ?? category.imageUrls[0] ?? categoryIllustration(category.type, defaults.defaultImage ?? '');
  // The card is at most about 23rem wide: the browser picks the 480 px copy, or 960 px on dense screens.
  if (first) image.srcset = srcsetOf(first.variants);
  (item.querySelector('[data-title]') as HTMLElement).textContent = category.type;
  (item.querySelector('[data-description]') as HTMLElement).textContent =
    category.description.trim() || (defaults.noDescription ?? '');
  return item;
}

/** Lines the card's CSS plans for the title; each line more takes one from the description. */
const PLANNED_TITLE_LINES = 2;

/**
 * Cards have a fixed height (nothing moves when they arrive): a long name that takes more lines
 * than planned shortens the description by as many, so both stay whole lines inside the card.
 */
function fitDescriptions(list: HTMLElement): void {
  for (const card of list.querySelectorAll<HTMLElement>('.category-card')) {
    const title = card.querySelector<HTMLElement>('[data-title]');
    const description = card.querySelector<HTMLElement>('[data-description]');
    if (!title || !description) continue;
    description.style.removeProperty('-webkit-line-clamp');
    const titleLines = Math.round(title.scrollHeight / Number.parseFloat(getComputedStyle(title).lineHeight));
    const planned = Number(getComputedStyle(description).webkitLineClamp);
    const extra = Math.max(0, titleLines - PLANNED_TITLE_LINES);
    if (extra > 0) description.style.setProperty('-webkit-line-clamp', String(Math.max(1, planned - extra)));
  }
}

/**
 * The arrows move the row a screen of cards back or on (snapping to a card), are disabled at its
 * ends, and show only when the row is wider than its frame.
 */
function wireArrows(root: HTMLElement, list: HTMLElement): void {
  const previous = root.querySelector<HTMLButtonElement>('[data-categories-previous]');
  const next = root.querySelector<HTMLButtonElement>('[data-categories-next]');
  if (!previous || !next) return;
  const update = () => {
    const end = list.scrollWidth - list.clientWidth;
    root.toggleAttribute('data-scrollable', end > 1);
    previous.disabled = list.scrollLeft <= 1;
    next.disabled = list.scrollLeft >= end - 1;
  };
  const move = (direction: 1 | -1) => {
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * list.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };
  previous.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));
  list.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(() => {
    fitDescriptions(list);
    update();
  }).observe(list);
}

async function showCategories(root: HTMLElement): Promise<void> {
  const list = root.querySelector('ul') as HTMLUListElement;
  const template = root.querySelector('template') as HTMLTemplateElement;
  const status = root.querySelector('[data-status]') as HTMLElement;
  const { dataset } = root;
  try {
    const response = await fetch(`${import.meta.env.PUBLIC_API_BASE}/departaments`, {
      signal: AbortSignal.timeout(10_000),
    });
    const categories: unknown = response.ok ? await response.json() : undefined;
    if (!Array.isArray(categories)) throw new Error(`GET /departaments answered ${response.status}`);
    list.replaceChildren(...(categories as CategoryView[]).map((category) => card(template, category, dataset)));
    status.textContent = categories.length === 0 ? (dataset.empty ?? '') : '';
  } catch {
    list.replaceChildren();
    status.textContent = dataset.failed ?? '';
  }
  root.setAttribute('aria-busy', 'false');
  wireArrows(root, list);
}

if (section) afterFirstPaint(() => void showCategories(section));
