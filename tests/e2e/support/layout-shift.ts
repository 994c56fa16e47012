import type { Page } from '@playwright/test';

type WithShifts = Window & { layoutShifts?: number; layoutShiftSources?: string[] };

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/**
 * Starts summing the page's layout shifts from its first paint, as CLS counts them (not those
 * right after the visitor's own input); call before `goto`. Each page load starts from 0; the
 * returned function reads the sum so far, `layoutShiftSources` what moved.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const record = window as WithShifts;
    record.layoutShifts = 0;
    record.layoutShiftSources = [];
    const nameOf = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        record.layoutShifts = (record.layoutShifts ?? 0) + entry.value;
        for (const source of entry.sources) {
          record.layoutShiftSources?.push(
            `${nameOf(source.node)} at ${Math.round(entry.startTime)} ms: y ${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as WithShifts).layoutShifts ?? 0);
}

/** What moved in the layout shifts recorded so far (recordLayoutShifts), for a failure message. */
export function layoutShiftSources(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as WithShifts).layoutShiftSources ?? []);
}
