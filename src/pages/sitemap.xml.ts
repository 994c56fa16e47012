/** sitemap.xml: every public, indexable page (not /aboutus/modelle, which points to /modelle). */
import type { APIRoute } from 'astro';
import { getLandingPages } from '../components/content/site-data.ts';

const PUBLIC_PATHS = [
  '/',
  '/modelle',
  '/preise',
  '/contacts',
  '/aboutus',
  '/privacypolicy',
  '/agb',
  '/widerrufsbelehrung',
  '/barrierefreiheit',
];

export const GET: APIRoute = async ({ site }) => {
  const landing = (await getLandingPages()).map((page) => `/${page.id}`);
  const urls = [...PUBLIC_PATHS, ...landing].map((path) => `  <url><loc>${new URL(path, site).href}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
