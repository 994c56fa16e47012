import type { Page } from '@playwright/test';

/** How far the page is wider than the window, in CSS pixels (0: nothing scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Visible text that is cut off: an element holding text whose own box clips it (overflow hidden,
 * an ellipsis or a line clamp) while its content is larger, or whose box sticks out of an
 * ancestor that clips. A line-clamped teaser inside a link, or beside a closed disclosure's button,
 * counts as readable: the link, or opening it, leads to the whole text. Returns a short description of each, for the failure message.
 */
export function cutOffTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clips = (style: CSSStyleDeclaration) =>
      ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    const nameOf = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.trim().slice(0, 40)}"`;
    const problems: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const holdsText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!holdsText || element.closest('.visually-hidden, [aria-hidden="true"], noscript, template')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      // A teaser shortened on purpose inside a link, or beside a closed disclosure's button: the
      // link, or opening it, is the way to read all of it.
      if (clamped && (element.closest('a[href]') || element.parentElement?.querySelector('[aria-expanded="false"]'))) {
        continue;
      }
      if (
        (clips(style) || clamped) &&
        (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
      ) {
        problems.push(`${nameOf(element)} is cut off in its own box`);
        continue;
      }
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
        if (!clips(getComputedStyle(ancestor))) continue;
        const outer = ancestor.getBoundingClientRect();
        // A box of a pixel or less holds text meant for screen readers only.
        if (outer.width <= 1 || outer.height <= 1) break;
        if (
          box.left < outer.left - 1 ||
          box.right > outer.right + 1 ||
          box.top < outer.top - 1 ||
          box.bottom > outer.bottom + 1
        ) {
          problems.push(`${nameOf(element)} sticks out of ${nameOf(ancestor)}`);
        }
        break;
      }
    }
    return problems;
  });
}

/**
 * Visible text whose box reaches past the left or right edge of the screen, unless it sits in a
 * region that scrolls sideways on purpose (the home page's row of categories). Returns a short
 * description of each.
 */
export function textsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return (overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth;
    };
    const problems: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const holdsText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!holdsText || element.closest('.visually-hidden, [aria-hidden="true"], noscript, template, [inert]'))
        continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      let ancestor = element.parentElement;
      while (ancestor && !scrollsSideways(ancestor)) ancestor = ancestor.parentElement;
      if (ancestor) continue;
      problems.push(
        `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
      );
    }
    return problems;
  });
}

/** Each category gallery that is wider than the column it stands in (or than the screen). */
export function galleryOutsideItsColumn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-gallery]')].flatMap((gallery) => {
      const box = gallery.getBoundingClientRect();
      const column = (gallery.parentElement as HTMLElement).getBoundingClientRect();
      const inColumn = box.left >= column.left - 1 && box.right <= column.right + 1;
      const onScreen = box.right <= document.documentElement.clientWidth + 1;
      return inColumn && onScreen
        ? []
        : [
            `gallery ${Math.round(box.left)}–${Math.round(box.right)} px in a column ${Math.round(column.left)}–${Math.round(column.right)} px`,
          ];
    }),
  );
}
