/**
 * JSON for a `<script>` element of a page (JSON-LD, the initial state's arguments): the parser of
 * HTML ends a script at `</script` and treats `<!--` specially whatever JSON means, so `<`, `>` and
 * `&` are written as escapes; U+2028 and U+2029 too, which older JavaScript parsers took for line
 * ends. The value reads the same to a JSON parser; no text of an editor can end the element
 * (docs/product.md#h10-delivery-and-caching).
 */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export const inlineJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => ESCAPES[character] as string);
