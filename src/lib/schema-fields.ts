/**
 * Building blocks for schemas whose every message is German and field-specific. Valibot reports
 * a missing key with a generic message on the object; `present` treats a missing field like an
 * empty one, so it runs the field's own rules and gets its own "… ist erforderlich" message.
 */
import * as v from 'valibot';

type StringSchema = v.GenericSchema<string, string>;
type NumberSchema = v.GenericSchema<number, number>;

export const present = (schema: StringSchema) => v.optional(schema, '');

/** The largest value of an integer column: a larger id cannot exist and must not reach a query. */
const MAX_DATABASE_ID = 2_147_483_647;

/** A reference to a row by id: a whole number from 1 to MAX_DATABASE_ID, else `message`. */
export const databaseId = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_DATABASE_ID, message));

/** Missing becomes NaN, which fails the number check with the field's own message. */
export const presentNumber = (schema: NumberSchema) => v.optional(schema, Number.NaN);
