/**
 * `client:painted`: an island hydrates once the page's first paint is on the screen
 * (after-first-paint.ts), so neither React nor the island's code competes with the first screen;
 * Astro's `client:idle` often starts before the first frame. What is typed before is kept
 * (docs/product.md#d29-input-before-hydration).
 */
import type { ClientDirective } from 'astro';
import { afterFirstPaint } from './after-first-paint.ts';

const clientPainted: ClientDirective = (load) => {
  afterFirstPaint(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default clientPainted;
