/**
 * The editor's page at /keystatic (served to admins only, src/server/features/editor): Keystatic's
 * app over our config, its messages in German, and the way back to 'Inhalte', where edits are
 * published (docs/product.md#d38-content-editor).
 */
import type { Config } from '@keystatic/core';
import { Keystatic } from '@keystatic/core/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { speakGerman } from './german-messages.ts';
import config from './keystatic.config.ts';
import './editor.css';

/** Where Keystatic shows its brand, at the top of its sidebar: the way back to publishing. */
function BackToPublishing() {
  return (
    <a className="editor-back" href="/admin/inhalte" aria-label="Veröffentlichen – zurück zu den Inhalten">
      ← Veröffentlichen
    </a>
  );
}

const editorConfig = { ...config, ui: { ...config.ui, brand: { name: 'HWDS Inhalte', mark: BackToPublishing } } };

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
  // The whole page: Keystatic opens its dialogs and lists of choices outside its root.
  speakGerman(document.body);
  createRoot(root).render(
    <StrictMode>
      {/* Keystatic's `ui` type holds the collections' exact types, so a config is no plain `Config` (its own integrations widen it too). */}
      <Keystatic config={editorConfig as unknown as Config} />
    </StrictMode>,
  );
}
