/**
 * Runs `task` once the page's first contentful paint is on the screen, so what it fetches never
 * competes with the first screen (docs/product.md#h11-speed). Idleness is not enough: the browser
 * is often idle before its first frame, and a frame is on the screen only some time after its
 * callbacks ran. Every browser the build targets reports paint timing.
 */
export function afterFirstPaint(task: () => void): void {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    // A task of its own, after the observer's other callbacks.
    setTimeout(task);
  });
  observer.observe({ type: 'paint', buffered: true });
}
