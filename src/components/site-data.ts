/** Site-wide data from content/site.yaml, for static components at build time (not for islands). */
import { getEntry } from 'astro:content';

export async function getSiteData() {
  const entry = await getEntry('site', 'main');
  if (!entry) throw new Error('content/site.yaml is missing');
  return entry.data;
}

export type SiteData = Awaited<ReturnType<typeof getSiteData>>;
