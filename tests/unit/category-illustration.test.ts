import { describe, expect, it } from 'vitest';
import { categoryIllustration } from '../../src/components/catalogue/category-illustration.ts';

const DEFAULT = '/images/kategorie-standard.svg';

describe('a category without an uploaded image shows the drawing of its kind', () => {
  it.each([
    ['Websites für kleine Unternehmen', '/images/kategorie-website.svg'],
    ['Online-Shop-Pakete', '/images/kategorie-website.svg'],
    ['Website-Wartung', '/images/kategorie-wartung.svg'],
    ['Pflege von Inhalten', '/images/kategorie-wartung.svg'],
    ['Großformatdruck und Design', '/images/kategorie-druck.svg'],
    ['Logodesign', '/images/kategorie-druck.svg'],
  ])('%s', (type, drawing) => {
    expect(categoryIllustration(type, DEFAULT)).toBe(drawing);
  });

  it('anything else shows the default image', () => {
    expect(categoryIllustration('Fotografie', DEFAULT)).toBe(DEFAULT);
  });
});
