/**
 * A value made on its first use. An Intl formatter loads ICU's locale and time-zone data when it
 * is made (the two date formatters took 60 ms on a slow phone, docs/product.md#h11-speed), which a
 * page that formats nothing while it loads should not pay at its start.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
