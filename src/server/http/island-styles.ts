/**
 * Astro writes the islands' one style rule (`astro-island{display:contents}` and its kin) as a
 * `<style>` where the first island of a page stands, inside `<body>`, where HTML permits no
 * `<style>` (html-validate's element-permitted-content). The same element, moved to the end of
 * `<head>`: its hash in the page's policy still names it.
 */
const ISLAND_STYLE = /<style>astro-island,[^<]*<\/style>/;

export function withIslandStylesInHead(html: string): string {
  const style = ISLAND_STYLE.exec(html)?.[0];
  const headEnd = html.indexOf('</head>');
  if (!style || headEnd < 0 || html.indexOf(style) < headEnd) return html;
  const without = html.replace(style, '');
  return `${without.slice(0, headEnd)}${style}${without.slice(headEnd)}`;
}
