/** Content for static components at build time (not for islands: they get what they need as props). */
import { type CollectionEntry, getCollection, getEntry } from 'astro:content';

/** The one entry of a single-document collection (content/site.yaml, content/pricing.yaml). */
async function single<C extends 'site' | 'pricing'>(collection: C): Promise<CollectionEntry<C>['data']> {
  const entry = (await getEntry(collection, 'main')) as CollectionEntry<C> | undefined;
  if (!entry) throw new Error(`content for "${collection}" is missing`);
  return entry.data;
}

export const getSiteData = () => single('site');
export const getPricing = () => single('pricing');

/** The five website models, by number. */
export async function getModels() {
  return (await getCollection('models')).map((entry) => entry.data).sort((a, b) => a.number - b.number);
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
