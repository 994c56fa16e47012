import { chromium } from '@playwright/test';

const [url, out, width = '1280', height = '800', action = ''] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: +width, height: +height } });
await page.addInitScript(() => {
  if (!location.search.includes('fresh')) {
    sessionStorage.setItem('splashShown', '1');
  }
});
await page.goto(url);
await page.waitForTimeout(300);
if (action === 'menu') await page.getByRole('button', { name: 'Menü' }).click();
await page.screenshot({ path: out, fullPage: action === 'full' });
await browser.close();
