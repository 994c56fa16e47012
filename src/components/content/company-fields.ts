/**
 * The agency's data in the legal texts (content/pages/*.md): an editor writes `{{Anbieter}}`,
 * `{{Firma}}` or `{{Ort}}` where the statutory wording names the seller, and the page and the
 * confirmation mail fill in content/site.yaml's values, so the texts never disagree with the Impressum.
 * An unknown field stops the build.
 */
import type { Text } from 'hast';
import type { HastPluginDefinition } from 'satteri';
import type { SiteData } from '../../content-schemas/site.ts';

type Company = SiteData['company'];

const FIELDS: Record<string, (company: Company) => string> = {
  Firma: (company) => company.legalName,
  Ort: (company) => company.city,
  Anbieter: (company) =>
    `${company.legalName}, ${company.street}, ${company.postalCode} ${company.city}, ${company.country}, Telefon: ${company.phone}, E-Mail: ${company.email}`,
};

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** `text` with each `{{Feld}}` replaced by the company's value; throws naming an unknown field. */
export function fillCompanyFields(text: string, company: Company): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const field = FIELDS[name.trim()];
    if (!field) {
      throw new Error(
        `Unbekanntes Feld {{${name}}}: möglich sind ${Object.keys(FIELDS)
          .map((key) => `{{${key}}}`)
          .join(', ')}`,
      );
    }
    return field(company);
  });
}

/** The Markdown pages' plugin (astro.config.mjs). */
export function companyFields(company: Company): HastPluginDefinition {
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
