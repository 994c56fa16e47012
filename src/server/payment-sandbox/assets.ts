/**
 * The sandbox's browser files in assets/: the hosted pages' style sheet, and the PayPal SDK
 * stand-in with its window's styles. Read once, when the sandbox's routes are made (and by the
 * emulators' tests, which mount the routers alone), never per request.
 */
import { readFileSync } from 'node:fs';
import { type SandboxPages, sandboxPages } from './pages.ts';

export interface SandboxAssets {
  pages: SandboxPages;
  /** Served by the PayPal emulator as /sdk/v6/core.js and /sdk/v6/window.css. */
  paypalSdk: { script: string; styles: string };
}

const read = (file: URL) => readFileSync(file, 'utf8');

export function readSandboxAssets(): SandboxAssets {
  return {
    pages: sandboxPages(read(new URL('./assets/sandbox.css', import.meta.url))),
    paypalSdk: {
      script: read(new URL('./assets/paypal-sdk.js', import.meta.url)),
      styles: read(new URL('./assets/window.css', import.meta.url)),
    },
  };
}
