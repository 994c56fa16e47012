/**
 * Form state for the islands: values, the first unmet rule per field (from the shared valibot
 * schema), focus on the first invalid field, and one submission at a time. A form-level error
 * (the server's answer) stays until a field changes or the form is sent again
 * (docs/product.md#d24-german-ui). What the page's fields hold counts, also what was typed or
 * filled in before React took over the server's markup (docs/product.md#d29-input-before-hydration).
 */
import { type SubmitEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import * as v from 'valibot';

export type Values<TField extends string> = Record<TField, string>;
export type Errors<TField extends string> = Partial<Record<TField, string>>;

export function firstErrors<TField extends string>(issues: readonly v.BaseIssue<unknown>[]): Errors<TField> {
  const errors: Errors<TField> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) as TField | null;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** A form field element the form can focus. */
export type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The values as the page's fields show them, where they differ from `values`; undefined when
 * they agree. Hydration keeps what a visitor typed into the server's markup (or a password
 * manager filled) without telling React, and the next render would write the state over it.
 */
export function valuesOnPage<TField extends string>(
  values: Values<TField>,
  elements: Partial<Record<TField, Pick<FieldElement, 'value'> | null>>,
): Values<TField> | undefined {
  let changed = false;
  const onPage = { ...values };
  for (const name of Object.keys(values) as TField[]) {
    const shown = elements[name]?.value;
    if (shown !== undefined && shown !== values[name]) {
      onPage[name] = shown;
      changed = true;
    }
  }
  return changed ? onPage : undefined;
}

export function useForm<TField extends string, TSchema extends v.GenericSchema>(
  schema: TSchema,
  fields: readonly TField[],
  initial: Partial<Values<TField>> = {},
) {
  const startValues = () => Object.fromEntries(fields.map((field) => [field, initial[field] ?? ''])) as Values<TField>;
  const [values, setValues] = useState(startValues);
  const [errors, setErrors] = useState<Errors<TField>>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const attempted = useRef(false);
  const inputs = useRef<Partial<Record<TField, FieldElement | null>>>({});
  const busy = useRef(false);
  // False in the server's markup and until the form has taken over what its fields hold.
  const [ready, setReady] = useState(false);

  // Right after hydration, before anything renders again: take over what was typed meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the start values
  useLayoutEffect(() => {
    const typed = valuesOnPage(values, inputs.current);
    if (typed) setValues(typed);
    setReady(true);
  }, []);

  const check = (next: Values<TField>): { output: v.InferOutput<TSchema> | undefined; errors: Errors<TField> } => {
    // All rules run (so cross-field checks such as the confirmation report too); the first per field is shown.
    const result = v.safeParse(schema, next);
    return result.success
      ? { output: result.output as v.InferOutput<TSchema>, errors: {} }
      : { output: undefined, errors: firstErrors<TField>(result.issues) };
  };

  /** Props for one input: value, change handler (re-checks after a first submit), ref, error. */
  const field = (name: TField) => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (element: FieldElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      setFormError(undefined);
      if (attempted.current) setErrors(check(next).errors);
    },
  });

  /** Validates, focuses the first invalid field, or runs `action` once with the parsed values. */
  const submit =
    (action: (output: v.InferOutput<TSchema>) => Promise<void>) => async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      attempted.current = true;
      setFormError(undefined);
      // A field can change without an event React sees (some password managers fill so).
      const current = valuesOnPage(values, inputs.current) ?? values;
      if (current !== values) setValues(current);
      const { output, errors: found } = check(current);
      setErrors(found);
      const firstInvalid = fields.find((name) => found[name]);
      if (firstInvalid) {
        inputs.current[firstInvalid]?.focus();
        return;
      }
      busy.current = true;
      setSubmitting(true);
      try {
        await action(output as v.InferOutput<TSchema>);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };

  /** Fills the fields that are still empty (data that arrives later, e.g. from the account); stable across renders. */
  const fill = useCallback(
    (known: Partial<Values<TField>>) =>
      setValues((current) => {
        const next = { ...current };
        for (const name of fields) {
          const value = known[name];
          if (value && !current[name]) next[name] = value;
        }
        return next;
      }),
    [fields],
  );

  /** Back to the start values, with no errors shown (after a successful "add"). */
  const reset = () => {
    attempted.current = false;
    setValues(startValues());
    setErrors({});
    setFormError(undefined);
  };

  return { values, errors, setErrors, formError, setFormError, field, submit, submitting, ready, fill, reset };
}
