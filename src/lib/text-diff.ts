/**
 * A line diff of two texts, for the editors' history (docs/product.md#d38-content-editor): the
 * lines both share (their longest common sequence) stay, the others are removed or added. Content
 * files have at most a few hundred lines, so the table of common lengths stays small.
 */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

export function lineDiff(before: string, after: string): DiffLine[] {
  // No text (a new or removed file) has no lines, not one empty line.
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // common[i][j]: the longest common sequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = common[i] as Uint16Array;
      const below = common[i + 1] as Uint16Array;
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] ?? '' });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || (common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0))) {
      lines.push({ kind: 'removed', text: a[i] ?? '' });
      i++;
    } else {
      lines.push({ kind: 'added', text: b[j] ?? '' });
      j++;
    }
  }
  return lines;
}
