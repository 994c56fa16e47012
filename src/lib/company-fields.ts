/**
 * The agency's data in the legal texts (content/pages/*.md): an editor writes `{{Anbieter}}`,
 * `{{Firma}}` or `{{Ort}}` where the statutory wording names the seller, and the page and the
 * confirmation mail fill in content/site.yaml's values, so the texts never disagree with the Impressum.
 */

/** What the fields name of content/site.yaml's company. */
export interface CompanyFieldValues {
  legalName: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
}

const FIELDS: Record<string, (company: CompanyFieldValues) => string> = {
  Firma: (company) => company.legalName,
  Ort: (company) => company.city,
  Anbieter: (company) =>
    `${company.legalName}, ${company.street}, ${company.postalCode} ${company.city}, ${company.country}, Telefon: ${company.phone}, E-Mail: ${company.email}`,
};

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** `text` with each `{{Feld}}` replaced by the company's value; throws naming an unknown field. */
export function fillCompanyFields(text: string, company: CompanyFieldValues): string {
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
