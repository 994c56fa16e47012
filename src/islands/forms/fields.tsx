/** Labelled inputs whose error text is linked to the input and read out with it. */
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldElement } from './use-form.ts';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: (element: FieldElement | null) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  /** Earliest value of a date field (YYYY-MM-DD). */
  min?: string;
}

function FieldShell({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <p className="field__error" id={`${id}-error`}>
        {error}
      </p>
    </div>
  );
}

/** What every input of a field carries: id, value, change handler, and its error linked for screen readers. */
function inputProps(id: string, { name, value, error, onChange, inputRef, autoComplete }: FieldProps) {
  return {
    ref: inputRef,
    id,
    name,
    value,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
  };
}

export function TextField(props: FieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} error={props.error}>
      <input {...inputProps(id, props)} type={props.type ?? 'text'} inputMode={props.inputMode} min={props.min} />
    </FieldShell>
  );
}

/** A choice of fixed options (a unit, a term, a country), each with its German label. */
export function SelectField(
  props: Omit<FieldProps, 'type' | 'inputMode' | 'min'> & {
    options: readonly (readonly [string, string])[];
  },
) {
  const id = useId();
  const { name, value, error, onChange, inputRef, autoComplete } = props;
  return (
    <FieldShell id={id} label={props.label} error={error}>
      <select
        ref={inputRef}
        id={id}
        name={name}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {props.options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A multi-line text field (descriptions). */
export function TextAreaField(props: Omit<FieldProps, 'type' | 'inputMode' | 'min'> & { rows?: number }) {
  const id = useId();
  const { name, value, error, onChange, inputRef } = props;
  return (
    <FieldShell id={id} label={props.label} error={error}>
      <textarea
        ref={inputRef}
        id={id}
        name={name}
        value={value}
        rows={props.rows ?? 3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldShell>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'inputMode' | 'min'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={props.label} error={props.error}>
      <div className="field__password">
        <input {...inputProps(id, props)} type={visible ? 'text' : 'password'} spellCheck={false} />
        <button
          type="button"
          className="field__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={`${props.label} ${visible ? 'verbergen' : 'anzeigen'}`}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Verbergen' : 'Anzeigen'}
        </button>
      </div>
    </FieldShell>
  );
}

/**
 * The submit button: shows progress and cannot be pressed twice. Until the form is ready (see
 * `useForm`) it is disabled, so Enter or a tap cannot send the server's markup as a plain GET form
 * (the password in the address); what was typed meanwhile stays
 * (docs/product.md#d29-input-before-hydration). While sending it stays focusable (aria-disabled),
 * so the keyboard focus is not lost to the page.
 */
export function SubmitButton({
  ready,
  submitting,
  label,
  busyLabel,
}: {
  ready: boolean;
  submitting: boolean;
  /** May carry visually hidden words that tell one form's button from another's. */
  label: ReactNode;
  busyLabel: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="button button--accent form__submit"
      disabled={!ready}
      aria-disabled={submitting || undefined}
    >
      {submitting ? busyLabel : label}
    </button>
  );
}

/**
 * The form's messages. Both regions are always in the page, so screen readers announce a message
 * when it appears: errors assertively, success politely.
 */
export function FormMessages({ error, success }: { error?: ReactNode; success?: ReactNode }) {
  return (
    <>
      <div className="form-message form-message--error" role="alert">
        {error}
      </div>
      <div className="form-message form-message--success" role="status">
        {success}
      </div>
    </>
  );
}

/**
 * The heading of what replaces a form (the next step, the result) takes the focus: a screen reader
 * hears where the visitor is now, and a phone scrolled down to the button scrolls up to it.
 */
export function StepHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 tabIndex={-1} ref={heading}>
      {children}
    </h2>
  );
}
