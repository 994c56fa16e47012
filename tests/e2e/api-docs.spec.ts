/**
 * The interactive API reference as the e2e server (API_DOCS on) serves it: Swagger UI renders the
 * OpenAPI document and calls the API under the page's own security policy, with nothing loaded
 * from another origin (docs/product.md#api-reference).
 */
import { expect, test } from './support/fixtures.ts';

test('the API reference shows every route and tries one out, all from this server', async ({
  page,
  baseURL,
  request,
}) => {
  const document = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);
  const operations = Object.values(document.paths).reduce(
    (sum, item) => sum + Object.keys(item).filter((key) => methods.has(key)).length,
    0,
  );
  expect(operations).toBeGreaterThanOrEqual(50);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) elsewhere.push(url);
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /HWDS API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path')).toHaveCount(operations);

  const health = page.locator('.opblock', { has: page.locator('[data-path="/health"]') });
  await health.locator('.opblock-summary-control').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(health.locator('.live-responses-table tbody .response-col_status')).toHaveText('200');
  expect(elsewhere).toEqual([]);
});
