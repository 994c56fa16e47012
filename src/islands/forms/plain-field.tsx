/**
 * A labelled input whose form checks it as a whole, so it has no error text of its own (the
 * materials' item data, staff's progress): with an optional hint linked to it.
 */
import { useId } from 'react';

export function PlainField({
  label,
  value,
  onChange,
  disabled,
  type = 'text',
  inputMode,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  type?: 'text' | 'date' | 'url';
  inputMode?: 'decimal' | 'tel' | 'url';
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        inputMode={inputMode}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
