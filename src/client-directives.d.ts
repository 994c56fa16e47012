// A module, so that this adds to Astro's types rather than replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the page's first paint is on the screen (src/components/shell/client-painted.ts). */
    'client:painted'?: boolean;
    /** Hydrate when first used: focus, pointer, key or a send (src/components/shell/client-used.ts). */
    'client:used'?: boolean;
  }
}
