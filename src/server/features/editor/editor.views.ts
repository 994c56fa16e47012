/**
 * The content editor's contract (docs/product.md#d26-code-layout, #d38-content-editor): the
 * releases as /editor answers them to the staff's 'Inhalte' page. These routes serve the site's
 * own page only and are not in the API reference, so plain types suffice.
 */

export interface ReleaseRecord {
  id: string;
  publishedAt: string;
  /** The e-mail address of the admin who published. */
  publishedBy: string;
  /** Content files added, changed or removed since the release before (paths inside the content folder). */
  files: string[];
}

export interface ReleasesView {
  /** The served release's id; `null`: the build `npm start` made, before any publish. */
  current: string | null;
  publishing: boolean;
  /** Newest first. */
  releases: ReleaseRecord[];
}

/** A file the editor edits, with its newest save; `deleted`: that save removed it. */
export interface ContentFileView {
  path: string;
  /** The name the editor gives it: 'AGB', 'Branchenseiten: hotel'. */
  label: string;
  savedBy: string;
  savedAt: string;
  deleted: boolean;
}

/** One save of a file; `deleted`: the save removed it. */
export interface RevisionView {
  id: number;
  savedBy: string;
  savedAt: string;
  deleted: boolean;
}

/** A save in its file's list, newest first; `onWebsite`: the website shows this save's text now. */
export interface ListedRevision extends RevisionView {
  onWebsite: boolean;
}

/** A save's text (null: the save removed the file). */
export interface RevisionText extends RevisionView {
  path: string;
  text: string | null;
}
