import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Budgets, budgetFor, checkBudgets, measureSite, type PageWeight } from '../perf/page-weight.ts';

/** About `bytes` bytes of random base64 in JavaScript: gzip keeps about three quarters of it. */
const heavyScript = (bytes: number) => `export const blob = "${randomBytes((bytes * 3) / 4).toString('base64')}";\n`;

const budgets: Budgets = {
  default: { js: 5120 },
  pages: { '/island': { js: 90 * 1024 }, '/': { htmlCss: 30 * 1024 } },
};

let weights: PageWeight[];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-weight-'));
  mkdirSync(path.join(dir, '_astro'));
  mkdirSync(path.join(dir, 'heavy'));
  mkdirSync(path.join(dir, 'island'));
  writeFileSync(path.join(dir, '_astro/shell.js'), 'import"./store.js";console.log(1)');
  writeFileSync(path.join(dir, '_astro/store.js'), 'export*from"./dep.js";export const a=1;import("./lazy.js")');
  writeFileSync(path.join(dir, '_astro/dep.js'), heavyScript(3_000));
  writeFileSync(path.join(dir, '_astro/lazy.js'), heavyScript(40_000));
  writeFileSync(path.join(dir, '_astro/big.js'), heavyScript(20_000));
  writeFileSync(path.join(dir, '_astro/site.css'), 'body{color:red}');
  const page = (body: string) =>
    `<!doctype html><html><head><link rel="stylesheet" href="/_astro/site.css"><script type="application/ld+json">{"@type":"Thing"}</script></head><body>${body}<script type="module" src="/_astro/shell.js"></script></body></html>`;
  writeFileSync(
    path.join(dir, 'index.html'),
    page('<h1>Start</h1><script>document.documentElement.dataset.x="1"</script>'),
  );
  writeFileSync(path.join(dir, 'heavy/index.html'), page('<script type="module" src="/_astro/big.js"></script>'));
  writeFileSync(
    path.join(dir, 'island.html'),
    page('<astro-island component-url="/_astro/big.js" renderer-url="/_astro/store.js"></astro-island>'),
  );
  writeFileSync(
    path.join(dir, 'below.html'),
    page(
      '<astro-island client="visible" component-url="/_astro/big.js" renderer-url="/_astro/store.js"></astro-island>',
    ),
  );
  weights = await measureSite(dir);
});

describe('page weight measurement', () => {
  it('finds every page by its route', () => {
    expect(weights.map((w) => w.route)).toEqual(['/', '/below', '/heavy', '/island']);
  });

  it('counts inline and module scripts with their static imports, not dynamic imports or JSON-LD', () => {
    const home = weights.find((w) => w.route === '/') as PageWeight;
    expect(home.js).toBeGreaterThan(2_000); // shell.js → store.js → dep.js (about 2.3 KB gzip)
    expect(home.js).toBeLessThan(4_000); // the 40 KB lazily imported module is not counted
    expect(home.css).toBeGreaterThan(0);
  });

  it('counts island components and renderers, also of an island that waits to be in view', () => {
    const island = weights.find((w) => w.route === '/island') as PageWeight;
    expect(island.js).toBeGreaterThan(12_000);
    const below = weights.find((w) => w.route === '/below') as PageWeight;
    expect(below.js).toBeGreaterThan(12_000);
  });
});

describe('budget check', () => {
  it('passes pages within budget', () => {
    expect(
      checkBudgets(
        weights.filter((w) => w.route === '/' || w.route === '/island'),
        budgets,
      ),
    ).toEqual([]);
  });

  it('reports a page without islands that ships more than 5 KB of JavaScript', () => {
    const violations = checkBudgets(
      weights.filter((w) => w.route !== '/below'),
      budgets,
    );
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ route: '/heavy', metric: 'js', budget: 5120 });
    expect(violations[0]?.bytes).toBeGreaterThan(5120);
  });

  it('applies a "/prefix/*" budget to the routes below it, an exact route first', () => {
    const withPrefix = {
      default: { js: 5120 },
      pages: { '/beispiele/*': { htmlCss: 30_720 }, '/beispiele/hotel': { htmlCss: 40_000 } },
    };
    expect(budgetFor('/beispiele/shop', withPrefix)).toEqual({ js: 5120, htmlCss: 30_720 });
    expect(budgetFor('/beispiele/hotel', withPrefix)).toEqual({ js: 5120, htmlCss: 40_000 });
    expect(budgetFor('/beispiele', withPrefix)).toEqual({ js: 5120 });
    expect(budgetFor('/shop', withPrefix)).toEqual({ js: 5120 });
    const bloated = { route: '/beispiele/shop', html: 25_000, css: 6_000, js: 0 };
    expect(checkBudgets([bloated], withPrefix)).toEqual([
      { route: '/beispiele/shop', metric: 'htmlCss', bytes: 31_000, budget: 30_720 },
    ]);
  });

  it('reports HTML and CSS together against htmlCss', () => {
    const bloated = { route: '/', html: 25_000, css: 6_000, js: 0 };
    expect(checkBudgets([bloated], budgets)).toEqual([
      { route: '/', metric: 'htmlCss', bytes: 31_000, budget: 30 * 1024 },
    ]);
  });
});
