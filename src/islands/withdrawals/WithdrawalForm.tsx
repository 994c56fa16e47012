/**
 * /widerruf, the withdrawal function (docs/product.md#d31-consumer-law): the declaration (name,
 * e-mail, booking number, an optional reason; prefilled from the link and the account), then the
 * declaration once more with 'Widerruf bestätigen', then what was received and when. No account
 * is needed.
 */
import { useState } from 'react';
import { describeFailure } from '../../client/failures.ts';
import { sendWithdrawal } from '../../client/withdrawals.ts';
import { type WithdrawalDeclaration, WithdrawalSchema, type WithdrawalView } from '../../lib/withdrawals.ts';
import { DeclarationDetails, Received, usePrefill } from '../declarations/parts.tsx';
import { FormMessages, StepHeading, SubmitButton, TextAreaField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { WITHDRAWAL_TEXTS as t } from './texts.ts';

const FIELDS = ['name', 'email', 'orderNumber', 'reason'] as const;

function Declaration({ declaration }: { declaration: WithdrawalDeclaration }) {
  return (
    <DeclarationDetails
      statement={t.statement(declaration.orderNumber)}
      details={[
        [t.labels.name, declaration.name],
        [t.labels.email, declaration.email],
        [t.labels.orderNumber, declaration.orderNumber || t.noBookingNumber],
        [t.labels.reason, declaration.reason || t.noReason],
      ]}
    />
  );
}

export default function WithdrawalForm() {
  const form = useForm(WithdrawalSchema, FIELDS);
  const [review, setReview] = useState<WithdrawalDeclaration>();
  const [received, setReceived] = useState<WithdrawalView>();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string>();
  usePrefill(form.ready, form.fill);

  if (received) {
    return (
      <Received title={t.doneTitle} receivedAt={received.receivedAt} receivedText={t.receivedAt}>
        <Declaration declaration={received} />
        <p>{t.receiptSent(received.email)}</p>
        <p>{t.nextSteps}</p>
      </Received>
    );
  }

  if (review) {
    const confirm = async () => {
      setSending(true);
      setFailed(undefined);
      try {
        setReceived(await sendWithdrawal(review));
      } catch (failure) {
        setFailed(describeFailure(failure, { http: t.failed, other: t.failed }).message);
      } finally {
        setSending(false);
      }
    };
    return (
      <section className="declaration">
        <StepHeading>{t.reviewTitle}</StepHeading>
        <Declaration declaration={review} />
        <FormMessages error={failed && <p>{failed}</p>} />
        <div className="declaration__actions">
          <button
            type="button"
            className="button button--accent"
            aria-disabled={sending || undefined}
            onClick={() => !sending && void confirm()}
          >
            {sending ? t.confirming : t.confirm}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setReview(undefined)}>
            {t.change}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="form" noValidate onSubmit={form.submit(async (declaration) => setReview(declaration))}>
      <TextField {...form.field('name')} label={t.name} autoComplete="name" />
      <TextField {...form.field('email')} label={t.email} type="email" inputMode="email" autoComplete="email" />
      <TextField {...form.field('orderNumber')} label={t.orderNumber} autoComplete="off" />
      <TextAreaField {...form.field('reason')} label={t.reason} rows={3} />
      <FormMessages error={form.formError && <p>{form.formError}</p>} />
      <SubmitButton ready={form.ready} submitting={form.submitting} label={t.next} busyLabel={t.next} />
    </form>
  );
}
