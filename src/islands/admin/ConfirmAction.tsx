/**
 * A destructive action with a confirmation step that names what goes. The answer takes the focus;
 * afterwards the focus never falls back to the page's start: 'Abbrechen' and a failure return it
 * to the button, success moves it to `focusAfter` (the pressed button is gone by then).
 */
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { CONFIRM_TEXTS as t } from './texts.ts';

interface Props {
  /** The button's name, naming what it deletes (e.g. "Bild 2 von Artikel A1 löschen"). */
  label: string;
  /**
   * The visible text where the row around the button already names the subject (e.g. "Erstatten"
   * in a booking's row): a narrow table column keeps the button whole, the name stays `label`.
   */
  shortLabel?: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void>;
  onFailed: (failure: unknown) => void;
  /** Where the focus goes after success: the list's heading, which stays. */
  focusAfter: RefObject<HTMLElement | null>;
}

export function ConfirmAction({
  label,
  shortLabel,
  question,
  confirmLabel = t.yes,
  onConfirm,
  onFailed,
  focusAfter,
}: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const backToTrigger = useRef(false);
  const questionId = useId();
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (backToTrigger.current) trigger.current?.focus();
    backToTrigger.current = false;
  }, [asking]);

  const stopAsking = () => {
    backToTrigger.current = true;
    setAsking(false);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setAsking(false);
      focusAfter.current?.focus();
    } catch (failure) {
      onFailed(failure);
      stopAsking();
    } finally {
      setBusy(false);
    }
  };

  if (!asking) {
    return (
      <button
        type="button"
        className="button button--secondary admin-danger"
        ref={trigger}
        aria-label={shortLabel && label}
        onClick={() => setAsking(true)}
      >
        {shortLabel ?? label}
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
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={stopAsking}>
          {t.no}
        </button>
      </p>
    </div>
  );
}
