/** The editor's page at /keystatic (served to admins only, src/server/features/editor): Keystatic's app over our config. */
import type { Config } from '@keystatic/core';
import { Keystatic } from '@keystatic/core/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import config from './keystatic.config.ts';

const root = document.getElementById('editor');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* Keystatic's `ui` type holds the collections' exact types, so a config is no plain `Config` (its own integrations widen it too). */}
      <Keystatic config={config as unknown as Config} />
    </StrictMode>,
  );
}
