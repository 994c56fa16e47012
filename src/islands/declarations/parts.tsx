/**
 * The parts every declaration form is made of (docs/product.md#d31-consumer-law,
 * #d35-maintenance-terms): the form filled in from the link and the account, a step's heading that
 * takes the focus (the form kit's), the declaration as a list of its details, and what was received and when.
 */
import { useStore } from '@nanostores/react';
import { Fragment, type ReactNode, useEffect } from 'react';
import { fetchCurrentUser } from '../../client/accounts.ts';
import { BOOKING_NUMBER_PARAMETER, formatReceiptTime, normaliseBookingNumber } from '../../lib/declarations.ts';
import { $isAuthorized } from '../../stores/accounts.ts';
import { StepHeading } from '../forms/fields.tsx';
import type { Values } from '../forms/use-form.ts';
import './declarations.css';

type Declarant = 'name' | 'email' | 'orderNumber';

/** Fills in the order from the link (?bestellung=…) and, for a logged-in customer, name and address. */
export function usePrefill(ready: boolean, fill: (known: Partial<Values<Declarant>>) => void) {
  const isAuthorized = useStore($isAuthorized);
  useEffect(() => {
    if (!ready) return;
    const orderNumber = new URLSearchParams(window.location.search).get(BOOKING_NUMBER_PARAMETER);
    if (orderNumber) fill({ orderNumber: normaliseBookingNumber(orderNumber) });
    if (!isAuthorized) return;
    fetchCurrentUser().then(
      (user) => fill({ name: `${user.firstName} ${user.lastName}`, email: user.email }),
      () => undefined, // the form works without the account's data
    );
  }, [ready, fill, isAuthorized]);
}

/** The declaration in words, then each detail under its label. */
export function DeclarationDetails({
  statement,
  details,
}: {
  statement: string;
  details: readonly (readonly [string, string])[];
}) {
  return (
    <>
      <p className="declaration__statement">{statement}</p>
      <dl className="declaration__details">
        {details.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

/** The receipt on the page: the title, when it was received, then the declaration and what follows. */
export function Received({
  title,
  receivedAt,
  receivedText,
  children,
}: {
  title: string;
  receivedAt: string;
  receivedText: (time: string) => string;
  children: ReactNode;
}) {
  return (
    <section className="declaration">
      <div className="declaration__received">
        <StepHeading>{title}</StepHeading>
        <p>{receivedText(formatReceiptTime(receivedAt))}</p>
      </div>
      {children}
    </section>
  );
}
