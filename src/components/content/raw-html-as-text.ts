/**
 * HTML written into a Markdown body (the content rules allow none, content/README.md) is shown as
 * the text it is, never made part of the page (a Sätteri plugin): a body cannot add a script, a
 * form or an HTML comment that swallows the rest of the page (docs/product.md#h10-delivery-and-caching).
 */
import type { Text } from 'hast';
import type { HastPluginDefinition } from 'satteri';

export const rawHtmlAsText: HastPluginDefinition = {
  name: 'raw-html-as-text',
  raw: (node) => ({ type: 'text', value: node.value }) satisfies Text,
};
