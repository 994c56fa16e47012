import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with a readable list when axe finds WCAG 2.2 A/AA violations on the page as it is now. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  // Colours are judged as they settle: half-way through a fade (the splash's tagline on a first
  // visit) a text is paler than it ever stays. Endless or paused animations (skeletons) are not
  // waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself, without a second page to merge results from frames:
  // the site embeds no frames, and each check is about 0.4 s faster.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}
