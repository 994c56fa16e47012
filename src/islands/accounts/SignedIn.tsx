/**
 * Shows `children` to a logged-in visitor and `gate` to everyone else. Before hydration both are
 * in the markup and the header's CSS (html[data-auth], set before the first paint) shows the
 * right one, so the page neither flashes the wrong content nor shifts.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $isAuthorized } from '../../stores/accounts.ts';
import { useHydrated } from '../use-hydrated.ts';
import { loginHref } from './return-path.ts';
import { GATE_TEXTS } from './texts.ts';

interface Props {
  gate: ReactNode;
  /** What a logged-in visitor sees until hydration (same size as the content, to avoid a shift). */
  placeholder: ReactNode;
  children: () => ReactNode;
}

export function SignedIn({ gate, placeholder, children }: Props) {
  const hydrated = useHydrated();
  const isAuthorized = useStore($isAuthorized);
  if (!hydrated) {
    return (
      <>
        <div className="auth-anon">{gate}</div>
        <div className="auth-user">{placeholder}</div>
      </>
    );
  }
  return isAuthorized ? children() : gate;
}

/** The prompt in place of what needs an account: the message, then Registrieren and Login. */
export function LoginGate({ message, returnTo }: { message: string; returnTo?: string }) {
  return (
    <div className="notice">
      <p>
        <strong>{message}</strong>
      </p>
      <p className="button-row">
        <a className="button" href="/register">
          {GATE_TEXTS.register}
        </a>
        <a className="button button--secondary" href={loginHref(returnTo)}>
          {GATE_TEXTS.login}
        </a>
      </p>
    </div>
  );
}
