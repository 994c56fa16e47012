/** The content editor's calls (staff only; docs/product.md#d38-content-editor), typed by the editor's contract. */
import type {
  ContentFileView,
  ListedRevision,
  ReleaseRecord,
  ReleasesView,
  RevisionText,
} from '../server/features/editor/editor.views.ts';
import { callerFor, type NoBody } from './http.ts';

/** Routes of the site's own server for this page; the API reference leaves them out. */
export interface EditorRoutes {
  'POST editor/session': NoBody;
  'GET editor/releases': ReleasesView;
  'POST editor/publish': ReleaseRecord;
  'POST editor/releases/{id}/restore': NoBody;
  'GET editor/files': ContentFileView[];
  'GET editor/files/revisions': ListedRevision[];
  'GET editor/revisions/{id}': RevisionText;
  'POST editor/revisions/{id}/restore': NoBody;
}

const call = callerFor<EditorRoutes>();

/** A publish builds the whole site: it takes a minute or two, not the usual 10 s. */
const PUBLISH_TIMEOUT_MS = 10 * 60_000;

/** Sets this browser's staff-tools cookie, which the editor's page and its saves need. */
export async function openEditorSession(): Promise<void> {
  await call('POST editor/session');
}

export const fetchReleases = () => call('GET editor/releases').json();

export const publishContent = () => call('POST editor/publish', { timeout: PUBLISH_TIMEOUT_MS }).json();

export async function restoreRelease(id: string): Promise<void> {
  await call(`POST editor/releases/${encodeURIComponent(id)}/restore`);
}

export const fetchContentFiles = () => call('GET editor/files').json();

export const fetchRevisions = (file: string) =>
  call('GET editor/files/revisions', { searchParams: { path: file } }).json();

export const fetchRevision = (id: number) => call(`GET editor/revisions/${id}`).json();

/** Saves revision `id` again, as the file's newest revision. */
export async function restoreRevision(id: number): Promise<void> {
  await call(`POST editor/revisions/${id}/restore`);
}
