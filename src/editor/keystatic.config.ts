/**
 * The content editor (Keystatic, local mode) over `content/` (paths below are inside it) (docs/product.md#d38-content-editor):
 * the same files and fields as the content collections' schemas in src/content-schemas/, with
 * German labels and help texts. Keystatic writes only the fields named here, so every field of a
 * schema has its field here (tests/unit/editor-schema.test.ts checks both agree on every file).
 * The build's schemas stay the last word: whatever this form lets through, the publish build checks.
 * Each kind of content has its form in ./forms/; this file lists them.
 */
import { config } from '@keystatic/core';
import { industries } from './forms/industries.ts';
import { landing } from './forms/landing.ts';
import { models } from './forms/models.ts';
import { page } from './forms/pages.ts';
import { pricing } from './forms/pricing.ts';
import { site } from './forms/site.ts';

export default config({
  storage: { kind: 'local' },
  locale: 'de-DE',
  ui: {
    // Our own section names: Keystatic's would read 'Sammlungen' and 'Einzelne'.
    navigation: {
      Seiten: ['landing', 'industries', 'aboutus'],
      Rechtliches: ['agb', 'widerrufsbelehrung', 'privacypolicy', 'barrierefreiheit'],
      'Preise und Firmendaten': ['models', 'pricing', 'site'],
    },
  },
  collections: { landing },
  singletons: {
    industries,
    models,
    pricing,
    site,
    aboutus: page('Über uns', 'aboutus'),
    agb: page('AGB', 'agb'),
    widerrufsbelehrung: page('Widerrufsbelehrung', 'widerrufsbelehrung'),
    privacypolicy: page('Datenschutzerklärung', 'privacypolicy'),
    barrierefreiheit: page('Erklärung zur Barrierefreiheit', 'barrierefreiheit'),
  },
});
