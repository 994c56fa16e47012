/** What the check of a print file found, in German with its numbers, and 'So drucken' for a warning. */
import { useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { acceptPrintFile } from '../../client/materials.ts';
import { formatGermanDate } from '../../lib/dates.ts';
import type { MaterialFileView } from '../../server/features/materials/materials.views.ts';
import { MATERIALS_TEXTS } from './texts.ts';

const t = MATERIALS_TEXTS.print;

interface Props {
  bookingId: number;
  file: MaterialFileView;
  editable: boolean;
  onChange: () => Promise<void>;
}

export function PreflightResult({ bookingId, file, editable, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const preflight = file.preflight;
  if (!preflight) return null;
  const accept = async () => {
    setBusy(true);
    setFailed(undefined);
    try {
      await acceptPrintFile(bookingId, file.id);
      await onChange();
    } catch (error) {
      setFailed(
        describeFailure(error, { http: MATERIALS_TEXTS.saveFailed, other: MATERIALS_TEXTS.saveFailed }).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="preflight">
      <p>
        {MATERIALS_TEXTS.files.check} {preflight.summary}
      </p>
      <ul className="preflight__findings">
        {preflight.findings.map((finding) => (
          <li key={finding.message} className={`preflight__finding preflight__finding--${finding.level}`}>
            {finding.message}
          </li>
        ))}
      </ul>
      {preflight.acceptedAt && <p>{t.accepted(formatGermanDate(preflight.acceptedAt))}</p>}
      {preflight.needsDecision && editable && (
        <>
          <p>
            <strong>{t.decide}</strong>
          </p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void accept()}>
            {busy ? t.accepting : t.accept}
          </button>
          {failed && <p role="alert">{failed}</p>}
        </>
      )}
    </div>
  );
}
