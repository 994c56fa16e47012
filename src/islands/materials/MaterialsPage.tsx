/**
 * /unterlagen?bestellung=…: what the customer hands over for a paid order, per ordered item by its
 * kind (docs/product.md#d36-next-steps), where the order stands, and 'Unterlagen übergeben'. The
 * upload code is loaded with this page only.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchBookings } from '../../client/bookings.ts';
import { describeFailure } from '../../client/failures.ts';
import { fetchMaterials, handOverMaterials } from '../../client/materials.ts';
import { formatGermanDate } from '../../lib/dates.ts';
import { PROGRESS_STEP_NAMES } from '../../lib/progress-steps.ts';
import { formatQuantity } from '../../lib/units.ts';
import type { MaterialItemView, MaterialsView } from '../../server/features/materials/materials.views.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import type { Loadable } from '../loadable.ts';
import { FileSlot } from './FileSlot.tsx';
import { ItemData } from './ItemData.tsx';
import { ProgressFacts } from './ProgressFacts.tsx';
import { MATERIALS_TEXTS as t } from './texts.ts';
import './materials.css';

function Item({ view, item, reload }: { view: MaterialsView; item: MaterialItemView; reload: () => Promise<void> }) {
  return (
    <section className="material-item card" aria-labelledby={`item-${item.id}`}>
      <h3 id={`item-${item.id}`}>{item.type}</h3>
      <p>{t.quantity(formatQuantity(item.quantity, item.unit))}</p>
      {item.model && <p>{t.website.model(item.model.name)}</p>}
      <ItemData bookingId={view.bookingId} item={item} editable={view.editable} onChange={reload} />
      {item.slots.map((slot) => (
        <FileSlot
          key={slot.slot}
          bookingId={view.bookingId}
          itemId={item.id}
          slot={slot}
          files={item.files.filter((file) => file.slot === slot.slot)}
          editable={view.editable}
          onChange={reload}
        />
      ))}
      {item.missing.length > 0 ? (
        <div className="material-item__missing">
          <p>{t.missingTitle}</p>
          <ul>
            {item.missing.map((missing) => (
              <li key={missing}>{missing}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="material-item__complete">{t.complete}</p>
      )}
    </section>
  );
}

function HandOver({ view, reload }: { view: MaterialsView; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  if (view.progress.handedOverAt)
    return <p role="status">{t.handedOver(formatGermanDate(view.progress.handedOverAt))}</p>;
  if (!view.editable) return null;
  const send = async () => {
    setBusy(true);
    setFailed(undefined);
    try {
      await handOverMaterials(view.bookingId);
      await reload();
    } catch (error) {
      setFailed(describeFailure(error, { http: t.handOverFailed, other: t.handOverFailed }).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="material-hand-over">
      <p>{t.handOverHint}</p>
      <button type="button" className="button button--accent" disabled={busy} onClick={() => void send()}>
        {busy ? t.handingOver : t.handOver}
      </button>
      <p role="alert" className="form-message form-message--error">
        {failed}
      </p>
    </section>
  );
}

function Materials({ number }: { number: string }) {
  const [state, setState] = useState<Loadable<{ view: MaterialsView }>>({ state: 'loading' });
  const [bookingId, setBookingId] = useState<number>();

  const reload = useCallback(async () => {
    if (bookingId === undefined) return;
    setState({ state: 'loaded', view: await fetchMaterials(bookingId) });
  }, [bookingId]);

  useEffect(() => {
    fetchBookings().then(
      (bookings) => {
        const found = bookings.find((booking) => booking.bookingNumber === number);
        if (found) setBookingId(found.id);
        else setState({ state: 'failed', message: t.noOrder });
      },
      (error: unknown) =>
        setState({ state: 'failed', message: describeFailure(error, { http: t.failed, other: t.failed }).message }),
    );
  }, [number]);

  useEffect(() => {
    reload().catch((error: unknown) =>
      setState({ state: 'failed', message: describeFailure(error, { http: t.failed, other: t.failed }).message }),
    );
  }, [reload]);

  if (state.state === 'loading') return <p role="status">{t.loading}</p>;
  if (state.state === 'failed') return <p role="alert">{state.message}</p>;
  const { view } = state;
  return (
    <div className="materials">
      <h2>{t.title(view.bookingNumber)}</h2>
      <p className="materials__step">
        {t.step} <strong>{PROGRESS_STEP_NAMES[view.progress.step]}</strong>
      </p>
      <ProgressFacts progress={view.progress} />
      {view.closedReason && <p>{view.closedReason}</p>}
      {view.items.map((item) => (
        <Item key={item.id} view={view} item={item} reload={reload} />
      ))}
      <HandOver view={view} reload={reload} />
      <p>
        <a href="/profilepage">{t.toProfile}</a>
      </p>
    </div>
  );
}

export default function MaterialsPage() {
  const number = new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('bestellung') ?? '';
  const returnTo = `/unterlagen?bestellung=${encodeURIComponent(number)}`;
  return (
    <SignedIn gate={<LoginGate message={t.loginRequired} returnTo={returnTo} />} placeholder={<p>{t.loading}</p>}>
      {() => <Materials number={number} />}
    </SignedIn>
  );
}
