/**
 * Each content file's saves on /admin/inhalte (docs/product.md#d38-content-editor): who saved
 * when, what a save changed (a line diff against the save before it), and an earlier save
 * saved again as the newest one, never a rewrite of the history.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fetchContentFiles, fetchRevision, fetchRevisions, restoreRevision } from '../../client/editor.ts';
import { describeFailure } from '../../client/failures.ts';
import { IMPORT_AUTHOR, SEED_AUTHOR } from '../../lib/content-authors.ts';
import { type DiffLine, lineDiff } from '../../lib/text-diff.ts';
import type { ContentFileView, ListedRevision, RevisionView } from '../../server/features/editor/editor.views.ts';
import { FormMessages } from '../forms/fields.tsx';
import type { Loadable } from '../loadable.ts';
import { useAdminMessages } from './admin-messages.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { LoadStatus } from './LoadStatus.tsx';
import { ADMIN_TEXTS, CONTENT_HISTORY_TEXTS as t } from './texts.ts';

const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Berlin' });

/** Who saved, as an editor reads it: an admin's address, or where the install's own saves came from. */
const authorOf = (savedBy: string) =>
  savedBy === SEED_AUTHOR ? t.seedAuthor : savedBy === IMPORT_AUTHOR ? t.importAuthor : savedBy;

/** The files by their names, and the one saved last (where an editor most likely goes on). */
function arranged(files: ContentFileView[]): { files: ContentFileView[]; newest?: string } {
  const newest = files.reduce<ContentFileView | undefined>(
    (found, file) => (found && found.savedAt >= file.savedAt ? found : file),
    undefined,
  );
  return { files: files.toSorted((a, b) => a.label.localeCompare(b.label, 'de')), newest: newest?.path };
}

