/**
 * Countries by their ISO 3166-1 alpha-2 code, named in German. Apart from the billing address's
 * rules (billing-address.ts), so that a page showing a stored address loads only this.
 */
import { onFirstUse } from './on-first-use.ts';

const regionNames = onFirstUse(() => new Intl.DisplayNames('de-DE', { type: 'region', fallback: 'none' }));

/** "Deutschland" for "DE"; undefined for a code that names no country. */
export const countryName = (code: string): string | undefined =>
  /^[A-Z]{2}$/.test(code) ? regionNames().of(code) : undefined;
