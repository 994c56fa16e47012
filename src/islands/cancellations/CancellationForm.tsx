/**
 * /kuendigung, the confirmation page of the cancellation button (§ 312k BGB,
 * docs/product.md#d35-maintenance-terms): what the law lets it ask (kind, and the reason of an
 * extraordinary one; name and e-mail; the order; the wished end) and 'Jetzt kündigen', which sends
 * the cancellation at once; then the cancellation with the date and time it was received, to keep.
 * No account is needed; a logged-in customer finds name and address filled in.
 */
import { useState } from 'react';
import { sendCancellation } from '../../client/cancellations.ts';
import { describeFailure } from '../../client/failures.ts';
import { CANCELLATION_KIND_NAMES, CancellationSchema, type CancellationView } from '../../lib/cancellations.ts';
import { formatGermanDate, todayInGermany } from '../../lib/dates.ts';
import { DeclarationDetails, Received, usePrefill } from '../declarations/parts.tsx';
import { FormMessages, SelectField, SubmitButton, TextAreaField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { CANCELLATION_TEXTS as t } from './texts.ts';

const FIELDS = ['name', 'email', 'orderNumber', 'kind', 'reason', 'endDate'] as const;

export default function CancellationForm() {
  const form = useForm(CancellationSchema, FIELDS, { kind: 'ordinary' });
  const [received, setReceived] = useState<CancellationView>();
  usePrefill(form.ready, form.fill);

  if (received) {
    return (
      <Received title={t.doneTitle} receivedAt={received.receivedAt} receivedText={t.receivedAt}>
        <DeclarationDetails
          statement={t.statement(received.orderNumber)}
          details={[
            [t.labels.name, received.name],
            [t.labels.email, received.email],
            [t.labels.orderNumber, received.orderNumber || t.noBookingNumber],
            [t.labels.kind, CANCELLATION_KIND_NAMES[received.kind]],
            ...(received.kind === 'extraordinary' ? [[t.labels.reason, received.reason] as const] : []),
            [t.labels.endDate, received.endDate ? formatGermanDate(received.endDate) : t.earliestPossible],
          ]}
        />
        <p>{t.confirmationSent(received.email)}</p>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t.print}
        </button>
      </Received>
    );
  }

  const send = async (declaration: Parameters<typeof sendCancellation>[0]) => {
    try {
      setReceived(await sendCancellation(declaration));
    } catch (failure) {
      form.setFormError(describeFailure(failure, { http: t.failed, other: t.failed }).message);
    }
  };

  return (
    <form className="form" noValidate onSubmit={form.submit(send)}>
      <SelectField {...form.field('kind')} label={t.kind} options={t.kinds} />
      {form.values.kind === 'extraordinary' && <TextAreaField {...form.field('reason')} label={t.reason} rows={3} />}
      <TextField {...form.field('name')} label={t.name} autoComplete="name" />
      <TextField {...form.field('email')} label={t.email} type="email" inputMode="email" autoComplete="email" />
      <TextField {...form.field('orderNumber')} label={t.orderNumber} autoComplete="off" />
      <TextField {...form.field('endDate')} label={t.endDate} type="date" min={todayInGermany()} />
      <p className="fine-print">{t.earliest}</p>
      <FormMessages error={form.formError && <p>{form.formError}</p>} />
      <SubmitButton ready={form.ready} submitting={form.submitting} label={t.submit} busyLabel={t.sending} />
    </form>
  );
}
