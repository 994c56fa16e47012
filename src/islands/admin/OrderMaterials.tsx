/**
 * A paid order's materials for staff in /admin/bestellungen (docs/product.md#d36-next-steps): loaded
 * when opened, the typed data and files per item with each print file's check, all files as one ZIP,
 * and moving the order on ('In Arbeit', 'Geliefert' with what its kinds need, back to
 * 'Unterlagen fehlen' with a note).
 */
import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { changeProgress } from '../../client/admin.ts';
import { describeFailure } from '../../client/failures.ts';
import { fetchMaterials, materialsLink } from '../../client/materials.ts';
import { FILE_SLOT_NAMES, formatFileSize } from '../../lib/materials.ts';
import { ProgressChangeSchema } from '../../lib/materials-input.ts';
import { PROGRESS_STEP_NAMES, PROGRESS_STEPS, type ProgressStep } from '../../lib/progress-steps.ts';
import type { MaterialItemView, MaterialsView } from '../../server/features/materials/materials.views.ts';
import { PlainField } from '../forms/plain-field.tsx';
import type { Loadable } from '../loadable.ts';
import { ORDER_MATERIALS_TEXTS as t } from './texts.ts';

/** What staff read of an item's typed data: its non-empty fields, one per line. */
function typedLines(item: MaterialItemView): string[] {
  const data = item.data;
  if (data.kind === 'website') {
    const entries = [...data.pages, ...data.services, ...data.cards].map((entry) => `${entry.title}: ${entry.text}`);
    return [
      data.siteName && `${t.siteName}: ${data.siteName}`,
      data.desiredAddress && `${t.address}: ${data.desiredAddress}`,
      ...entries,
    ].filter(Boolean);
  }
  if (data.kind === 'print') {
    const format = data.widthCm && data.heightCm ? `${t.format}: ${data.widthCm} × ${data.heightCm} cm` : '';
    return [format, data.noFile ? t.noFile : '', data.note].filter(Boolean);
  }
  if (data.kind === 'maintenance') {
    return [
      data.siteAddress,
      data.system,
      [data.contactName, data.contactPhone, data.callTimes].filter(Boolean).join(', '),
    ].filter(Boolean);
  }
  return [data.note].filter(Boolean);
}

function ProgressForm({ view, onChanged }: { view: MaterialsView; onChanged: () => Promise<void> }) {
  const stepId = useId();
  const kinds = new Set(view.items.map((item) => item.kind));
  const [step, setStep] = useState<ProgressStep>(view.progress.step);
  const [fields, setFields] = useState({ carrier: 'DHL', trackingNumber: '', siteUrl: '', startedOn: '', note: '' });
  const [state, setState] = useState<{ busy?: boolean; error?: string; done?: string }>({});
  const set = (name: keyof typeof fields) => (value: string) => setFields({ ...fields, [name]: value });
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(ProgressChangeSchema, { step, ...fields });
    if (!parsed.success) {
      setState({ error: parsed.issues[0]?.message });
      return;
    }
    setState({ busy: true });
    try {
      const progress = await changeProgress(view.bookingId, parsed.output);
      setState({ done: t.moved(PROGRESS_STEP_NAMES[progress.step]) });
      await onChanged();
    } catch (error) {
      setState({ error: describeFailure(error, { http: t.moveFailed, other: t.moveFailed }).message });
    }
  };
  return (
    <form className="order-progress" onSubmit={(event) => void send(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={stepId}>
          {t.step}
        </label>
        <select id={stepId} value={step} onChange={(event) => setStep(event.target.value as ProgressStep)}>
          {PROGRESS_STEPS.map((value) => (
            <option key={value} value={value}>
              {PROGRESS_STEP_NAMES[value]}
            </option>
          ))}
        </select>
      </div>
      {step === 'delivered' && kinds.has('print') && (
        <>
          <PlainField label={t.carrier} value={fields.carrier} onChange={set('carrier')} />
          <PlainField label={t.trackingNumber} value={fields.trackingNumber} onChange={set('trackingNumber')} />
        </>
      )}
      {step === 'delivered' && kinds.has('website') && (
        <PlainField label={t.siteUrl} type="url" value={fields.siteUrl} onChange={set('siteUrl')} />
      )}
      {step === 'delivered' && kinds.has('maintenance') && (
        <PlainField label={t.startedOn} type="date" value={fields.startedOn} onChange={set('startedOn')} />
      )}
      {step === 'materials_missing' && <PlainField label={t.note} value={fields.note} onChange={set('note')} />}
      <button type="submit" className="button" disabled={state.busy}>
        {t.move}
      </button>
      <p role="status" className="form-message form-message--success">
        {state.done}
      </p>
      <p role="alert" className="form-message form-message--error">
        {state.error}
      </p>
    </form>
  );
}

function Loaded({ view, reload }: { view: MaterialsView; reload: () => Promise<void> }) {
  const [failed, setFailed] = useState<string>();
  const zip = async () => {
    try {
      location.assign((await materialsLink(view.bookingId)).url);
    } catch (error) {
      setFailed(describeFailure(error, { http: t.zipFailed, other: t.zipFailed }).message);
    }
  };
  return (
    <div className="order-materials__body">
      <p>{t.current(PROGRESS_STEP_NAMES[view.progress.step])}</p>
      {view.items.map((item) => (
        <section key={item.id} aria-label={item.type}>
          <p className="order-materials__item">
            <strong>{item.type}</strong>
          </p>
          {typedLines(item).map((line) => (
            <p key={line} className="order-materials__typed">
              {line}
            </p>
          ))}
          <ul>
            {item.files.map((file) => (
              <li key={file.id}>
                {FILE_SLOT_NAMES[file.slot]}: {file.fileName} ({formatFileSize(file.bytes)})
                {file.preflight && (
                  <ul>
                    <li>{file.preflight.summary}</li>
                    {file.preflight.findings.map((finding) => (
                      <li key={finding.message}>{finding.message}</li>
                    ))}
                    {file.preflight.acceptedAt && <li>{t.accepted}</li>}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {item.missing.length > 0 && <p>{t.missing(item.missing.join(' '))}</p>}
        </section>
      ))}
      <button type="button" className="button button--secondary" onClick={() => void zip()}>
        {t.zip}
      </button>
      {failed && <p role="alert">{failed}</p>}
      <ProgressForm view={view} onChanged={reload} />
    </div>
  );
}

export function OrderMaterials({
  bookingId,
  bookingNumber,
  onChanged,
}: {
  bookingId: number;
  bookingNumber: string;
  onChanged: () => Promise<void>;
}) {
  const [state, setState] = useState<Loadable<{ view: MaterialsView }> | undefined>();
  const load = async () => {
    try {
      setState({ state: 'loaded', view: await fetchMaterials(bookingId) });
    } catch (error) {
      setState({
        state: 'failed',
        message: describeFailure(error, { http: t.loadFailed, other: t.loadFailed }).message,
      });
    }
  };
  return (
    <details
      className="order-materials"
      onToggle={(event) => {
        if (event.currentTarget.open && !state) {
          setState({ state: 'loading' });
          void load();
        }
      }}
    >
      <summary>
        {t.open}
        <span className="visually-hidden"> ({bookingNumber})</span>
      </summary>
      {state?.state === 'loading' && <p role="status">{t.loading}</p>}
      {state?.state === 'failed' && <p role="alert">{state.message}</p>}
      {state?.state === 'loaded' && (
        <Loaded
          view={state.view}
          reload={async () => {
            await load();
            await onChanged();
          }}
        />
      )}
    </details>
  );
}
