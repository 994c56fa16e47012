/**
 * Shows `children` to a logged-in visitor and `gate` to everyone else. Both sit in the markup from
 * the first paint and the header's CSS (html[data-auth], set before it) shows the right one, so the
 * page neither flashes the wrong content nor moves; after hydration a logged-in visitor's
 * placeholder becomes the live content in place.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $isAuthorized } from '../../stores/accounts.ts';
import { useHydrated } from '../use-hydrated.ts';
import { loginHref } from './return-path.ts';
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

interface GateProps {
  message: string;
  /** Where the login page sends the visitor back to. */
  returnTo?: string;
  /** Offer 'Registrieren' beside the login link. */
  register?: boolean;
  loginLabel?: string;
}

/** The prompt in place of what needs an account: the message, then Registrieren and Login. */
export function LoginGate({ message, returnTo, register = true, loginLabel = GATE_TEXTS.login }: GateProps) {
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
