/**
 * The frame of every admin screen: visitors are asked to log in, logged-in customers are told they
 * have no access and may log in with another account; only staff see the screen. The API is the real guard (docs/product.md#d7-admin-guard):
 * this only spares others a screen that would refuse them.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { loginHref } from '../../lib/return-path.ts';
import { $authView } from '../../stores/accounts.ts';
import { verifyStoredSession } from '../../stores/session-check.ts';
import { LoginGate, SignedIn } from '../accounts/SignedIn.tsx';
import './admin.css';
import { ADMIN_TEXTS as t } from './texts.ts';

export function AdminOnly({ path, children }: { path: string; children: () => ReactNode }) {
  const view = useStore($authView);
  useEffect(() => {
    void verifyStoredSession();
  }, []);
  return (
    <SignedIn
      gate={<LoginGate message={t.loginRequired} returnTo={path} register={false} />}
      placeholder={<p>{t.loading}</p>}
    >
      {() =>
        view === 'admin' ? (
          <>
            <nav className="admin-nav" aria-label={t.nav}>
              <a href="/admin/departaments" aria-current={path === '/admin/departaments' ? 'page' : undefined}>
                {t.navCategories}
              </a>
              <a href="/admin/bestellungen" aria-current={path === '/admin/bestellungen' ? 'page' : undefined}>
                {t.navBookings}
              </a>
              <a href="/admin/inhalte" aria-current={path === '/admin/inhalte' ? 'page' : undefined}>
                {t.navContent}
              </a>
            </nav>
            {children()}
          </>
        ) : (
          <div className="notice" role="alert">
            <p>{t.noAccess}</p>
            <p>
              <a className="button" href={loginHref(path)}>
                {t.otherAccount}
              </a>
            </p>
          </div>
        )
      }
    </SignedIn>
  );
}
