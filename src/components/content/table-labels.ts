/**
 * Markdown tables (a Sätteri plugin): gives every body cell its column's heading as `data-label`,
 * so narrow screens can show each row as a block of labelled cells instead of a table that
 * scrolls sideways.
 */
import type { Element, ElementContent } from 'hast';
import type { HastPluginDefinition } from 'satteri';

const children = (node: Readonly<Element>, tagName: string) =>
  node.children.filter((child): child is Element => child.type === 'element' && child.tagName === tagName);

export const tableLabels: HastPluginDefinition = {
  name: 'table-labels',
  element: {
    filter: ['table'],
    visit(table, context) {
      const headings = children(table, 'thead')
        .flatMap((head) => children(head, 'tr'))
        .flatMap((row) => children(row, 'th'))
        .map((cell) => context.textContent(cell as ElementContent).trim());
      for (const row of children(table, 'tbody').flatMap((body) => children(body, 'tr'))) {
        for (const [index, cell] of children(row, 'td').entries()) {
          const label = headings[index];
          if (label) context.setProperty(cell, 'dataLabel', label);
        }
      }
    },
  },
};
