/** content/industries.yaml: the industry families that group the landing pages, each with its drawing. */
import { z } from 'astro/zod';

/** The drawings there are (src/assets/illustrations/branchen/). */
export const MOTIFS = ['gastro', 'handel', 'gesundheit', 'bauen', 'service', 'beratung'] as const;

export const industryFamilySchema = z.object({
  /** Heading of the group on the home page, e.g. "Gesundheit und Schönheit". */
  name: z.string().min(3).max(40),
  motif: z.enum(MOTIFS, { error: `Zeichnung wählen: ${MOTIFS.join(', ')}` }),
  /** The landing pages of the group by file name without .md, in any order. */
  pages: z.array(z.string().regex(/^[a-z0-9-]+$/, 'Dateiname ohne .md angeben')).min(1),
});

/** The file holds one document, `families:` with the list (an editor's form holds a document, never a bare list). */
export const industriesFileSchema = z.object({ families: z.array(industryFamilySchema).min(1) });

export type Motif = (typeof MOTIFS)[number];
export type IndustryFamily = z.infer<typeof industryFamilySchema>;
