/**
 * Building blocks for schemas whose every message is German and field-specific. Valibot reports
 * a missing key with a generic message on the object; `present` treats a missing field like an
 * empty one, so it runs the field's own rules and gets its own "… ist erforderlich" message.
 */
import * as v from 'valibot';

type StringSchema = v.GenericSchema<string, string>;
type NumberSchema = v.GenericSchema<number, number>;

export const present = (schema: StringSchema) => v.optional(schema, '');

/** Missing becomes NaN, which fails the number check with the field's own message. */
export const presentNumber = (schema: NumberSchema) => v.optional(schema, Number.NaN);
