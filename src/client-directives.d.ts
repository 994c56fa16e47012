// A module, so that this adds to Astro's types rather than replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the page is painted and the browser is idle (src/components/shell/client-painted.ts). */
    'client:painted'?: boolean;
  }
}
