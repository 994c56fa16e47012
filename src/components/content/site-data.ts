/**
 * Content for static components (not for islands: they get what they need as props): the build's
 * content collections, and for the pages rendered on request in the site's server the content it
 * serves now, which a publish changes without loading new page code (docs/product.md#d38-content-editor).
 */
import { type CollectionEntry, getCollection, getEntry } from 'astro:content';
// Astro's error for what a user can put right: the build prints it as `[AstroUserError] …`, which a
// publish shows the editor (src/server/features/editor/build-errors.ts).
import { AstroError } from 'astro/errors';
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

/** Astro leaves a YAML file it cannot read out of its collection (content.config.ts): an empty one is said as such. */
const unreadable = (file: string, what: string) =>
  new AstroError(
    `${what} (content/${file}) konnten nicht gelesen werden. Bitte wenden Sie sich an den technischen Support.`,
  );

/** A landing page as the build's messages name it: its title and its address. */
const named = (page: CollectionEntry<'landing'>) => `„${page.data.title}“ (Adresse /${page.id})`;

/** "A", "A und B", "A, B und C". */
const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} und ${names.at(-1)}` : (names[0] ?? '');

/** The five website models, by number; at most one is the agency's recommendation. */
export async function getModels() {
  const models = (await getCollection('models')).map((entry) => entry.data).sort((a, b) => a.number - b.number);
  if (models.length === 0) throw unreadable('models.yaml', 'Die Website-Modelle');
  if (models.filter((model) => model.recommended).length > 1) {
    throw new AstroError(
      'Bei den Website-Modellen ist „Unsere Empfehlung“ mehr als einmal angekreuzt. Bitte kreuzen Sie es unter „Inhalte bearbeiten“ › „Website-Modelle“ bei höchstens einem Modell an.',
    );
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
    if (twin) {
      const same =
        twin.data.title === page.data.title
          ? `denselben Titel „${page.data.title}“`
          : `dieselbe Position auf der Startseite (${page.data.order})`;
      throw new AstroError(
        `Die Branchenseiten /${page.id} und /${twin.id} haben ${same}. Bitte ändern Sie das unter „Inhalte bearbeiten“ › „Branchenseiten“ bei einer der beiden.`,
      );
    }
  }
  return pages;
}

/**
 * The industry families (content/industries.yaml), each with its landing pages in grid order,
 * ordered by their first page. Every landing page belongs to exactly one family; anything else
 * stops the build naming the pages and where the editor puts it right. A family may name a page
 * that was removed since: the page is gone, and so is its link.
 */
export async function getIndustryFamilies() {
  const [families, pages] = await Promise.all([getCollection('industries'), getLandingPages()]);
  if (families.length === 0) throw unreadable('industries.yaml', 'Die Branchengruppen');
  const familyOf = new Map<string, (typeof families)[number]>();
  for (const family of families) {
    for (const id of family.data.pages) {
      const first = familyOf.get(id);
      const page = pages.find((candidate) => candidate.id === id);
      if (first && first !== family && page) {
        throw new AstroError(
          `Die Branchenseite ${named(page)} steht in zwei Branchengruppen („${first.data.name}“ und „${family.data.name}“). Bitte entfernen Sie sie unter „Inhalte bearbeiten“ › „Branchengruppen“ aus einer der beiden.`,
        );
      }
      familyOf.set(id, family);
    }
  }
  const orphans = pages.filter((page) => !familyOf.has(page.id)).map(named);
  if (orphans.length > 0) {
    const [subject, verb, group] =
      orphans.length > 1
        ? ['Die Branchenseiten', 'gehören', 'je einer Gruppe']
        : ['Die Branchenseite', 'gehört', 'einer Gruppe'];
    throw new AstroError(
      `${subject} ${listed(orphans)} ${verb} zu keiner Branchengruppe. Bitte fügen Sie sie unter „Inhalte bearbeiten“ › „Branchengruppen“ ${group} hinzu und veröffentlichen Sie dann erneut.`,
    );
  }
  return families
    .map((family) => ({
      id: family.id,
      ...family.data,
      pages: pages.filter((page) => familyOf.get(page.id) === family),
    }))
    .filter((family) => family.pages.length > 0)
    .sort((a, b) => (a.pages[0]?.data.order ?? 0) - (b.pages[0]?.data.order ?? 0));
}
