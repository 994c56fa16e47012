/**
 * The home page's categories, loaded from the API after the page: the markup holds placeholder
 * cards in a fixed-height row, so replacing them moves nothing. No framework: one fetch, one
 * template. Texts are in the markup (data attributes), not here.
 */
import { srcsetOf } from '../../lib/images.ts';
import type { DepartamentView } from '../../server/features/catalogue/catalogue.service.ts';
import { categoryIllustration } from './category-illustration.ts';

const section = document.querySelector<HTMLElement>('[data-categories]');

function card(template: HTMLTemplateElement, departament: DepartamentView, defaults: DOMStringMap): Node {
  const item = template.content.cloneNode(true) as DocumentFragment;
  const link = item.querySelector('a') as HTMLAnchorElement;
  link.href = `/departaments/${departament.id}`;
  const image = item.querySelector('img') as HTMLImageElement;
  // `images` (with the WebP variants) is this API's; an API of the earlier contract sends only `imageUrls`.
  const first = departament.images?.[0];
  image.src =
    first?.url ?? departament.imageUrls[0] ?? categoryIllustration(departament.type, defaults.defaultImage ?? '');
  // The card is at most about 23rem wide: the browser picks the 480 px copy, or 960 px on dense screens.
  if (first) image.srcset = srcsetOf(first.variants);
  (item.querySelector('[data-title]') as HTMLElement).textContent = departament.type;
  (item.querySelector('[data-description]') as HTMLElement).textContent =
    departament.description.trim() || (defaults.noDescription ?? '');
  return item;
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
    const departaments: unknown = response.ok ? await response.json() : undefined;
    if (!Array.isArray(departaments)) throw new Error(`GET /departaments answered ${response.status}`);
    list.replaceChildren(
      ...(departaments as DepartamentView[]).map((departament) => card(template, departament, dataset)),
    );
    status.textContent = departaments.length === 0 ? (dataset.empty ?? '') : '';
  } catch {
    list.replaceChildren();
    status.textContent = dataset.failed ?? '';
  }
  root.setAttribute('aria-busy', 'false');
}

if (section) void showCategories(section);
