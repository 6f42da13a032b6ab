/**
 * Answers of a project's file routes (`/api/coding-projects/{id}/…`, spec 03 §7.1); the git ones
 * are in answers-web.ts.
 */

/** One file of `file-list`; without metadata only what a name search needs. */
export interface ListedFile {
  name: string;
  path: string;
  type: "file";
  isHidden: boolean;
  size?: number;
  lastModified?: string;
}

/** `GET file-list` (and `GET files`). */
export interface FileListAnswer {
  files: ListedFile[];
  total: number;
  truncated: boolean;
}

/** `POST file-upload`: where each file landed. */
export interface FileUploadAnswer {
  success: true;
  files: { path: string; size: number }[];
}

/** Spec 03 §3 "Reference result": a path and the identifier's range (0-based lines and characters). */
export type Reference = [string, { name: string; start: { line: number; character: number }; end: { line: number; character: number } }];

/** `POST file-content`: the saved file. */
export interface SavedFileAnswer {
  success: true;
  filePath: string;
  size: number;
  error: null;
}

/** `DELETE file`. */
export interface DeletedFileAnswer {
  success: true;
  filePath: string;
}

/**
 * Spec 02 §3 "Project search" response, as the host builds it (`POST search`). Beyond the spec:
 * `column` and `matchLength` place a content or symbol hit in its line (0-based, UTF-16 units, as
 * the editor counts), and `stats.truncated` says the search stopped at its time, byte or file limit.
 */
export interface ProjectSearchAnswer {
  success: boolean;
  totalResults: number;
  results: {
    files: { name: string; path: string; type: string; size: number; lastModified: string }[];
    content: { filePath: string; lineNumber: number; line: string; column?: number; matchLength?: number }[];
    symbols: { symbolName: string; fileName: string; filePath: string; lineNumber: number; preview: string; column?: number; matchLength?: number }[];
  };
  stats: { symbolsFound: number; contentMatches: number; filesFound: number; filesScanned: number; truncated?: boolean };
  errors: string[];
}
