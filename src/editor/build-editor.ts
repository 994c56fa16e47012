/**
 * Builds the editor's page (index.html and its scripts) into `{outDir}`, apart from the site's
 * build: nothing of Keystatic enters the public pages' bundles, so their weight stays as it was
 * (docs/product.md#d38-content-editor). Its content is the config, not the content files, so a
 * publish never builds it again.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const EDITOR_BASE_PATH = '/keystatic';

export async function buildEditor(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: `${EDITOR_BASE_PATH}/`,
    // Keystatic's modules say 'use client', a word for React Server Components that a browser bundle has no use for.
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8192 },
  });
}
