/**
 * The Markdown pages' plugin (astro.config.mjs) that fills the agency's data into the legal texts
 * (src/lib/company-fields.ts). An unknown field stops the build, naming the file.
 */
import type { Text } from 'hast';
import type { HastPluginDefinition } from 'satteri';
import { type CompanyFieldValues, fillCompanyFields } from '../../lib/company-fields.ts';

export function companyFields(company: CompanyFieldValues): HastPluginDefinition {
  return {
    name: 'company-fields',
    text(node, context) {
      if (!node.value.includes('{{')) return;
      try {
        return { type: 'text', value: fillCompanyFields(node.value, company) } satisfies Text;
      } catch (error) {
        throw new Error(`${context.fileURL?.pathname ?? 'content'}: ${(error as Error).message}`);
      }
    },
  };
}
