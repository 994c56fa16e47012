import { type RefObject, useEffect } from 'react';

/** The element that last had the focus: when it has left the page, the focus went with it. */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  });
}

/**
 * Gives `target` the focus when it appears just after the focused control left the page with
 * what `target` replaces (an add-to-cart form, a pay button, the cart's list): a keyboard or screen
 * reader user would otherwise start again at the top. On a page nobody has used yet, nothing moves.
 */
export function useFocusIfLost(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const lost = document.activeElement === document.body && lastFocused !== null && !lastFocused.isConnected;
    if (lost) target.current?.focus();
  }, [target]);
}
