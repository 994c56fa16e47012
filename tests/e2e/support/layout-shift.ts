import type { Page } from '@playwright/test';

type WithShifts = Window & { layoutShifts?: number };

/**
 * Starts summing the page's layout shifts (the CLS entries) from its first paint; call before
 * `goto`. The returned function reads the sum so far.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    (window as WithShifts).layoutShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as WithShifts).layoutShifts = ((window as WithShifts).layoutShifts ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as WithShifts).layoutShifts ?? 0);
}