/** The lines a save changed, and a few around each change for orientation; shown below the list, so it takes the focus. */
function Changes({ lines, id, title }: { lines: DiffLine[]; id: string; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const near = (index: number) => lines.slice(Math.max(0, index - 2), index + 3).some((line) => line.kind !== 'same');
  const shown = lines.map((line, index) => ({ ...line, index })).filter((line) => near(line.index));
  return (
    <div id={id} className="content-changes">
      <h3 tabIndex={-1} ref={heading}>
        {title}
      </h3>
      {shown.length === 0 ? (
        <p>{t.unchanged}</p>
      ) : (
        <ol className="content-changes__lines">
          {shown.map((line) => (
            <li key={line.index} value={line.index + 1} className={`content-changes__${line.kind}`}>
              {line.kind === 'added' && (
                <ins>
                  <span aria-hidden="true">+ </span>
                  <span className="visually-hidden">{t.addedLine}</span>
                  {line.text || ' '}
                </ins>
              )}
              {line.kind === 'removed' && (
                <del>
                  <span aria-hidden="true">− </span>
                  <span className="visually-hidden">{t.removedLine}</span>
                  {line.text || ' '}
                </del>
              )}
              {line.kind === 'same' && (line.text || ' ')}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** `served`: the release the website shows (null: the install's own build); another one changes which save is on it. */
/** Saves shown at first, and added by each 'Ältere Fassungen zeigen'. */
const PAGE = 20;

export function ContentHistory({ served }: { served?: string | null }) {
  const messages = useAdminMessages();
  const [files, setFiles] = useState<Loadable<{ files: ContentFileView[] }>>({ state: 'loading' });
  const [file, setFile] = useState<string>();
  // The file whose saves are wanted now: an answer for another, chosen before, arrives too late to show.
  const wanted = useRef<string>(undefined);
  const [revisions, setRevisions] = useState<Loadable<{ revisions: ListedRevision[] }>>({ state: 'loading' });
  const [changes, setChanges] = useState<{ id: number; lines: DiffLine[] }>();
  // What a restore did stays until the next action: it says the step that is still to do.
  const [restored, setRestored] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  // A page saved over years has hundreds of saves: the newest are shown, older ones on request.
  const [shown, setShown] = useState(PAGE);
  // The first row 'Ältere Fassungen zeigen' added: the focus goes there, as the button may be gone.
  const [firstAdded, setFirstAdded] = useState<number>();
  const rows = useRef<HTMLTableSectionElement>(null);
  const selectId = useId();
  const changesId = useId();

  useEffect(() => {
    if (firstAdded === undefined) return;
    rows.current?.rows[firstAdded]?.querySelector('button')?.focus();
    setFirstAdded(undefined);
  }, [firstAdded]);

  useEffect(() => {
    fetchContentFiles().then(
      (found) => {
        const { files: sorted, newest } = arranged(found);
        setFiles({ state: 'loaded', files: sorted });
        setFile(newest);
      },
      (failure: unknown) =>
        setFiles({ state: 'failed', message: describeFailure(failure, { http: ADMIN_TEXTS.loadFailed }).message }),
    );
  }, []);

  const load = useCallback(async (path: string) => {
    // Another file's saves give way to 'loading'; the same file's stay until the new list is there.
    if (wanted.current !== path) {
      setRevisions({ state: 'loading' });
      setShown(PAGE);
    }
    wanted.current = path;
    setChanges(undefined);
    setRestored(undefined);
    try {
      const found = await fetchRevisions(path);
      if (wanted.current === path) setRevisions({ state: 'loaded', revisions: found });
    } catch (failure) {
      if (wanted.current !== path) return;
      setRevisions({ state: 'failed', message: describeFailure(failure, { http: ADMIN_TEXTS.loadFailed }).message });
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another served release moves the mark 'Auf der Website'
  useEffect(() => {
    if (file) void load(file);
  }, [file, served, load]);

  /** What save `index` of the list changed: its text against the save before it (the next in the list). */
  const showChanges = async (list: RevisionView[], index: number) => {
    const revision = list[index];
    if (!revision) return;
    if (changes?.id === revision.id) return setChanges(undefined);
    try {
      const before = list[index + 1];
      const [after, earlier] = await Promise.all([
        fetchRevision(revision.id),
        before ? fetchRevision(before.id) : undefined,
      ]);
      if (wanted.current === after.path)
        setChanges({ id: revision.id, lines: lineDiff(earlier?.text ?? '', after.text ?? '') });
    } catch (failure) {
      messages.failed(failure, t.changesFailed);
    }
  };

  if (files.state !== 'loaded') return <LoadStatus of={files} />;
  const list = revisions.state === 'loaded' ? revisions.revisions : [];
  const onWebsiteAt = list.findIndex((revision) => revision.onWebsite);
  /** Where save `index` stands: on the website, saved after what the website shows, or neither (no mark). */
  const standing = (index: number) => {
    const text =
      index === onWebsiteAt ? t.onWebsite : onWebsiteAt < 0 || index < onWebsiteAt ? t.notOnWebsite : undefined;
    return (
      text && (
        <span className="content-history__standing" data-on-website={index === onWebsiteAt || undefined}>
          {text}
        </span>
      )
    );
  };
  const shownChanges = changes && list.find((revision) => revision.id === changes.id);
  const label = files.files.find((entry) => entry.path === file)?.label ?? file ?? '';
  return (
    <>
      <h2 tabIndex={-1} ref={heading}>
        {t.title}
      </h2>
      <p>{t.help}</p>
      <p className="content-history__file">
        <label htmlFor={selectId}>{t.file}</label>
        <select id={selectId} value={file} onChange={(event) => setFile(event.target.value)}>
          {files.files.map((entry) => (
            <option key={entry.path} value={entry.path}>
              {entry.deleted ? t.removedFile(entry.label) : entry.label}
            </option>
          ))}
        </select>
      </p>
      <div className="content-history__messages" aria-live="polite">
        {restored && <p role="status">{restored}</p>}
        <FormMessages
          error={messages.error && <p>{messages.error}</p>}
          success={messages.success && <p>{messages.success}</p>}
        />
      </div>
      <LoadStatus of={revisions} />
      {file && revisions.state === 'loaded' && (
        <>
          <div className="admin-table-scroll">
            <table className="booking-table">
              <caption className="visually-hidden">{t.caption(label)}</caption>
              <thead>
                <tr>
                  {[t.when, t.who, t.action].map((label) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody ref={rows}>
                {list.slice(0, shown).map((revision, index) => (
                  <tr key={revision.id}>
                    <td data-label={t.when}>
                      {formatMoment(revision.savedAt)}
                      {revision.deleted && t.removed}
                      {standing(index)}
                    </td>
                    <td data-label={t.who} className="content-history__who">
                      {authorOf(revision.savedBy)}
                    </td>
                    <td>
                      <div className="content-history__actions">
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={(changes?.id === revision.id ? t.hideLabel : t.showLabel)(
                            formatMoment(revision.savedAt),
                          )}
                          aria-expanded={changes?.id === revision.id}
                          aria-controls={changes?.id === revision.id ? changesId : undefined}
                          onClick={() => showChanges(list, index)}
                        >
                          {changes?.id === revision.id ? t.hide : t.show}
                        </button>
                        {/* A removal is no text to bring back: the save before it is. */}
                        {index > 0 && !revision.deleted && (
                          <ConfirmAction
                            label={t.restoreLabel(formatMoment(revision.savedAt))}
                            shortLabel={t.restore}
                            question={t.restoreQuestion(label, formatMoment(revision.savedAt))}
                            confirmLabel={t.restoreYes}
                            focusAfter={heading}
                            onConfirm={async () => {
                              await restoreRevision(revision.id);
                              // A file brought back is no longer marked removed in the choice.
                              const [found] = await Promise.all([fetchContentFiles(), load(file)]);
                              setFiles({ state: 'loaded', files: arranged(found).files });
                              setRestored(t.restored(label, formatMoment(revision.savedAt)));
                            }}
                            onFailed={(failure) => messages.failed(failure, t.restoreFailed)}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.length > shown && (
            <button
              type="button"
              className="button button--secondary content-history__older"
              onClick={() => {
                setFirstAdded(shown);
                setShown(shown + PAGE);
              }}
            >
              {t.showOlder(list.length - shown)}
            </button>
          )}
        </>
      )}
      {changes && shownChanges && (
        <Changes
          key={changes.id}
          id={changesId}
          lines={changes.lines}
          title={t.changesTitle(label, formatMoment(shownChanges.savedAt))}
        />
      )}
    </>
  );
}
