/** The budget check of the real build (run by `npm test` after building). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetFor, checkBudgets, loadBudgets, measureSite } from './page-weight.ts';

const clientDir = path.resolve('dist/client');
const budgets = loadBudgets();
const weights = existsSync(clientDir) ? await measureSite(clientDir) : [];

// Kept for the record (closing notes, trends): the measured bytes of every page.
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/page-weight.json', `${JSON.stringify(weights, null, 2)}\n`);

describe('page weight of the build (gzip bytes)', () => {
  it('finds built pages to measure', () => {
    expect(weights.length, 'no build in dist/client: run `npm run build` first').toBeGreaterThan(0);
  });

  for (const weight of weights) {
    it(`${weight.route} stays within ${JSON.stringify(budgetFor(weight.route, budgets))}`, () => {
      expect(checkBudgets([weight], budgets)).toEqual([]);
    });
  }
});
