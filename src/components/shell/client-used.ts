/**
 * `client:used`: an island hydrates when it is first used: a focus, a pointer or a key inside it, or
 * its form sent. Until then its server markup is all a visitor gets, and no React or island code
 * loads: a logged-in customer's category page with a dozen booking forms stays as light as a
 * visitor's (docs/product.md#h11-speed). What is typed before is kept
 * (docs/product.md#d29-input-before-hydration); a form sent before hydration is held and sent again
 * once the island runs, so the first click on its button is not lost.
 */
import type { ClientDirective } from 'astro';

const FIRST_USE = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

const clientUsed: ClientDirective = (load, _options, island) => {
  let held: HTMLFormElement | undefined;
  let started = false;
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    held = event.target instanceof HTMLFormElement ? event.target : undefined;
    void start();
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE) island.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    island.removeEventListener('submit', holdSubmit);
    held?.requestSubmit();
  };
  for (const type of FIRST_USE) island.addEventListener(type, start, { passive: true });
  island.addEventListener('submit', holdSubmit);
};

export default clientUsed;
