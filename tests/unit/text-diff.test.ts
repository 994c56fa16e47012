/** The editors' line diff (docs/product.md#d38-content-editor): kept, removed and added lines, in order. */
import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/lib/text-diff.ts';

describe('lineDiff', () => {
  it('keeps the shared lines and marks a changed one as removed and added', () => {
    const before = '---\ntitle: Website für Ihr Hotel\n---\nWer ein Zimmer sucht, …\n';
    const after = '---\ntitle: Ihr Hotel an der Müritz\n---\nWer ein Zimmer sucht, …\nNeu: Frühstück\n';
    expect(lineDiff(before, after)).toEqual([
      { kind: 'same', text: '---' },
      { kind: 'removed', text: 'title: Website für Ihr Hotel' },
      { kind: 'added', text: 'title: Ihr Hotel an der Müritz' },
      { kind: 'same', text: '---' },
      { kind: 'same', text: 'Wer ein Zimmer sucht, …' },
      { kind: 'added', text: 'Neu: Frühstück' },
      { kind: 'same', text: '' },
    ]);
  });

  it('answers a new file as added lines and equal texts as unchanged', () => {
    expect(lineDiff('', 'a\nb')).toEqual([
      { kind: 'added', text: 'a' },
      { kind: 'added', text: 'b' },
    ]);
    expect(lineDiff('a\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true);
  });
});
