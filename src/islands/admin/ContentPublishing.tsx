/**
 * /admin/inhalte (docs/product.md#d38-content-editor): the way into the content editor (this
 * browser gets its staff-tools cookie first), 'Veröffentlichen' with the build's own German error
 * when content stops it, the record of publishes, each of which can be served again, and each
 * file's saves (ContentHistory).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchReleases, openEditorSession, publishContent, restoreRelease } from '../../client/editor.ts';
import { describeFailure } from '../../client/failures.ts';
import type { ReleasesView } from '../../server/features/editor/editor.views.ts';
import { FormMessages } from '../forms/fields.tsx';
import type { Loadable } from '../loadable.ts';
import { AdminOnly } from './AdminOnly.tsx';
import { useAdminMessages } from './admin-messages.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ContentHistory } from './ContentHistory.tsx';
import { LoadStatus } from './LoadStatus.tsx';
import { ADMIN_TEXTS, CONTENT_TEXTS as t } from './texts.ts';

const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

function Publishing() {
  const messages = useAdminMessages();
  const [editorReady, setEditorReady] = useState(false);
  const [publishing, setPublishing] = useState(false);
  // A publish's outcome stays until the next action: it came after a long wait.
  const [published, setPublished] = useState<string>();
  const [releases, setReleases] = useState<Loadable<{ view: ReleasesView }>>({ state: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      setReleases({ state: 'loaded', view: await fetchReleases() });
    } catch (failure) {
      setReleases({ state: 'failed', message: describeFailure(failure, { http: ADMIN_TEXTS.loadFailed }).message });
    }
  }, []);

  useEffect(() => {
    openEditorSession().then(
      () => setEditorReady(true),
      (failure: unknown) => messages.failed(failure),
    );
    void load();
  }, [load, messages.failed]);

  // Below the button, a phone's screen ends: what a publish or a restore did is brought into view.
  useEffect(() => {
    if (publishing || published || messages.error || messages.success) {
      outcome.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [publishing, published, messages.error, messages.success]);

  // The button stays focusable while a publish runs (a disabled one drops the focus): a click then does nothing.
  const publish = async () => {
    if (publishing) return;
    setPublishing(true);
    setPublished(undefined);
    messages.alert('');
    try {
      const record = await publishContent();
      setPublished(t.published(record.files.length));
    } catch (failure) {
      messages.failed(failure);
    } finally {
      setPublishing(false);
      await load();
    }
  };

  return (
    <>
      <p>{t.intro}</p>
      <p>
        {/* The same button before the cookie is set, so nothing moves when it becomes a link. */}
        {editorReady ? (
          <a className="button" href="/keystatic">
            {t.open}
          </a>
        ) : (
          <span className="button" aria-disabled="true" title={t.opening}>
            {t.open}
          </span>
        )}
      </p>
      <h2>{t.publishTitle}</h2>
      <p>{t.publishHelp}</p>
      <p>
        <button type="button" className="button" onClick={publish} aria-disabled={publishing}>
          {t.publish}
        </button>
      </p>
      {/* In the flow, not pinned to the top as on the other admin screens: a long refusal would cover the tables. */}
      <div className="admin-messages admin-messages--in-flow" aria-live="polite" ref={outcome}>
        {publishing && <p role="status">{t.publishing}</p>}
        {published && <p role="status">{published}</p>}
        <FormMessages
          error={messages.error && <p>{messages.error}</p>}
          success={messages.success && <p>{messages.success}</p>}
        />
      </div>
      <h2 tabIndex={-1} ref={heading}>
        {t.historyTitle}
      </h2>
      <LoadStatus of={releases} />
      {releases.state === 'loaded' &&
        (releases.view.releases.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <>
            {releases.view.current === null && <p>{t.servesBuild}</p>}
            <div className="admin-table-scroll">
              <table className="booking-table">
                <caption className="visually-hidden">{t.historyCaption}</caption>
                <thead>
                  <tr>
                    {[t.when, t.who, t.files, t.action].map((label) => (
                      <th key={label} scope="col">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {releases.view.releases.map((release) => (
                    <tr key={release.id}>
                      <td data-label={t.when}>{formatMoment(release.publishedAt)}</td>
                      <td data-label={t.who}>{release.publishedBy}</td>
                      <td data-label={t.files}>{release.files.length === 0 ? t.noFiles : release.files.join(', ')}</td>
                      <td>
                        {release.id === releases.view.current ? (
                          t.current
                        ) : (
                          <ConfirmAction
                            label={t.restore(formatMoment(release.publishedAt))}
                            question={t.restoreQuestion(formatMoment(release.publishedAt))}
                            confirmLabel={t.restoreYes}
                            focusAfter={heading}
                            onConfirm={async () => {
                              await restoreRelease(release.id);
                              setPublished(undefined);
                              messages.done(t.restored(formatMoment(release.publishedAt)));
                              await load();
                            }}
                            onFailed={(failure) => messages.failed(failure)}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ))}
      <ContentHistory served={releases.state === 'loaded' ? releases.view.current : undefined} />
    </>
  );
}

export default function ContentPublishing() {
  return <AdminOnly path="/admin/inhalte">{() => <Publishing />}</AdminOnly>;
}
