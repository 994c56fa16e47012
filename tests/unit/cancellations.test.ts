/** The day a cancellation ends a maintenance term (docs/product.md#d35-maintenance-terms, AGB § 9). */
import { describe, expect, it } from 'vitest';
import { contractEndsOn } from '../../src/lib/cancellations.ts';

const TERM_END = '2027-06-30';
const RECEIVED_ON = '2027-02-10';

describe('contractEndsOn', () => {
  it('ends a term on its last day by an ordinary cancellation, whatever day was wished', () => {
    expect(contractEndsOn({ kind: 'ordinary', endDate: '' }, TERM_END, RECEIVED_ON)).toBe(TERM_END);
    expect(contractEndsOn({ kind: 'ordinary', endDate: '2027-03-01' }, TERM_END, RECEIVED_ON)).toBe(TERM_END);
  });

  it('ends it at once by an extraordinary one without a day, else on the wished day, never after the term', () => {
    expect(contractEndsOn({ kind: 'extraordinary', endDate: '' }, TERM_END, RECEIVED_ON)).toBe(RECEIVED_ON);
    expect(contractEndsOn({ kind: 'extraordinary', endDate: '2027-03-31' }, TERM_END, RECEIVED_ON)).toBe('2027-03-31');
    expect(contractEndsOn({ kind: 'extraordinary', endDate: '2028-01-31' }, TERM_END, RECEIVED_ON)).toBe(TERM_END);
  });
});
