/**
 * `npm run perf:lighthouse [-- [--no-splash] /path ...]`: Lighthouse (mobile, its default)
 * against the product started as `npm start` starts it, in Debian's Chromium, three runs per
 * page; reports the median run (by performance score). Default pages: /, /shop, /preise.
 * Every run is a first visit, so the splash plays (docs/product.md#d2-splash); `--no-splash`
 * marks it as seen before each load, to compare LCP and Speed Index without it.
 * Results: a table on stdout and test-results/lighthouse.json.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { connect } from 'puppeteer-core';
import { embeddedEnv, startApiServer } from '../support/processes.ts';

const RUNS = 3;
const args = process.argv.slice(2);
const withoutSplash = args.includes('--no-splash');
const paths = args.filter((arg) => arg !== '--no-splash');
if (paths.length === 0) paths.push('/', '/shop', '/preise');

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const server = await startApiServer(
  embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-lighthouse-'))),
  'src/cli/start.ts',
);
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

const browser = await connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const results: { path: string; median: Run; runs: number[] }[] = [];
try {
  for (const route of paths) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      // Runs in every new document before the page's own scripts, after Lighthouse cleared storage.
      if (withoutSplash) await page.evaluateOnNewDocument(() => localStorage.setItem('splashShown', '1'));
      const result = await lighthouse(
        `${server.baseUrl}${route}`,
        { output: 'json', logLevel: 'error' },
        undefined,
        page,
      );
      await page.close();
      if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(value('first-contentful-paint')),
        lcpMs: Math.round(value('largest-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        cls: Number(value('cumulative-layout-shift').toFixed(3)),
        speedIndexMs: Math.round(value('speed-index')),
      });
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    results.push({ path: route, median: sorted[Math.floor(RUNS / 2)] as Run, runs: runs.map((r) => r.performance) });
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
}

console.log(
  `\nLighthouse ${RUNS} runs per page, mobile, Debian Chromium, ${withoutSplash ? 'splash marked as seen' : 'first visit (splash plays)'}; median run:\n`,
);
console.log(
  '| Page | Performance (runs) | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed index ms |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { path: route, median: m, runs } of results) {
  console.log(
    `| ${route} | ${m.performance} (${runs.join(', ')}) | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${m.speedIndexMs} |`,
  );
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/lighthouse.json', `${JSON.stringify(results, null, 2)}\n`);
