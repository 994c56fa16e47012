/**
 * Who saved a content revision when no editor did (docs/product.md#d38-content-editor): the server
 * records these, the editors' history names them in German.
 */

/** The revisions a fresh install imports from the content folder (the seed). */
export const SEED_AUTHOR = 'content/';
/** The revisions `npm run content:import` made. */
export const IMPORT_AUTHOR = 'content:import';
