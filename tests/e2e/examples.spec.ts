/**
 * The example sites /beispiele/{industry} (docs/product.md#d25-example-sites): one per landing
 * page, labelled as an example with the way back, kept out of search engines, reached from
 * 'Beispielseite ansehen'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

interface Example {
  slug: string;
  landingTitle: string;
  name: string;
  theme: string;
  firstItem: string;
  hasDate: boolean;
}

const examples: Example[] = readdirSync('content/landing').map((file) => {
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(`content/landing/${file}`, 'utf8'))?.[1] ?? '';
  const data = parseYaml(frontMatter) as {
    title: string;
    example: { name: string; theme: string; offer: { items: { name: string }[] }; contact: { dateLabel?: string } };
  };
  return {
    slug: file.replace(/\.md$/, ''),
    landingTitle: data.title,
    name: data.example.name,
    theme: data.example.theme,
    firstItem: data.example.offer.items[0]?.name ?? '',
    hasDate: data.example.contact.dateLabel !== undefined,
  };
});

/** The first example of each look: these also get the accessibility check. */
const onePerTheme = new Set(
  [...new Map(examples.map((example) => [example.theme, example.slug])).values()].map((slug) => slug),
);

test('there is an example for each of the 27 landing pages, in all seven looks', () => {
  expect(examples).toHaveLength(27);
  expect(onePerTheme.size).toBe(7);
});

for (const example of examples) {
  test(`/beispiele/${example.slug} is a labelled, noindex demo of ${example.name}`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const response = await page.goto(`/beispiele/${example.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    const banner = page.getByRole('complementary', { name: 'Hinweis zur Beispielseite' });
    await expect(banner.getByText('Beispielseite – so könnte Ihre Website aussehen', { exact: true })).toBeVisible();
    await expect(banner).toContainText('erfunden');
    await expect(banner.getByRole('link', { name: `Zurück zu „${example.landingTitle}“` })).toHaveAttribute(
      'href',
      `/${example.slug}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(example.name);
    await expect(page.getByRole('heading', { level: 3, name: example.firstItem })).toBeVisible();
    await expect(page.locator('#zeiten dt').first()).toBeVisible();
    // The booking or contact form is a demo: switched off, and it says so.
    const form = page.locator('#kontakt form');
    await expect(form.locator('fieldset')).toHaveAttribute('disabled');
    await expect(form.getByRole('button')).toBeDisabled();
    await expect(form.getByLabel('E-Mail')).toBeDisabled();
    await expect(form.locator('input[type="date"]')).toHaveCount(example.hasDate ? 1 : 0);
    await expect(form).toContainText('Dieses Formular ist abgeschaltet und verschickt nichts.');
    expect(await page.locator('script').count(), 'an example site needs no script').toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing scrolls sideways at 320 px').toBeLessThanOrEqual(0);
    if (onePerTheme.has(example.slug)) {
      await expectNoAccessibilityViolations(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoAccessibilityViolations(page);
    }
  });
}

test('“Beispielseite ansehen” on a landing page leads to its example, and back', async ({ page }) => {
  await page.goto('/hotel');
  await page.getByRole('link', { name: 'Beispielseite ansehen' }).click();
  await expect(page).toHaveURL('/beispiele/hotel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hotel Seeblick');
  await page.getByRole('link', { name: 'Zurück zu „Website für Ihr Hotel“' }).click();
  await expect(page).toHaveURL('/hotel');
});

test('the example sites are not in the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/hotel</loc>');
  expect(sitemap).not.toContain('/beispiele');
});
