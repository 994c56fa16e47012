// @ts-check

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { companyFields } from './src/components/content/company-fields.ts';
import { headingIds } from './src/components/content/heading-ids.ts';
import { rawHtmlAsText } from './src/components/content/raw-html-as-text.ts';
import { tableLabels } from './src/components/content/table-labels.ts';
import { siteSchema } from './src/content-schemas/site.ts';
import { buildEditor } from './src/editor/build-editor.ts';
import { codeVersion } from './src/server/code-version.ts';
import { readContentFile } from './src/server/content-files.ts';
import { withIslandStylesInHead } from './src/server/http/island-styles.ts';
import { precompress } from './src/server/http/precompress.ts';
import { withOwnHashesInMeta, withPolicyFirst } from './src/server/http/security-headers.ts';
import { loadDotEnv, loadSettings } from './src/server/settings.ts';

loadDotEnv();
const settings = loadSettings();
const { company } = readContentFile('site.yaml', siteSchema);
/** The API's origin when it lives apart from the site (PUBLIC_API_BASE an absolute URL). */
const apiOrigin = settings.publicApiBase.startsWith('http') ? ` ${new URL(settings.publicApiBase).origin}` : '';

/** Where this build goes: `dist/`, or a release's folder when the editor publishes (`astro build --outDir`). */
let outDir = new URL('./dist/', import.meta.url);
const projectDist = outDir.href;

/**
 * Each pre-rendered page's `<meta>` Content-Security-Policy keeps only the hashes of its own inline
 * styles and scripts (about 0.9 KB less compressed on every page) and stands first in its head, so
 * that it covers every inline script (src/server/http/security-headers.ts); the islands' style
 * rule moves into the head (src/server/http/island-styles.ts).
 * @param {string} dir
 */
async function finishPagePolicies(dir) {
  const pages = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const file = path.join(dir, page);
    const html = await readFile(file, 'utf8');
    await writeFile(file, withPolicyFirst(withOwnHashesInMeta(withIslandStylesInHead(html))));
  }
}

/**
 * After the build: the pages' policies trimmed and put first, brotli and gzip copies of the site's
 * files (the server sends them as they are), and the settings and the code's version baked into the
 * build, so `npm start` knows when to rebuild and a restore whether the server's code made a
 * release. The project's own build also makes the content editor's page (dist/editor/keystatic),
 * which a publish leaves as it is.
 * @type {import('astro').AstroIntegration}
 */
const afterBuild = {
  name: 'hwds-after-build',
  hooks: {
    'astro:config:done': ({ config }) => {
      outDir = config.outDir;
    },
    'astro:build:done': async ({ logger }) => {
      const client = fileURLToPath(new URL('client/', outDir));
      await finishPagePolicies(client);
      const { files, bytes, brotliBytes } = await precompress(client);
      logger.info(
        `Pre-compressed ${files} files: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB brotli`,
      );
      if (outDir.href === projectDist) {
        await buildEditor(fileURLToPath(new URL('editor/keystatic/', outDir)));
        logger.info('Built the content editor (dist/editor/keystatic)');
      }
      const code = codeVersion(fileURLToPath(new URL('.', import.meta.url)));
      const info = { siteUrl: settings.siteUrl, publicApiBase: settings.publicApiBase, code };
      await writeFile(new URL('build-info.json', outDir), JSON.stringify(info));
    },
  },
};

/**
 * The shell's script (BaseLayout's) with everything it shares with the islands and page scripts
 * (its stores, with what they import, its timing helper, and the images' `srcset` that the home
 * page's categories and the gallery write) is one file: one request after the page, no chain
 * behind it. The islands and page scripts import that file for the stores, so each
 * store stays one instance per page; every page with islands has the shell anyway.
 */
const SHELL =
  /BaseLayout\.astro\?astro&type=script|src[\\/](components[\\/]shell[\\/](shell|after-first-paint)|stores[\\/](accounts|consent|cart-count|token-claims)|client[\\/]session|lib[\\/]images)\.ts$|node_modules[\\/](nanostores|@nanostores[\\/]persistent)[\\/]|preload-helper/;

/**
 * @type {import('astro').AstroIntegration} The project's hydration moments: `client:painted` and
 * `client:used` (src/components/shell/client-painted.ts, client-used.ts).
 */
const clientDirectives = {
  name: 'hwds-client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'painted', entrypoint: './src/components/shell/client-painted.ts' });
      addClientDirective({ name: 'used', entrypoint: './src/components/shell/client-used.ts' });
    },
  },
};

export default defineConfig({
  site: settings.siteUrl,
  trailingSlash: 'never',
  // Astro renders; the product's own server (src/server/http/node-server.ts) serves. Pages are rendered
  // whole before they are sent: their Content-Security-Policy header must name every inline script.
  adapter: node({ mode: 'middleware', bodySizeLimit: 8 * 1024 * 1024, experimentalDisableStreaming: true }),
  integrations: [react(), afterBuild, clientDirectives],
  server: { host: settings.host, port: settings.port },
  devToolbar: { enabled: false },
  // Each page's CSS inside its HTML (5–7 KB gzip): the first paint needs no second request
  // (docs/product.md#h11-speed). Astro names each inline style in the CSP by its hash.
  build: { inlineStylesheets: 'always' },
  // Shiki colours code blocks with inline styles the CSP refuses; the content has no code to colour.
  markdown: {
    syntaxHighlight: false,
    processor: satteri({ hastPlugins: [rawHtmlAsText, tableLabels, headingIds, companyFields(company)] }),
  },
  security: {
    // Astro's origin check refuses body-less and form POSTs without a matching Origin header. The only
    // on-demand routes that take them are the API's, which authenticates by bearer token (no cookies,
    // so no CSRF), and API clients outside a browser send no Origin.
    checkOrigin: false,
    // Every page's policy: scripts and styles only from this site or with the hash Astro computes for
    // each inline one; the payment page adds its provider (docs/product.md#h10-delivery-and-caching).
    csp: {
      directives: [
        "default-src 'self'",
        `img-src 'self' data: blob:${apiOrigin}`,
        // blob: the admin's preview of an image before it is uploaded (read back by the browser).
        `connect-src 'self' blob:${apiOrigin}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    define: { 'import.meta.env.PUBLIC_API_BASE': JSON.stringify(settings.publicApiBase) },
    // The shell in one file (docs/product.md#h11-speed).
    build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL }] } } } },
  },
});
