/**
 * The editor's fields as the build's schemas want them: texts with the lengths they require, prices,
 * counts and lists, and what a page's body may hold.
 */
import { fields } from '@keystatic/core';

/** The length the build requires, said in the field's help text unless it says more. */
const lengthRule = (min: number, max?: number) =>
  max ? `${min} bis ${max} Zeichen.` : min > 1 ? `Mindestens ${min} Zeichen.` : undefined;

/** Text with a length the build requires; optional text left empty is left out of the file. */
export const text = (label: string, min: number, max?: number, description = lengthRule(min, max)) =>
  fields.text({ label, description, validation: { length: { min, max } } });
export const longText = (label: string, min: number, max?: number, description = lengthRule(min, max)) =>
  fields.text({ label, description, multiline: true, validation: { length: { min, max } } });
export const optionalText = (label: string, description?: string) => fields.text({ label, description });
export const euros = (
  label: string,
  isRequired: boolean,
  description = 'Preis in Euro als Zahl, z. B. 1200 oder 49.90',
) =>
  isRequired
    ? fields.number({ label, description, validation: { isRequired: true, min: 0 } })
    : fields.number({ label, description, validation: { min: 0 } });
export const count = (label: string, description?: string) =>
  fields.integer({ label, description, validation: { min: 1 } });
export const list = (label: string, itemLabel: string, min: number, max?: number, description?: string) =>
  fields.array(fields.text({ label: itemLabel, validation: { length: { min: 1 } } }), {
    label,
    description,
    itemLabel: (props) => props.value,
    validation: { length: { min, max } },
  });

/**
 * The body of a page: what the content rules allow (content/README.md): paragraphs, ## and ###
 * headings, lists, links, bold and italic.
 */
export const bodyOptions = {
  heading: [2, 3],
  bold: true,
  italic: true,
  link: true,
  orderedList: true,
  unorderedList: true,
  table: false,
  code: false,
  strikethrough: false,
  codeBlock: false,
  blockquote: false,
  divider: false,
  image: false,
} as const;
