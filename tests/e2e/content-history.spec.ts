/**
 * The editors' history on 'Inhalte' (docs/product.md#d38-content-editor) with the history editors
 * leave (tests/support/realistic-content.ts): a page saved 30 times with long lines, long
 * words and umlauts, a page removed and brought back. On the shared server these tests only read;
 * restoring a save is tested on the editor's own server (editor.spec.ts).
 */
import type { Page } from '@playwright/test';
import { EDITED_PAGE, EDITED_PAGE_SAVES, REMOVED_PAGE } from '../support/realistic-content.ts';
import { signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { cutOffTexts, sidewaysOverflow, textsOffScreen } from './support/layout.ts';
import { throttleCpu } from './support/slow-phone.ts';

const WIDTHS = [320, 375, 414, 768, 1024, 1280];
const EDITED_LABEL = 'Branchenseiten: backerei';
const REMOVED_LABEL = 'Branchenseiten: pizzeria';
const LONG_WORD = 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung';

const savesOf = (page: Page, label: string) =>
  page.getByRole('table', { name: `Fassungen von „${label}“, die neueste zuerst` }).getByRole('row');

test.beforeEach(async ({ page, adminToken }) => {
  await signIn(page, adminToken);
});

test('opens with the page saved last, and a save’s long lines fit every width from 320 to 1280 px', async ({
  page,
}, testInfo) => {
  await page.goto('/admin/inhalte');
  await expect(page.getByLabel('Datei')).toHaveValue(EDITED_PAGE);
  const rows = savesOf(page, EDITED_LABEL);
  // The header and the newest 20 saves; the older ones and the seed the install began with on request.
  await expect(rows).toHaveCount(1 + 20);
  await expect(rows.nth(1)).toContainText('admin@hwds-e2e.test');
  const older = page.getByRole('button', { name: 'Ältere Fassungen zeigen (noch 11)' });
  await older.click();
  await expect(rows).toHaveCount(1 + EDITED_PAGE_SAVES + 1);
  await expect(older).toHaveCount(0);
  // The button is gone: the focus is on the first save it added.
  await expect(rows.nth(21).getByRole('button', { name: /^Änderungen ansehen \(/ })).toBeFocused();
  await expect(rows.last()).toContainText('Ursprünglicher Text (bei der Einrichtung)');
  // The newest save brought the seed's text back, which the website shows: it is marked, and no save is waiting.
  await expect(rows.nth(1)).toContainText('Auf der Website');
  await expect(page.getByText('Auf der Website')).toHaveCount(1);
  await expect(page.getByText('Nicht auf der Website')).toHaveCount(0);

  // The second save added the long paragraph: the line with the longest word is shown added.
  await rows
    .nth(EDITED_PAGE_SAVES - 1)
    .getByRole('button', { name: /^Änderungen ansehen \(/ })
    .click();
  // Shown below the list: the focus moves there, and a screen reader reads what it is.
  await expect(
    page.getByRole('heading', { name: /^Änderungen an „Branchenseiten: backerei“, gespeichert am / }),
  ).toBeFocused();
  const changes = page.locator('.content-changes');
  await expect(changes.locator('ins').filter({ hasText: LONG_WORD })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
    expect(await textsOffScreen(page), `text off the screen at ${width} px`).toEqual([]);
    expect(await cutOffTexts(page), `text cut off at ${width} px`).toEqual([]);
    if (width === 375 || width === 1280) {
      await changes.locator('ins').filter({ hasText: LONG_WORD }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`content-history-${width}.png`) });
    }
  }
});

test('a removed page stays in the history with its removal and the save that brought it back', async ({ page }) => {
  await page.goto('/admin/inhalte');
  await page.getByLabel('Datei').selectOption({ label: REMOVED_LABEL });
  const rows = savesOf(page, REMOVED_LABEL);
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toContainText('(Datei entfernt)');
  // A removal is nothing to bring back; the saves before it are.
  await expect(rows.nth(2).getByRole('button', { name: /^Diese Fassung wiederherstellen/ })).toHaveCount(0);
  await expect(rows.nth(3).getByRole('button', { name: /^Diese Fassung wiederherstellen/ })).toHaveCount(1);
  await expect(rows.nth(3)).toContainText('Ursprünglicher Text (bei der Einrichtung)');
  // Its removal shows every line of the page as removed.
  await rows
    .nth(2)
    .getByRole('button', { name: /^Änderungen ansehen \(/ })
    .click();
  await expect(page.locator('.content-changes ins')).toHaveCount(0);
  await expect(page.locator('.content-changes del').first()).toContainText('---');
});

test('on a slow phone, the file chosen last is the one shown, whatever answer comes last', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await throttleCpu(page);
  // The long history answers late: by then the editor has chosen another file.
  let releaseEdited: () => void = () => {};
  const edited = new Promise<void>((resolve) => {
    releaseEdited = resolve;
  });
  await page.route(`**/api/editor/files/revisions?path=${encodeURIComponent(EDITED_PAGE)}`, async (route) => {
    await edited;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().includes(encodeURIComponent(REMOVED_PAGE)));
  await page.goto('/admin/inhalte');
  await expect(page.getByLabel('Datei')).toHaveValue(EDITED_PAGE);
  await page.getByLabel('Datei').selectOption({ label: REMOVED_LABEL });
  await answered;
  await expect(savesOf(page, REMOVED_LABEL)).toHaveCount(4);
  const late = page.waitForResponse((response) => response.url().includes(encodeURIComponent(EDITED_PAGE)));
  releaseEdited();
  await late;
  // A frame for React to render whatever it would.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await expect(savesOf(page, REMOVED_LABEL)).toHaveCount(4);
  await expect(page.getByRole('table', { name: /^Fassungen von/ })).toHaveCount(1);
});
