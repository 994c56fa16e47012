/** The form kit keeps what the page's fields hold (docs/product.md#d29-input-before-hydration). */
import { describe, expect, it } from 'vitest';
import { valuesOnPage } from '../../src/islands/forms/use-form.ts';

const state = { userEmail: '', password: '' };

describe('valuesOnPage', () => {
  it('takes what was typed into the server’s markup before hydration', () => {
    expect(
      valuesOnPage(state, { userEmail: { value: 'jürgen@example.de' }, password: { value: 'Sommer-2026!A' } }),
    ).toEqual({ userEmail: 'jürgen@example.de', password: 'Sommer-2026!A' });
  });

  it('takes a field filled without an event and keeps the state of the others', () => {
    expect(
      valuesOnPage(
        { userEmail: 'anna@example.de', password: '' },
        { userEmail: null, password: { value: 'Geheim-1!' } },
      ),
    ).toEqual({ userEmail: 'anna@example.de', password: 'Geheim-1!' });
  });

  it('reports nothing when the page shows the state, so the form does not render again', () => {
    expect(valuesOnPage(state, { userEmail: { value: '' }, password: { value: '' } })).toBeUndefined();
    expect(valuesOnPage({ entryDate: '2030-05-01' }, { entryDate: { value: '2030-05-01' } })).toBeUndefined();
  });

  it('reports nothing for fields without an element yet (rendered only after hydration)', () => {
    expect(valuesOnPage(state, {})).toBeUndefined();
  });

  it('takes a field the visitor emptied before hydration', () => {
    expect(valuesOnPage({ type: 'Druck' }, { type: { value: '' } })).toEqual({ type: '' });
  });
});
