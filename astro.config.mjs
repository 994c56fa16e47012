// @ts-check

import { writeFile } from 'node:fs/promises';
import { satteri } from '@astrojs/markdown-satteri';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { tableLabels } from './src/components/content/table-labels.ts';
import { loadDotEnv, loadSettings } from './src/server/settings.ts';

loadDotEnv();
const settings = loadSettings();

/** Records the settings baked into the build, so `npm start` knows when to rebuild. */
const buildInfo = {
  name: 'hwds-build-info',
  hooks: {
    'astro:build:done': async () => {
      const info = { siteUrl: settings.siteUrl, publicApiBase: settings.publicApiBase };
      await writeFile(new URL('./dist/build-info.json', import.meta.url), JSON.stringify(info));
    },
  },
};

export default defineConfig({
  site: settings.siteUrl,
  trailingSlash: 'never',
  adapter: node({ mode: 'standalone', bodySizeLimit: 8 * 1024 * 1024 }),
  integrations: [react(), buildInfo],
  markdown: { processor: satteri({ hastPlugins: [tableLabels] }) },
  server: { host: settings.host, port: settings.port },
  devToolbar: { enabled: false },
  // Astro's origin check refuses body-less and form POSTs without a matching Origin header. The only
  // on-demand routes are the API, which authenticates by bearer token (no cookies, so no CSRF), and
  // API clients outside a browser send no Origin.
  security: { checkOrigin: false },
  vite: {
    define: { 'import.meta.env.PUBLIC_API_BASE': JSON.stringify(settings.publicApiBase) },
  },
});
