/** The content editor's calls (staff only; docs/product.md#d38-content-editor), typed by the server's own answers. */

import type { ReleaseRecord, ReleasesView } from '../server/features/editor/editor.views.ts';
import { api } from './http.ts';

/** A publish builds the whole site: it takes a minute or two, not the usual 10 s. */
const PUBLISH_TIMEOUT_MS = 10 * 60_000;

/** Sets this browser's staff-tools cookie, which the editor's page and its saves need. */
export async function openEditorSession(): Promise<void> {
  await api.post('editor/session');
}

export const fetchReleases = () => api.get('editor/releases').json<ReleasesView>();

export const publishContent = () => api.post('editor/publish', { timeout: PUBLISH_TIMEOUT_MS }).json<ReleaseRecord>();

export async function restoreRelease(id: string): Promise<void> {
  await api.post(`editor/releases/${encodeURIComponent(id)}/restore`);
}
