/**
 * Page weight: the gzip-compressed bytes of HTML, CSS and JavaScript each built page makes the
 * browser load, checked against the budgets in budgets.json.
 *
 * JavaScript counts inline scripts, module scripts, modulepreloads, island components and their
 * renderers, and every module these import statically (what the browser fetches before it can
 * run them). Dynamic imports are excluded: they load on demand, not with the page. What a page
 * loads in the browser before its visitor does anything is measured there
 * (tests/e2e/page-weight.spec.ts): only the browser knows which on-demand modules it asks for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

export interface PageWeight {
  /** Route of the page, e.g. "/" or "/preise". */
  route: string;
  /** The markup, without its inline styles (counted as CSS). */
  html: number;
  css: number;
  js: number;
}

export interface Budget {
  js?: number;
  css?: number;
  html?: number;
  /** HTML and CSS together. */
  htmlCss?: number;
}

export interface Budgets {
  /** Applies to every page without its own entry. */
  default: Budget;
  /** By route; a key ending in "/*" covers every route below it (an exact route wins). */
  pages: Record<string, Budget>;
}

export interface BudgetViolation {
  route: string;
  metric: keyof Budget;
  bytes: number;
  budget: number;
}

/** How a budget counts bytes: gzip at its default level. */
export const gzipBytes = (content: string | Buffer) => gzipSync(content).length;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

function routeOf(clientDir: string, file: string): string {
  const relative = path.relative(clientDir, file).split(path.sep).join('/');
  const route = `/${relative.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/** Measures one pre-rendered HTML file of a build whose assets live below `clientDir`. */
export function measurePage(clientDir: string, htmlFile: string): Promise<PageWeight> {
  return measureHtml(clientDir, routeOf(clientDir, htmlFile), readFileSync(htmlFile, 'utf8'));
}

/** Measures an HTML document (pre-rendered, or as the server rendered it on request) of a build in `clientDir`. */
export async function measureHtml(clientDir: string, route: string, html: string): Promise<PageWeight> {
  await init();
  const load = (url: string) => readFileSync(path.join(clientDir, new URL(url, 'http://x/').pathname));

  let css = 0;
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && /\brel=["']?stylesheet/i.test(tag)) css += gzipBytes(load(href));
  }
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('');
  if (inlineStyles) css += gzipBytes(inlineStyles);

  const entryModules = new Set<string>();
  let inlineScripts = '';
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = attribute(` ${attributes}`, 'type');
    if (type && type !== 'module' && !type.includes('javascript')) continue; // JSON-LD and other data
    const src = attribute(` ${attributes}`, 'src');
    if (src) entryModules.add(src);
    else inlineScripts += body;
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel=["']?modulepreload/i.test(tag)) entryModules.add(attribute(tag, 'href') ?? '');
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attribute(tag, name);
      if (url) entryModules.add(url);
    }
  }

  /** The gzip bytes of the modules `entries` load, following their static imports. */
  const moduleBytes = (entries: Iterable<string>) => {
    const seen = new Set<string>();
    const queue = [...entries].filter(Boolean).map((url) => new URL(url, 'http://x/').pathname);
    let bytes = 0;
    while (queue.length > 0) {
      const url = queue.shift() as string;
      if (seen.has(url)) continue;
      seen.add(url);
      const source = load(url);
      bytes += gzipBytes(source);
      const [imports] = parse(source.toString('utf8'));
      for (const entry of imports) {
        const { type, specifier } = entry;
        const followed = type === 'static' || type === 'reexport-star';
        // A module of the site, not a computed or outside address (a provider's SDK).
        if (followed && specifier && /^\.{0,2}\//.test(specifier))
          queue.push(new URL(specifier, `http://x${url}`).pathname);
      }
    }
    return bytes;
  };
  const inline = inlineScripts.trim() ? gzipBytes(inlineScripts) : 0;
  const js = inline + moduleBytes(entryModules);
  const markup = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '');
  return { route, html: gzipBytes(markup), css, js };
}

/** Measures every HTML page of a build's client directory, sorted by route. */
export async function measureSite(clientDir: string): Promise<PageWeight[]> {
  const pages = await Promise.all(htmlFiles(clientDir).map((file) => measurePage(clientDir, file)));
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

export function budgetFor(route: string, budgets: Budgets): Budget {
  const below = Object.entries(budgets.pages).find(
    ([key]) => key.endsWith('/*') && route.startsWith(key.slice(0, -1)),
  )?.[1];
  return { ...budgets.default, ...below, ...budgets.pages[route] };
}

export function checkBudgets(weights: PageWeight[], budgets: Budgets): BudgetViolation[] {
  return weights.flatMap((weight) => {
    const budget = budgetFor(weight.route, budgets);
    const measured: Record<keyof Budget, number> = {
      js: weight.js,
      css: weight.css,
      html: weight.html,
      htmlCss: weight.html + weight.css,
    };
    return (Object.keys(budget) as (keyof Budget)[])
      .filter((metric) => measured[metric] > (budget[metric] ?? Number.POSITIVE_INFINITY))
      .map((metric) => ({ route: weight.route, metric, bytes: measured[metric], budget: budget[metric] as number }));
  });
}

export function loadBudgets(file = path.join(import.meta.dirname, 'budgets.json')): Budgets {
  return JSON.parse(readFileSync(file, 'utf8')) as Budgets;
}
