/**
 * A slow phone for the browser tests: a throttled CPU, and an island whose script arrives only
 * when the test lets it, so a test can type into the server's markup before React takes over.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** How much slower than the test machine the CPU runs (Lighthouse's mobile profile uses 4). */
export const SLOW_CPU_RATE = 6;

export async function throttleCpu(page: Page, rate = SLOW_CPU_RATE): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Holds back the script of the island component `name` (e.g. "LoginForm") until `release` is
 * called, so the island cannot hydrate before then.
 */
export async function holdIsland(page: Page, name: string): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** The island around `element` is still the server's markup (Astro removes `ssr` once it has hydrated). */
export async function expectNotHydrated(element: Locator): Promise<void> {
  await expect(element.locator('xpath=ancestor::astro-island[1]')).toHaveAttribute('ssr', '');
}

/**
 * A booking form of a category page hydrates when first used (`client:used`): a customer's first
 * step, into its start date, and it is live.
 */
export async function wakeBookingForm(card: Locator): Promise<void> {
  await card.getByLabel('Startdatum').focus();
  await expectHydrated(card.getByLabel('Startdatum'));
}

export async function expectHydrated(element: Locator): Promise<void> {
  await expect(element.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/, {
    timeout: 20_000,
  });
}
