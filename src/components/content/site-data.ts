/**
 * Content for static components (not for islands: they get what they need as props): the build's
 * content collections, and for the pages rendered on request in the site's server the content it
 * serves now, which a publish changes without loading new page code (docs/product.md#d38-content-editor).
 */
import { type CollectionEntry, getCollection, getEntry } from 'astro:content';
import { servedContent } from '../../server/page-data.ts';

/** The one entry of a single-document collection (content/site.yaml, content/pricing.yaml). */
async function single<C extends 'site' | 'pricing'>(collection: C): Promise<CollectionEntry<C>['data']> {
  const served = servedContent();
  if (served) return served[collection];
  const entry = (await getEntry(collection, 'main')) as CollectionEntry<C> | undefined;
  if (!entry) throw new Error(`content for "${collection}" is missing`);
  return entry.data;
}

export const getSiteData = () => single('site');
export const getPricing = () => single('pricing');

/** The five website models, by number; at most one is the agency's recommendation. */
export async function getModels() {
  const models = (await getCollection('models')).map((entry) => entry.data).sort((a, b) => a.number - b.number);
  if (models.filter((model) => model.recommended).length > 1) {
    throw new Error('content/models.yaml: "recommended: true" steht bei mehr als einem Modell');
  }
  return models;
}

/** The landing pages in their grid order; order values and titles must be unique. */
export async function getLandingPages() {
  const pages = (await getCollection('landing')).sort((a, b) => a.data.order - b.data.order);
  for (const [index, page] of pages.entries()) {
    const twin = pages
      .slice(index + 1)
      .find((other) => other.data.order === page.data.order || other.data.title === page.data.title);
    if (twin) throw new Error(`content/landing/${page.id}.md and ${twin.id}.md share the same order or title`);
  }
  return pages;
}

/**
 * The industry families (content/industries.yaml), each with its landing pages in grid order,
 * ordered by their first page. Every landing page belongs to exactly one family; anything else
 * stops the build naming the page.
 */
export async function getIndustryFamilies() {
  const [families, pages] = await Promise.all([getCollection('industries'), getLandingPages()]);
  const familyOf = new Map<string, string>();
  for (const family of families) {
    for (const id of family.data.pages) {
      if (!pages.some((page) => page.id === id)) {
        throw new Error(`content/industries.yaml: "${family.id}" nennt die Branchenseite "${id}", die es nicht gibt`);
      }
      if (familyOf.has(id)) throw new Error(`content/industries.yaml: "${id}" steht in zwei Gruppen`);
      familyOf.set(id, family.id);
    }
  }
  const orphan = pages.find((page) => !familyOf.has(page.id));
  if (orphan) throw new Error(`content/industries.yaml: content/landing/${orphan.id}.md steht in keiner Gruppe`);
  return families
    .map((family) => ({
      id: family.id,
      ...family.data,
      pages: pages.filter((page) => familyOf.get(page.id) === family.id),
    }))
    .sort((a, b) => (a.pages[0]?.data.order ?? 0) - (b.pages[0]?.data.order ?? 0));
}
