/** Moving through a page as a keyboard user does: Tab and Shift+Tab, never a programmatic focus. */
import { expect, type Locator, type Page } from '@playwright/test';

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `limit` times (a date field's
 * picker button is a stop of its own; the admin list has a stop per category).
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  for (let presses = 0; presses < limit && !(await isFocused(target)); presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}
