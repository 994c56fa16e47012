/**
 * /widerruf, the withdrawal function (docs/product.md#d31-consumer-law): the declaration (name,
 * e-mail, order number, an optional reason; prefilled from the link and the account), then the
 * declaration once more with 'Widerruf bestätigen', then what was received and when. No account
 * is needed.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { fetchCurrentUser } from '../../client/accounts.ts';
import { describeFailure } from '../../client/failures.ts';
import { sendWithdrawal } from '../../client/withdrawals.ts';
import {
  formatReceiptTime,
  normaliseOrderNumber,
  type WithdrawalDeclaration,
  WithdrawalSchema,
  type WithdrawalView,
} from '../../lib/withdrawals.ts';
import { $isAuthorized } from '../../stores/accounts.ts';
import { FormMessages, SubmitButton, TextAreaField, TextField } from '../forms/fields.tsx';
import { useForm } from '../forms/use-form.ts';
import { WITHDRAWAL_TEXTS as t } from './texts.ts';
import './withdrawals.css';

const FIELDS = ['name', 'email', 'orderNumber', 'reason'] as const;

/** The query parameter the profile's and the order mail's links carry. */
export const ORDER_PARAMETER = 'bestellung';

function Declaration({ declaration }: { declaration: WithdrawalDeclaration }) {
  return (
    <>
      <p className="withdrawal__statement">{t.statement(declaration.orderNumber)}</p>
      <dl className="withdrawal__details">
        <dt>{t.labels.name}</dt>
        <dd>{declaration.name}</dd>
        <dt>{t.labels.email}</dt>
        <dd>{declaration.email}</dd>
        <dt>{t.labels.orderNumber}</dt>
        <dd>{declaration.orderNumber || t.noOrderNumber}</dd>
        <dt>{t.labels.reason}</dt>
        <dd>{declaration.reason || t.noReason}</dd>
      </dl>
    </>
  );
}

/** A step's heading takes the focus, so a screen reader hears where the visitor is now. */
function StepHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 tabIndex={-1} ref={heading}>
      {children}
    </h2>
  );
}

export default function WithdrawalForm() {
  const form = useForm(WithdrawalSchema, FIELDS);
  const isAuthorized = useStore($isAuthorized);
  const [review, setReview] = useState<WithdrawalDeclaration>();
  const [received, setReceived] = useState<WithdrawalView>();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string>();
  const { ready, fill } = form;

  useEffect(() => {
    if (!ready) return;
    const orderNumber = new URLSearchParams(window.location.search).get(ORDER_PARAMETER);
    if (orderNumber) fill({ orderNumber: normaliseOrderNumber(orderNumber) });
    if (!isAuthorized) return;
    fetchCurrentUser().then(
      (user) => fill({ name: `${user.firstName} ${user.lastName}`, email: user.email }),
      () => undefined, // the form works without the account's data
    );
  }, [ready, fill, isAuthorized]);

  if (received) {
    return (
      <section className="withdrawal">
        <div className="withdrawal__received">
          <StepHeading>{t.doneTitle}</StepHeading>
          <p>{t.receivedAt(formatReceiptTime(received.receivedAt))}</p>
        </div>
        <Declaration declaration={received} />
        <p>{t.receiptSent(received.email)}</p>
        <p>{t.nextSteps}</p>
      </section>
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
      <section className="withdrawal">
        <StepHeading>{t.reviewTitle}</StepHeading>
        <Declaration declaration={review} />
        <FormMessages error={failed && <p>{failed}</p>} />
        <div className="withdrawal__actions">
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
