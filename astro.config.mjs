// @ts-check

import { writeFile } from 'node:fs/promises';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
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
  server: { host: settings.host, port: settings.port },
  devToolbar: { enabled: false },
  vite: {
    define: { 'import.meta.env.PUBLIC_API_BASE': JSON.stringify(settings.publicApiBase) },
  },
});
