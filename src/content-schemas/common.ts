import { z } from 'astro/zod';

// The build's errors reach editors (the publish shows them): zod's own messages in German too.
z.config(z.locales.de());

/** A price in euros as written by an editor: a number such as 1200 or 49.90, never text. */
export const euros = z
  .number({ error: 'Preis als Zahl angeben, z. B. 1200 oder 49.90 (ohne Anführungszeichen, ohne €)' })
  .nonnegative({ error: 'Preis darf nicht negativ sein' })
  .describe('Preis in Euro als Zahl, z. B. 1200 oder 49.90');

/** An absolute http(s) address. */
export const webAddress = z.url({ protocol: /^https?$/, error: 'Adresse mit https:// oder http:// angeben' });

export { parse as parseYaml } from 'yaml';
