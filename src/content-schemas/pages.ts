/** content/pages/*.md: long-form information pages (privacy policy, about us). */
import { z } from 'astro/zod';

export const pageSchema = z.object({
  title: z.string(),
  description: z.string().min(70).max(170),
  /** Date of the last substantive change, shown on legal pages. */
  updated: z.coerce.date().optional(),
});
