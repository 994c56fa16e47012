/** The editor's page at /keystatic (served to admins only, src/server/features/editor): Keystatic's app over our config. */
import type { Config } from '@keystatic/core';
import { Keystatic } from '@keystatic/core/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import config from './keystatic.config.ts';

/**
 * Keystatic keeps unsaved entries as drafts in the browser and restores them over the files when
 * the page opens again, even when someone else saved the file meanwhile: after a save refused for
 * that reason (docs/product.md#d38-content-editor), a reload would bring the outdated draft back
 * and save it over the other change. Each opening starts from the files as they are.
 */
function forgetDrafts(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('keystatic');
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}

const root = document.getElementById('editor');
if (root) {
  await forgetDrafts();
  createRoot(root).render(
    <StrictMode>
      {/* Keystatic's `ui` type holds the collections' exact types, so a config is no plain `Config` (its own integrations widen it too). */}
      <Keystatic config={config as unknown as Config} />
    </StrictMode>,
  );
}
