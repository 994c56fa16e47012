/** What an admin screen shows of data it loads: a wait, or the German failure (with a retry where one helps); nothing once loaded. */
import type { Loadable } from '../loadable.ts';
import { ADMIN_TEXTS } from './texts.ts';

export function LoadStatus({ of, onRetry }: { of: Loadable<object>; onRetry?: () => void }) {
  if (of.state === 'loading') return <p role="status">{ADMIN_TEXTS.loading}</p>;
  if (of.state === 'loaded') return null;
  return (
    <div className="notice" role="alert">
      <p>{of.message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {ADMIN_TEXTS.retry}
        </button>
      )}
    </div>
  );
}
