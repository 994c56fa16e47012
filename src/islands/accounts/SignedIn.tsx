/**
 * Shows `children` to a logged-in visitor and `gate` to everyone else. Both sit in the markup from
 * the first paint and the header's CSS (html[data-auth], set before it) shows the right one, so the
 * page neither flashes the wrong content nor moves; after hydration a logged-in visitor's
 * placeholder becomes the live content in place.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useRef } from 'react';
import { loginHref } from '../../lib/return-path.ts';
import { $isAuthorized, $sessionEnded } from '../../stores/accounts.ts';
import { useFocusIfLost } from '../use-focus-if-lost.ts';
import { useHydrated } from '../use-hydrated.ts';
import { GATE_TEXTS } from './texts.ts';

interface Props {
  gate: ReactNode;
  /** What a logged-in visitor sees until hydration (best the content itself, else of its size). */
  placeholder: ReactNode;
  children: () => ReactNode;
}

export function SignedIn({ gate, placeholder, children }: Props) {
  const hydrated = useHydrated();
  const isAuthorized = useStore($isAuthorized);
  return (
    <>
      <div className="auth-anon">{gate}</div>
      <div className="auth-user">{hydrated ? isAuthorized && children() : placeholder}</div>
    </>
  );
}

/**
 * Said where the server has just refused the session (docs/product.md#d30-ended-sessions): why
 * the page changed, and the way back in to this page. Takes the focus when the control the
 * visitor used went away with the content it replaces.
 */
export function SessionEnded({ returnTo }: { returnTo: string | undefined }) {
  const notice = useRef<HTMLDivElement>(null);
  useFocusIfLost(notice);
  return (
    <div className="notice" role="alert" tabIndex={-1} ref={notice}>
      <p>
        <strong>{GATE_TEXTS.sessionEnded}</strong>
      </p>
      <p className="button-row">
        <a className="button" href={loginHref(returnTo)}>
          {GATE_TEXTS.loginAgain}
        </a>
      </p>
    </div>
  );
}

interface GateProps {
  message: string;
  /** Where the login page sends the visitor back to. */
  returnTo?: string;
  /** Offer 'Registrieren' beside the login link. */
  register?: boolean;
  loginLabel?: string;
}

/**
 * The prompt in place of what needs an account: the message, then Registrieren and Login; once
 * the server has refused this page's session, the words for that instead.
 */
export function LoginGate({ message, returnTo, register = true, loginLabel = GATE_TEXTS.login }: GateProps) {
  // After hydration only: the shell may learn of the refusal before the island hydrates its markup.
  const hydrated = useHydrated();
  const sessionEnded = useStore($sessionEnded);
  if (hydrated && sessionEnded) return <SessionEnded returnTo={returnTo} />;
  return (
    <div className="notice">
      <p>
        <strong>{message}</strong>
      </p>
      <p className="button-row">
        {register && (
          <a className="button" href="/register">
            {GATE_TEXTS.register}
          </a>
        )}
        <a className={register ? 'button button--secondary' : 'button'} href={loginHref(returnTo)}>
          {loginLabel}
        </a>
      </p>
    </div>
  );
}
