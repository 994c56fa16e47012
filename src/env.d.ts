interface ImportMetaEnv {
  /** Base of the REST API as the browser sees it (set from the settings at build time). */
  readonly PUBLIC_API_BASE: string;
}
