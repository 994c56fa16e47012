/** A destructive action with a confirmation step that names what goes; the answer takes the focus. */
import { useEffect, useId, useRef, useState } from 'react';
import { CONFIRM_TEXTS as t } from './texts.ts';

interface Props {
  /** The button's text, naming what it deletes (e.g. "Bild 2 löschen"). */
  label: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void>;
}

export function ConfirmAction({ label, question, confirmLabel = t.yes, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button type="button" className="button button--secondary admin-danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="admin-confirm">
      <p id={questionId}>{question}</p>
      <p className="button-row">
        <button
          type="button"
          className="button admin-danger--solid"
          ref={yes}
          aria-describedby={questionId}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
              setAsking(false);
            }
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          {t.no}
        </button>
      </p>
    </div>
  );
}
